/**
 * The floor of the load script's measurement (`load.ts --floor`): the least server its Knights clients
 * accept — node's `http` and `ws` on loopback, the Knights engine, and nothing else. No storage, no checks
 * of tokens, sizes, rates or shapes, no clocks, no logging, no security headers; a table lives in a Map and
 * is forgotten when its game ends. It is not a server anyone should run; it says what the transport and the
 * engine alone cost per move on this machine, so that the real server's figure can be read against it.
 *
 * Like the real server it sends a seat's ack and update in one write (the socket corked for the tick), the
 * other seat's update in another, and a presence note to a seat when the other one arrives.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import { DEFAULT_KNIGHTS_SETTINGS, knightsGame, type KnightsState } from '@attila/knights';
import { corkUntilTicksEnd, type Corkable } from '../src/socket-cork.js';

interface FloorTable {
  readonly id: string;
  state: KnightsState;
  seq: number;
  readonly tokens: readonly string[];
  readonly sockets: (WebSocket | null)[];
}

const game = knightsGame;
const tables = new Map<string, FloorTable>();

function snapshot(t: FloorTable, seat: number) {
  const result = game.result(t.state);
  const toAct = result ? [] : game.toAct(t.state);
  return {
    seq: t.seq,
    view: game.view(t.state, 'spectator'),
    toAct,
    legalMoves: toAct.includes(seat) ? game.legalMoves(t.state, seat) : [],
    clock: null,
    result,
  };
}

function body(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (d: Buffer) => (text += d.toString()));
    req.on('end', () => resolve(JSON.parse(text)));
  });
}

const server = createServer((req, res) => {
  void body(req).then(() => {
    res.setHeader('content-type', 'application/json');
    const join = /^\/api\/tables\/([^/]+)\/join$/.exec(req.url ?? '');
    if (join) {
      const t = tables.get(join[1]);
      res.end(JSON.stringify(t ? { seat: 1, token: t.tokens[1] } : {}));
      return;
    }
    const id = randomUUID();
    const setup = game.setup(DEFAULT_KNIGHTS_SETTINGS, id);
    if (!setup.ok) throw new Error(setup.error.message);
    const t: FloorTable = {
      id,
      state: setup.value,
      seq: 0,
      tokens: [randomUUID(), randomUUID()],
      sockets: [null, null],
    };
    tables.set(id, t);
    res.end(JSON.stringify({ table: { id }, token: t.tokens[0] }));
  });
});

/** Messages of one tick to one socket leave in one write, by the real server's own corking. */
function send(ws: WebSocket, text: string): void {
  corkUntilTicksEnd((ws as unknown as { _socket: Corkable })._socket);
  ws.send(text);
}

const sockets = new WebSocketServer({ noServer: true });
server.on('upgrade', (req, socket, head) =>
  sockets.handleUpgrade(req, socket, head, (ws) => {
    let table: FloorTable | null = null;
    let seat = -1;
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString()) as { type: string; table: string; seat: number; move: string };
      if (m.type === 'hello') {
        table = tables.get(m.table) ?? null;
        if (!table) return;
        seat = m.seat;
        table.sockets[seat] = ws;
        send(ws, JSON.stringify({ type: 'welcome', seat, missed: null, snapshot: snapshot(table, seat) }));
        const other = table.sockets[1 - seat];
        if (other) send(other, JSON.stringify({ type: 'table', table: { id: table.id }, snapshot: null }));
        return;
      }
      if (m.type !== 'move' || !table) return;
      const t = table;
      const played = game.play(t.state, seat, m.move);
      if (!played.ok) {
        send(ws, JSON.stringify({ type: 'error', code: played.error.code, message: played.error.message }));
        return;
      }
      t.state = played.value.state;
      t.seq++;
      send(ws, JSON.stringify({ type: 'ack', ref: null, seq: t.seq }));
      t.sockets.forEach((s, viewer) => {
        if (s)
          send(
            s,
            JSON.stringify({
              type: 'update',
              seq: t.seq,
              seat,
              events: played.value.events,
              snapshot: snapshot(t, viewer),
            }),
          );
      });
      if (game.result(t.state)) tables.delete(t.id);
    });
    ws.on('close', () => {
      if (table) table.sockets[seat] = null;
    });
  }),
);

// The load script stops its server with SIGTERM; exiting writes the CPU profiles of `--cpu-prof`.
process.on('SIGTERM', () => process.exit(0));
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(`listening on http://127.0.0.1:${address.port}`);
});
