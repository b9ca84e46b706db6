/**
 * The events' director: starts each event at its time, makes the tables of its pairings, reads their
 * results, and pairs the next round (Swiss, Tribes) or the players who came free (arena), until the event
 * is over. Every server process runs one; each event is directed by the process holding its lease
 * (event-leases.ts), so with several processes on one database there is one director per event, the
 * events spread over the processes, and an event whose process died is taken over by the next to look.
 * Everything it knows is in storage, read afresh each look: a pairing's row and its table are written in
 * one transaction (a crash leaves both or neither), a round moves on only if it is still the round the
 * director read (`advance`), so a restart or a takeover picks up exactly where the last look stopped.
 */
import type { CreateTable } from '@attila/protocol';
import { finalRanking } from '@attila/ratings';
import type { Logger } from 'pino';
import type { Lobby } from '../lobby.js';
import type { NewTable } from '../table-request.js';
import type { Storage } from '../storage/types.js';
import { hashToken } from '../tokens.js';
import { SoloEventLeases, type EventLeases } from './event-leases.js';
import { EventStore, type StoredEntry, type StoredEvent, type StoredEventGame } from './event-store.js';
import { Events } from './events.js';
import { ROUND_CLOSED, roundEndsAt } from './round-deadline.js';
import { nextStart, type ScheduleEntry } from './schedule.js';
import { nextArenaGames, nextRound } from './standings.js';
import { noShows } from './withdrawal-rule.js';

export interface DirectorDeps {
  readonly lobby: Lobby;
  readonly storage: Storage;
  readonly log: Logger;
  readonly now: () => number;
  /** The seat token derived for an account (bot-api/bearer.ts `seatToken`): each player fetches theirs. */
  readonly seatToken: (table: string, seat: number, playerId: string) => string;
  /** Called after each look at an event that changed it (the routes tell the event's watchers). */
  readonly changed?: (eventId: string) => void;
  /** Which events this process directs (one lease per event); absent: all of them (one process). */
  readonly leases?: EventLeases;
  /** The operator's scheduled events (schedule.ts): each keeps its next occurrence created. */
  readonly schedule?: readonly ScheduleEntry[];
  /**
   * Called once for each person the event seated at a new table, after it is stored and open (the server
   * sends a Web Push notice: their page may be closed). Never awaited: a slow push service delays no round.
   */
  readonly called?: (playerId: string, call: EventCall) => void;
}

/** A player's new game in an event: what their notice says and where it leads. */
export interface EventCall {
  readonly table: string;
  readonly game: 'knights' | 'tribes';
  readonly event: string;
  readonly eventName: string;
}

export const DEFAULT_DIRECTOR_TICK_MS = 1000;

