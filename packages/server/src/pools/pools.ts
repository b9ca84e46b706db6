/**
 * The quick-pairing service of one server process. The pools live in the shared store (`PoolStore`), not
 * here: this process only remembers which entries it has a connection for (their event streams).
 *
 * - Joining stores an entry and pairs its pool at once; every `tickMs` each process also pairs every pool
 *   with someone waiting (so bots fill a table when its wait is up, and a gap that has widened is used).
 * - Pairing happens under the pool's lock in the store (`pairUnderLock`), and runs one at a time in this
 *   process, so an entry is paired once however many processes share the store. A table is made through
 *   the lobby's normal creation with every seat taken: each person's seat is held by the token of its
 *   entry (which the client already holds), bots in the others; the table starts at once. The table is
 *   written in the pairing's own transaction, with its entries marked paired: a crash (or a failure) at
 *   any point leaves the table and its marks together or neither, never an orphan table whose players
 *   wait on and are paired again.
 * - Ghosts: an entry is alive while a connection waits for it. The process holding its stream renews
 *   `seen_at` every `touchMs`; an entry not seen for `aliveMs` (its tab closed, its process crashed) is
 *   never paired and is deleted by the next sweep. Paired entries are kept `pairedKeepMs` for a late stream.
 * - Whoever paired, the process holding an entry's stream tells it: at once if it paired it itself, else
 *   at its next tick, when it reads the state of the entries it watches.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { err, ok, type Result } from '@attila/core';
import type { CreateTable, JoinPool, PoolEvent, PoolJoined } from '@attila/protocol';
import { speedClassOf } from '@attila/ratings';
import type { Logger } from 'pino';
import type { Lobby } from '../lobby.js';
import type { NewTable, SeatHolder } from '../table-request.js';
import type { StoredPlayer } from '../storage/accounts.js';
import type { StoredPoolEntry } from '../storage/pool-store.js';
import type { Storage } from '../storage/types.js';
import { seatPlayerOf } from '../seat-players.js';
import { hashToken, newToken, tokenMatches } from '../tokens.js';
import { pairings } from './pairing.js';
import { parsePoolKey, POOL_CLOCKS, poolKey, poolOf, settingsOf, type PoolSpec } from './pool-spec.js';

export interface PoolTimes {
  /** How often this process pairs the pools and reads the entries it watches. */
  readonly tickMs: number;
  /** How often a watched entry's `seen_at` is renewed. */
  readonly touchMs: number;
  /** An entry not seen for this long is dead: never paired, then deleted. */
  readonly aliveMs: number;
  /** A paired entry is kept this long after it joined (a reconnecting stream still learns its table). */
  readonly pairedKeepMs: number;
}

export const DEFAULT_POOL_TIMES: PoolTimes = {
  tickMs: 500,
  touchMs: 2000,
  aliveMs: 10_000,
  pairedKeepMs: 10 * 60_000,
};

const NEWCOMER_RATING = 1500;

export interface PoolDeps {
  readonly storage: Storage;
  /** Rated play refused to a barred player or a leaver (community/community.ts); absent: never refused. */
  readonly mayPlayRated?: (playerId: string) => Promise<Result<void>>;
  readonly lobby: Lobby;
  readonly log: Logger;
  readonly now: () => number;
}

