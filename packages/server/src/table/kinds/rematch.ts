/**
 * Everyone accepted the rematch: the new table, its seats' players (the same people: profiles, ratings) and
 * this table's pointer to it are stored in one transaction. A failure between them leaves none of it (no
 * started table nobody is told of, no pointer to a table that is not there), and the players may accept again.
 */
import type { ChangeKind } from '../change-kind.js';

export const rematchChange: ChangeKind<'rematch'> = {
  async commit({ table, patch }, site) {
    const { storage } = site;
    const from = site.copy.meta.id;
    const to = patch.play?.rematch?.seats ?? [];
    const players = await Promise.all(to.map((_, seat) => storage.accounts.seatPlayer(from, seat)));
    await storage.accounts.sql.tx(async (sql) => {
      await storage.createTable(table, sql);
      for (const [seat, next] of to.entries()) {
        const player = players[seat];
        if (player) await storage.accounts.setSeatPlayer(table.id, next, player, sql);
      }
      await storage.updateTable(from, patch, sql);
    });
    return null;
  },
  apply(change, _stored, { copy }) {
    copy.meta = change.meta;
  },
  publish: (_change, _stored, site) => site.publishTable(),
};
