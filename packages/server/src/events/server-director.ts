/**
 * The events' director as a server process makes it: with other processes on its database, one lease per
 * event (event-leases.ts), lasting three of the director's looks and at least a job's lease; and the call to
 * a player's new event game sent as a Web Push "turn" notice naming the event (push/).
 */
import type { Logger } from 'pino';
import type { Lobby } from '../lobby.js';
import type { Push } from '../push/push.js';
import { tablePath } from '../push/turn-notices.js';
import type { Storage } from '../storage/types.js';
import { DEFAULT_DIRECTOR_TICK_MS, EventDirector } from './director.js';
import { SharedEventLeases } from './event-leases.js';
import type { ScheduleEntry } from './schedule.js';

export interface ServerDirectorDeps {
  readonly lobby: Lobby;
  readonly storage: Storage;
  readonly log: Logger;
  readonly now: () => number;
  readonly seatToken: (table: string, seat: number, playerId: string) => string;
  readonly push: Push;
  /** The process's lease owner when it shares its database with others; null: alone. */
  readonly sharedOwner: string | null;
  /** How long a singleton job's lease lasts (singleton-jobs.ts `jobLeaseTimes`). */
  readonly jobLeaseMs: number;
  readonly tickMs?: number;
  readonly schedule?: readonly ScheduleEntry[];
}

export function serverDirector(d: ServerDirectorDeps): EventDirector {
  const tickMs = d.tickMs ?? DEFAULT_DIRECTOR_TICK_MS;
  return new EventDirector(
    {
      lobby: d.lobby,
      storage: d.storage,
      log: d.log,
      now: d.now,
      leases:
        d.sharedOwner === null
          ? undefined
          : new SharedEventLeases(d.storage, d.sharedOwner, Math.max(d.jobLeaseMs, 3 * tickMs), d.log),
      seatToken: d.seatToken,
      schedule: d.schedule,
      // A new event game is the player's turn to come: a "turn" notice naming the event.
      called: (player, c) =>
        void d.push.notify(player, 'turn', {
          path: tablePath(c.table),
          tag: `table-${c.table}`,
          game: c.game,
          event: c.eventName,
        }),
    },
    tickMs,
  );
}