export class EventDirector {
  readonly store: EventStore;
  private readonly leases: EventLeases;
  private timer: NodeJS.Timeout | null = null;
  private look: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly deps: DirectorDeps,
    private readonly tickMs: number = DEFAULT_DIRECTOR_TICK_MS,
  ) {
    this.store = new EventStore(deps.storage.accounts.sql);
    this.leases = deps.leases ?? new SoloEventLeases();
  }

  start(): void {
    if (this.timer) return;
    this.stopped = false;
    const tick = () => {
      if (this.stopped || this.look) return;
      this.look = this.lookAll()
        .catch((e: unknown) => this.deps.log.error({ err: e }, 'events: a look failed; trying again'))
        .finally(() => {
          this.look = null;
        });
    };
    this.timer = setInterval(tick, this.tickMs);
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.look;
    // The others take these events over at their next look, not after the leases lapse.
    await this.leases.releaseAll();
  }

  /** The events this process directs now. */
  directing(): string[] {
    return this.leases.held();
  }

  /**
   * One look: the scheduled events' next occurrences (every process makes them: the database's key keeps
   * each once), then every event not finished whose lease this process holds.
   */
  async lookAll(): Promise<void> {
    await this.ensureScheduled();
    for (const event of await this.store.unfinished()) {
      if (this.stopped) return;
      if (!(await this.leases.hold(event.id))) continue;
      try {
        if (await this.step(event)) this.deps.changed?.(event.id);
      } catch (e) {
        this.deps.log.error({ err: e, event: event.id }, 'events: directing an event failed');
      }
    }
  }

  /** Creates each schedule entry's next occurrence (once: its id is the entry's and the start's). */
  private async ensureScheduled(): Promise<void> {
    const schedule = this.deps.schedule ?? [];
    if (schedule.length === 0) return;
    const events = new Events({
      storage: this.deps.storage,
      now: this.deps.now,
      seatToken: this.deps.seatToken,
    });
    for (const entry of schedule) {
      const startsAt = nextStart(entry, this.deps.now());
      if (await this.store.get(`${entry.id}-${startsAt}`)) continue;
      const made = await events.create(null, { ...entry.event, private: false, startsAt }, entry.id);
      if (made.ok)
        this.deps.log.info({ event: made.value.id, schedule: entry.id }, 'scheduled event created');
      else if (made.error.code !== 'event.joined')
        this.deps.log.error({ schedule: entry.id, error: made.error }, 'a scheduled event was refused');
    }
  }

  /** Moves one event on as far as it can now; true when something changed. */
  private async step(event: StoredEvent): Promise<boolean> {
    const now = this.deps.now();
    if (event.status === 'upcoming') {
      if (now < event.body.startsAt) return false;
      if (!(await this.store.advance(event.id, event, { status: 'running', round: 0 }))) return false;
      this.deps.log.info({ event: event.id }, 'event started');
      event = { ...event, status: 'running' };
    }
    let changed = await this.settle(event);
    const entries = await this.store.entries(event.id);
    const games = await this.store.games(event.id);
    const open = games.some((g) => !g.over);
    if (event.body.format === 'arena') {
      if (now >= (event.body.endsAt ?? 0)) {
        if (!open) return (await this.finish(event)) || changed;
        return changed;
      }
      const pairs = nextArenaGames(event, entries, games, await this.blocksAmong(entries));
      let ordinal = games.length;
      for (const players of pairs) {
        if (await this.createTables(event, 0, [{ players, bye: false }], ordinal, null)) changed = true;
        ordinal++;
      }
      return changed;
    }
    // Swiss and Tribes rounds: the next round once every game of this one is over, or its deadline passed.
    if (open) {
      const deadline = roundEndsAt(event, games);
      if (deadline !== null && now >= deadline) await this.closeRound(event, games);
      return changed;
    }
    if (event.round >= (event.body.rounds ?? 0)) return (await this.finish(event)) || changed;
    const active = entries.filter((e) => e.withdrawnAt === null);
    if (event.round === 0 && active.length < 2) {
      this.deps.log.info({ event: event.id }, 'event ended at its start: fewer than two entrants');
      return (await this.finish(event)) || changed;
    }
    const seatings = nextRound(event, entries, games, await this.blocksAmong(entries));
    if (seatings.length === 0 && active.length > 0) {
      // Too few for a table (Tribes without bots): the event cannot go on.
      return (await this.finish(event)) || changed;
    }
    return (await this.createTables(event, event.round + 1, seatings, games.length, event.round)) || changed;
  }

  /**
   * A correspondence round's deadline passed: each game still under way is decided on its clock, the player
   * to move losing (hard-deadline.ts). The next look records the results and pairs the next round.
   */
  private async closeRound(event: StoredEvent, games: readonly StoredEventGame[]): Promise<void> {
    for (const g of games) {
      if (g.over || g.round !== event.round || g.tableId === null) continue;
      const table = await this.deps.lobby.open(g.tableId);
      if (!table) continue;
      await table.sync();
      const r = await table.submit({ kind: 'deadline', reason: ROUND_CLOSED });
      if (r.ok)
        this.deps.log.info({ event: event.id, table: g.tableId }, 'event game decided at the round deadline');
      else
        this.deps.log.warn(
          { event: event.id, table: g.tableId, error: r.error },
          'deciding at the deadline failed',
        );
    }
  }

  /** Entrants of whom one blocked the other, as pair keys both ways: the pairings keep them apart. */
  private async blocksAmong(entries: readonly StoredEntry[]): Promise<Set<string>> {
    const pairs = await this.deps.storage.community.blocksAmong(entries.map((e) => e.playerId));
    return new Set(pairs.flatMap(([a, b]) => [`${a}\n${b}`, `${b}\n${a}`]));
  }

  /**
   * Records the end of each game whose table finished, and withdraws by the rule its no-shows
   * (withdrawal-rule.ts), in one transaction: a crash records both or neither.
   */
  private async settle(event: StoredEvent): Promise<boolean> {
    let changed = false;
    for (const g of await this.store.games(event.id)) {
      if (g.over || g.tableId === null) continue;
      const meta = await this.deps.storage.getTable(g.tableId);
      if (!meta || meta.status !== 'finished') continue;
      const ranking = meta.result ? finalRanking(meta.result, g.players.length) : null;
      const places = ranking && ranking.ok ? ranking.value : null;
      const out = noShows(meta, await this.deps.storage.getMoves(g.tableId), g.players);
      const at = this.deps.now();
      const recorded = await this.store.sql.tx(async (tx) => {
        if (!(await this.store.finishGame(event.id, g.ordinal, places, tx))) return false;
        for (const p of out) await this.store.withdraw(event.id, p, at, tx);
        return true;
      });
      if (recorded) {
        changed = true;
        this.deps.log.info({ event: event.id, table: g.tableId, places, withdrawn: out }, 'event game over');
      }
    }
    return changed;
  }

  private async finish(event: StoredEvent): Promise<boolean> {
    const done = await this.store.advance(
      event.id,
      { status: 'running', round: event.round },
      { status: 'finished', round: event.round, finishedAt: this.deps.now() },
    );
    if (done) {
      this.deps.log.info({ event: event.id }, 'event finished');
      await this.leases.done(event.id);
    }
    return done;
  }

  /**
   * Makes the tables of `seatings` and their rows, with the round's advance when `fromRound` is given (Swiss,
   * Tribes), all in one transaction; then opens the tables. False when another writer moved the event first.
   */
  private async createTables(
    event: StoredEvent,
    round: number,
    seatings: readonly { players: (string | null)[]; bye: boolean }[],
    firstOrdinal: number,
    fromRound: number | null,
  ): Promise<boolean> {
    const entries = new Map((await this.store.entries(event.id)).map((e) => [e.playerId, e]));
    const at = this.deps.now();
    const made: { table: NewTable | null; row: StoredEventGame }[] = [];
    let ordinal = firstOrdinal;
    for (const s of seatings) {
      const table = s.bye ? null : this.tableFor(event, s.players, entries);
      if (!s.bye && !table) continue;
      made.push({
        table,
        row: {
          ordinal: ordinal++,
          round,
          tableId: table?.id ?? null,
          players: s.players,
          places: null,
          over: s.bye,
          createdAt: at,
        },
      });
    }
    const stored = await this.store.sql.tx(async (tx) => {
      if (
        fromRound !== null &&
        !(await this.store.advance(
          event.id,
          { status: 'running', round: fromRound },
          { status: 'running', round },
          tx,
        ))
      )
        return false;
      for (const m of made) {
        await m.table?.write(tx);
        await this.store.addGame(event.id, m.row, tx);
      }
      return true;
    });
    if (!stored) return false;
    for (const m of made) await m.table?.open();
    for (const m of made) {
      if (m.row.tableId === null) continue;
      const call = {
        table: m.row.tableId,
        game: event.body.game,
        event: event.id,
        eventName: event.body.name,
      };
      for (const p of m.row.players) if (p !== null) this.deps.called?.(p, call);
    }
    this.deps.log.info(
      {
        event: event.id,
        round,
        tables: made.map((m) => m.row.tableId),
        players: made.map((m) => m.row.players),
      },
      'event paired',
    );
    return true;
  }

  private tableFor(
    event: StoredEvent,
    players: readonly (string | null)[],
    entries: ReadonlyMap<string, StoredEntry>,
  ): NewTable | null {
    const b = event.body;
    const bots = this.deps.lobby.gameInfo().find((g) => g.game === b.game)?.bots ?? [];
    const bot = bots.includes('medium') ? 'medium' : bots[0];
    const request: CreateTable = {
      game: b.game,
      // Seat 0 moves first: the pairing chose who sits there.
      settings: b.game === 'tribes' ? { players: players.length, firstPlayer: 0 } : {},
      seats: players.map((p) =>
        p === null ? { type: 'bot' as const, bot: bot ?? '' } : { type: 'human' as const },
      ),
      listed: false,
      rated: b.rated,
      clock: b.clock,
      takeover: null,
    };
    const r = this.deps.lobby.prepare(request, {
      address: 'event',
      event: event.id,
      holders: (tableId) =>
        new Map(
          players.flatMap((p, seat) =>
            p === null
              ? []
              : [
                  [
                    seat,
                    {
                      name: entries.get(p)?.name ?? p,
                      tokenHash: hashToken(this.deps.seatToken(tableId, seat, p)),
                      playerId: p,
                    },
                  ] as const,
                ],
          ),
        ),
    });
    if (!r.ok) {
      this.deps.log.error({ event: event.id, players, error: r.error }, 'events: a table was refused');
      return null;
    }
    return r.value;
  }
}