type Listener = (event: PoolEvent) => void;

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export class PoolService {
  private readonly watchers = new Map<string, Set<Listener>>();
  /** How to end each open stream without a word (closing the server): its client reconnects, and waits on. */
  private readonly hangUps = new Set<() => void>();
  private timer: NodeJS.Timeout | null = null;
  /** Pairing runs of this process, one after the other. */
  private running: Promise<unknown> = Promise.resolve();
  private lastTouch = 0;
  private lastExpire = 0;
  private closed = false;

  constructor(
    private readonly deps: PoolDeps,
    private readonly times: PoolTimes = DEFAULT_POOL_TIMES,
  ) {}

  private get store() {
    return this.deps.storage.pools;
  }

  start(): void {
    this.timer = setInterval(() => {
      this.tick().catch((e) => this.deps.log.warn({ err: e }, 'quick pairing tick failed'));
    }, this.times.tickMs);
    this.timer.unref();
  }

  /** `player` waits in the pool `request` names (leaving any pool it waited in). */
  async join(player: StoredPlayer, request: JoinPool): Promise<Result<PoolJoined>> {
    const spec = poolOf(request, player.nameKey !== null);
    if (!spec.ok) return spec;
    if (
      spec.value.rated &&
      (await seatPlayerOf(this.deps.storage.accounts.sql, player))?.kind === 'bot-account'
    )
      return err(
        'pool.rated-bot',
        'rated pools are for people: a bot account joins casual pools (it plays rated games on the bot ladder)',
      );
    if (spec.value.rated && this.deps.mayPlayRated) {
      const allowed = await this.deps.mayPlayRated(player.id);
      if (!allowed.ok) return allowed;
    }
    const pool = poolKey(spec.value);
    const speed = speedClassOf(POOL_CLOCKS[spec.value.speed]);
    const rating =
      (await this.deps.storage.ratings.ratingsOf(player.id)).find(
        (r) => r.game === spec.value.game && r.speed === speed,
      )?.rating.rating ?? NEWCOMER_RATING;
    const token = newToken();
    const now = this.deps.now();
    const entry: StoredPoolEntry = {
      id: randomBytes(12).toString('base64url'),
      pool,
      playerId: player.id,
      name: player.displayName,
      rating,
      tokenHash: hashToken(token),
      botsAfterMs: request.botsAfterSeconds === null ? null : request.botsAfterSeconds * 1000,
      joinedAt: now,
      seenAt: now,
      tableId: null,
      seat: null,
    };
    await this.store.join(entry);
    // Stored, so the join stands: a pairing that fails now (rolled back whole) is tried again at the next tick.
    await this.pairPool(pool).catch((e) => this.deps.log.warn({ err: e, pool }, 'quick pairing failed'));
    return ok({ entry: entry.id, token, pool, joinedAt: now });
  }

  /** Leaves at once; refused with the table if the entry was paired meanwhile. */
  async leave(entryId: string, token: string): Promise<Result<{ left: true }>> {
    const entry = await this.store.entry(entryId);
    if (!entry || !tokenMatches(token, entry.tokenHash))
      return err(
        'pool.not-found',
        'there is no such entry in any pool (it left, expired, or the token is wrong)',
      );
    if (entry.tableId !== null)
      return err(
        'pool.not-found',
        `too late: this entry was paired to table ${entry.tableId}, seat ${entry.seat}`,
      );
    await this.store.leave(entryId, entry.tokenHash);
    this.tell(entryId, { type: 'gone', reason: 'left the pool' });
    return ok({ left: true });
  }

  /**
   * Follows the entry (its player's stream): `listener` hears its state now and when it is paired. The
   * entry stays alive while it is followed. Resolves to the function that stops following.
   */
  async watch(
    entryId: string,
    playerId: string,
    listener: Listener,
    hangUp: () => void = () => undefined,
  ): Promise<Result<() => void>> {
    const entry = await this.store.entry(entryId);
    if (!entry || entry.playerId !== playerId)
      return err('pool.not-found', 'there is no such entry of yours in any pool (it left or expired)');
    const set = this.watchers.get(entryId) ?? new Set<Listener>();
    set.add(listener);
    this.watchers.set(entryId, set);
    this.hangUps.add(hangUp);
    const stop = () => {
      this.hangUps.delete(hangUp);
      set.delete(listener);
      if (set.size === 0 && this.watchers.get(entryId) === set) this.watchers.delete(entryId);
    };
    if (entry.tableId !== null && entry.seat !== null) {
      listener({ type: 'paired', table: entry.tableId, seat: entry.seat });
    } else {
      await this.store.touch([entryId], this.deps.now());
      const waiting = (await this.store.waitingCounts(this.aliveSince())).get(entry.pool) ?? 1;
      listener({ type: 'waiting', joinedAt: entry.joinedAt, waiting });
    }
    return ok(stop);
  }

  private aliveSince(): number {
    return this.deps.now() - this.times.aliveMs;
  }

  private tell(entryId: string, event: PoolEvent): void {
    const set = this.watchers.get(entryId);
    if (!set) return;
    this.watchers.delete(entryId);
    for (const listener of set) listener(event);
  }

  /** Renews the watched entries, tells those paired elsewhere, sweeps the dead, pairs every live pool. */
  async tick(): Promise<void> {
    if (this.closed) return;
    const now = this.deps.now();
    const watched = [...this.watchers.keys()];
    if (now - this.lastTouch >= this.times.touchMs) {
      this.lastTouch = now;
      await this.store.touch(watched, now);
    }
    const current = new Map((await this.store.entries(watched)).map((e) => [e.id, e]));
    for (const id of watched) {
      const entry = current.get(id);
      if (!entry) this.tell(id, { type: 'gone', reason: 'the entry expired or left' });
      else if (entry.tableId !== null && entry.seat !== null)
        this.tell(id, { type: 'paired', table: entry.tableId, seat: entry.seat });
    }
    if (now - this.lastExpire >= this.times.touchMs) {
      this.lastExpire = now;
      await this.store.expire(now - this.times.aliveMs, now - this.times.pairedKeepMs);
    }
    for (const pool of await this.store.activePools(this.aliveSince())) await this.pairPool(pool);
  }

  /** Pairs one pool now (after any pairing run of this process under way). */
  pairPool(pool: string): Promise<void> {
    const run = this.running.then(() => this.pairLocked(pool));
    this.running = run.catch(() => undefined);
    return run;
  }

  private async pairLocked(pool: string): Promise<void> {
    const spec = parsePoolKey(pool);
    if (!spec || this.closed) return;
    const paired: { entry: string; table: string; seat: number }[] = [];
    const made: NewTable[] = [];
    await this.store.pairUnderLock(pool, this.aliveSince(), async (waiting, tx) => {
      const byId = new Map(waiting.map((e) => [e.id, e]));
      // Players of whom one blocked the other never sit together (read in the pairing's transaction).
      const blocks = await this.deps.storage.community.blocksAmong(
        [...new Set(waiting.map((e) => e.playerId))],
        tx.sql,
      );
      const apart = (a: string, b: string) =>
        blocks.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
      for (const p of pairings(waiting, spec.seats, this.deps.now(), apart)) {
        const people = p.entries.map((id) => byId.get(id)!);
        const pairing = this.tableFor(spec, people, p.bots);
        if (!pairing) continue;
        // The table, its seats' players and its entries' marks commit together (this transaction): a crash
        // leaves all of them or none, so no table is left without its players and no entry is paired twice.
        await pairing.table.write(tx.sql);
        for (const { entry, seat } of pairing.seats) {
          if (await tx.seat(entry.id, pairing.table.id, seat))
            paired.push({ entry: entry.id, table: pairing.table.id, seat });
          else
            this.deps.log.error({ entry: entry.id, table: pairing.table.id }, 'pool entry was paired twice');
        }
        made.push(pairing.table);
      }
    });
    for (const table of made) await table.open();
    for (const p of paired) this.tell(p.entry, { type: 'paired', table: p.table, seat: p.seat });
  }

  /** The table of a pairing, seats in random order, prepared by the lobby with every seat taken. */
  private tableFor(
    spec: PoolSpec,
    people: readonly StoredPoolEntry[],
    bots: number,
  ): { table: NewTable; seats: { entry: StoredPoolEntry; seat: number }[] } | null {
    const available = this.deps.lobby.gameInfo().find((g) => g.game === spec.game)?.bots ?? [];
    const bot = available.includes('medium') ? 'medium' : available[available.length - 1];
    if (bots > 0 && !bot) return null;
    const order = shuffled<StoredPoolEntry | null>([...people, ...Array<null>(bots).fill(null)]);
    const request: CreateTable = {
      game: spec.game,
      settings: settingsOf(spec),
      seats: order.map((e) => (e ? { type: 'human' } : { type: 'bot', bot })),
      listed: true,
      rated: spec.rated,
      clock: POOL_CLOCKS[spec.speed],
      takeover: null,
    };
    const holders = new Map<number, SeatHolder>();
    order.forEach(
      (e, seat) => e && holders.set(seat, { name: e.name, tokenHash: e.tokenHash, playerId: e.playerId }),
    );
    const r = this.deps.lobby.prepare(request, { address: 'pool', holders: () => holders });
    if (!r.ok) {
      this.deps.log.error({ pool: poolKey(spec), error: r.error }, 'quick pairing could not make its table');
      return null;
    }
    const seats = order.flatMap((entry, seat) => (entry ? [{ entry, seat }] : []));
    this.deps.log.info({ pool: poolKey(spec), table: r.value.id, bots }, 'quick pairing made a table');
    return { table: r.value, seats };
  }

  /**
   * Stops pairing and hangs up every stream this process holds. The entries stay in the store: their
   * clients reconnect (to this server once it is back, or to another process) and go on waiting, as long as
   * that happens within `aliveMs`.
   */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running.catch(() => undefined);
    for (const hangUp of [...this.hangUps]) hangUp();
    this.hangUps.clear();
    this.watchers.clear();
  }
}
