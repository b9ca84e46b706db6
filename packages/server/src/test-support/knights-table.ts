/** A Knights table of two people (Aetius made it, Attila joined), both seated over real sockets. */
import type { CreateTableResponse, SeatGrant } from '@attila/protocol';
import { post } from './http.js';
import { seatClients, type Seated } from './play.js';

export async function seatedKnights(url: string): Promise<{ id: string; players: Seated[] }> {
  const created = await post<CreateTableResponse>(url, '/api/tables', {
    game: 'knights',
    settings: {},
    seats: [{ type: 'human' }, { type: 'human' }],
    name: 'Aetius',
  });
  const id = created.body.table.id;
  const j = await post<SeatGrant>(url, `/api/tables/${id}/join`, { name: 'Attila' });
  const players = await seatClients(url, id, [
    { seat: 0, token: created.body.token as string },
    { seat: j.body.seat, token: j.body.token },
  ]);
  return { id, players };
}
