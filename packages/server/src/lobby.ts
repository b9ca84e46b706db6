/**
 * The lobby: creates tables, lists the open ones, and keeps every live table in memory (loading a table
 * from storage on first use, and every unfinished one when the server starts).
 */
import { err, ok, type Result } from '@attila/core';
import {
  DEFAULT_BOT_TABLES,
  mayStartBotTable,
  type BotTableBudget,
  type RunningBotTable,
} from './bot-budget.js';
import { priorityOf, type Priority } from './bots/priority.js';
import {
  DEFAULT_OPEN_TABLES,
  expiredOpenTables,
  lobbyList,
  type ListedTable,
  type ListPage,
  type ListPlace,
  type OpenTableActivity,
  type OpenTablePolicy,
} from './open-tables.js';
import type { GameRegistry } from './games.js';
import {
  LIMITS,
  type CreateTable,
  type CreateTableResponse,
  type GameInfo,
  type GameKind,
  type TableInfo,
} from '@attila/protocol';
import type { LeaseLobby, Leases } from './leases.js';
import { Table, type TableDeps } from './table.js';
import { finishedTables } from './finished-tables.js';
import type { Sql } from './storage/sql.js';
import type { StoredTable } from './storage/types.js';
import {
  checkRequest,
  heldPlayers,
  newStoredTable,
  storedSeats,
  type NewTable,
  type NewTableOptions,
} from './table-request.js';
import { Unavailable } from './errors.js';
import { newSeed, newTableId, newToken } from './tokens.js';
import { seatPlayersOf } from './seat-players.js';
import { doublySeated } from './seating.js';

/**
 * Finished tables nobody watches leave memory after this long (they stay in storage and load again on
 * demand). Short, so that a busy server's heap holds live games, not thousands of finished ones: a large
 * heap means long garbage-collection pauses, which every game feels as latency.
 */
const IDLE_EVICT_MS = 10_000;
/** How often the lobby looks for such tables. */
export const EVICT_SWEEP_MS = 5_000;

/** The limits a public server puts on its lobby. */
export interface LobbyLimits {
  /** Bots-only tables played at once; null: no limit. */
  readonly botTables: BotTableBudget | null;
  readonly openTables: OpenTablePolicy;
  /** Chat lines kept per table in storage. */
  readonly chatKept: number;
}

export const DEFAULT_LOBBY_LIMITS: LobbyLimits = {
  botTables: DEFAULT_BOT_TABLES,
  openTables: DEFAULT_OPEN_TABLES,
  chatKept: LIMITS.chatKept,
};

/** At most this many tables in one page of the lobby list (the default page). */
export const LIST_LIMIT = 200;
/**
 * The newest listed tables read from storage for the list (besides every unfinished table in this
 * process's memory): other processes' tables, and tables not loaded yet.
 */
const LIST_SCAN = 2_000;

/** What this process remembers of the tables it created (in memory: lost on restart). */
interface Origin {
  readonly address: string;
  /** The seat the creator sat at, whose token may close the table before it starts. */
  readonly creatorSeat: number | null;
}

export class Lobby implements LeaseLobby {
  private readonly tables = new Map<string, Table>();
  private readonly loading = new Map<string, Promise<Table | null>>();
  private readonly origins = new Map<string, Origin>();
  /** When each open table was created, joined, left or watched, or loaded (ms). */
  private readonly lastActive = new Map<string, number>();

  constructor(
    private readonly games: GameRegistry,
    private readonly deps: TableDeps,
    /** Which of its tables this process drives (clock, bots). */
    private readonly leases: Leases,
    private readonly limits: LobbyLimits = DEFAULT_LOBBY_LIMITS,
  ) {}

  gameInfo(): GameInfo[] {
    return Object.entries(this.games).map(([name, game]) => ({
      game: name as GameKind,
      rulesVersion: game.rulesVersion,
      seats: { min: game.seats.min, max: game.seats.max },
      bots: this.deps.bots.available(name as GameKind),
    }));
  }

  /** How many seats a game's settings make: a challenge is checked before any table exists. */
  seatsFor(game: GameKind, raw: Record<string, unknown>): Result<number> {
    const engine = this.games[game];
    if (!engine)
      return err('create.game', `this server hosts ${Object.keys(this.games).join(', ')}, not ${game}`);
    const settings = engine.parseSettings(raw);
    if (!settings.ok) return settings;
    const secret = engine.secretInSettings?.(settings.value) ?? null;
    if (secret !== null) return err('create.settings', secret);
    return ok(engine.playerCount(settings.value));
  }

  /** Loads every unfinished table (server start). Tables that no longer replay are reported, not loaded. */
  async restoreAll(): Promise<{ restored: number; failed: string[] }> {
    const failed: string[] = [];
    const restored: Table[] = [];
    for (const meta of await this.deps.storage.activeTables()) {
      const table = await this.load(meta);
      if (table) restored.push(table);
      else failed.push(meta.id);
    }
    await this.leases.acquire(restored);
    return { restored: restored.length, failed };
  }

  private async load(stored: StoredTable): Promise<Table | null> {
    const meta = await this.casualIfDoublySeated(stored);
    const game = this.games[meta.game];
    if (!game) {
      this.deps.log.error({ table: meta.id, game: meta.game }, 'table of a game this server does not host');
      return null;
    }
    const [moves, chat] = await Promise.all([
      this.deps.storage.getMoves(meta.id),
      this.deps.storage.recentChat(meta.id, 50),
    ]);
    const table = Table.restore(game, meta, moves, chat, this.deps);
    if (!table.ok) {
      this.deps.log.error({ table: meta.id, error: table.error }, 'table does not replay');
      return null;
    }
    this.tables.set(meta.id, table.value);
    return table.value;
  }

  /**
   * A rated table stored with one player in two seats (before joins refused it) goes on as a casual game:
   * the others keep their game and may finish it, and no rating is won or lost against a double seat.
   */
  private async casualIfDoublySeated(meta: StoredTable): Promise<StoredTable> {
    const twice = meta.rated && meta.status !== 'finished' ? doublySeated(meta) : null;
    if (!twice) return meta;
    await this.deps.storage.updateTable(meta.id, { rated: false });
    this.deps.log.warn(
      { table: meta.id, player: twice.id },
      'one player in two seats: the table goes on unrated',
    );
    return { ...meta, rated: false };
  }

  /** The live table, loading it from storage if needed (a finished game, or another process's). */
  async open(id: string): Promise<Table | null> {
    const live = this.tables.get(id);
    if (live) return live;
    let pending = this.loading.get(id);
    if (!pending) {
      pending = (async () => {
        const meta = await this.deps.storage.getTable(id);
        if (!meta) return null;
        const table = await this.load(meta);
        if (table) await this.leases.acquire([table]);
        return table;
      })();
      this.loading.set(id, pending);
      // Cleared either way (a failed load, e.g. storage down, is tried afresh next time; its caller is told).
      const clear = () => void this.loading.delete(id);
      pending.then(clear, clear);
    }
    return pending;
  }

  /**
   * A page of the lobby list (open-tables.ts `lobbyList`: ranked, capped per address and account, after
   * `after`): the listed tables that are open or being played, those in storage (the `LIST_SCAN` newest)
   * and those in memory (all of this process's unfinished ones).
   */
  async list(limit = LIST_LIMIT, after: ListPlace | null = null): Promise<ListPage<TableInfo>> {
    const ids = new Set((await this.deps.storage.listTables(LIST_SCAN)).map((m) => m.id));
    for (const [id, table] of this.tables) if (table.listed && table.status !== 'finished') ids.add(id);
    const candidates: (ListedTable & { info: TableInfo })[] = [];
    for (const id of ids) {
      const table = await this.open(id);
      if (!table || !table.listed) continue;
      const info = table.info();
      const address = this.origins.get(id)?.address ?? null;
      const accounts = table.seatedAccounts();
      candidates.push({ id, status: info.status, createdAt: info.createdAt, address, accounts, info });
    }
    const { openTables } = this.limits;
    const caps = {
      perAddress: openTables.listedPerAddress,
      perAccount: openTables.listedPerAccount ?? DEFAULT_OPEN_TABLES.listedPerAccount ?? 3,
    };
    const page = lobbyList(candidates, caps, Math.min(limit, LIST_LIMIT), after);
    return { tables: page.tables.map((c) => c.info), next: page.next };
  }

  /** Keeps only the newest chat lines of a table in storage. */
  trimChat(id: string): Promise<void> {
    return this.deps.storage.trimChat(id, this.limits.chatKept);
  }

  /** Listed finished games, the most recently finished first (finished-tables.ts). */
  finished(): Promise<TableInfo[]> {
    return finishedTables(this.deps.storage);
  }

  /** An open table was joined, left or watched: its idle time starts again. */
  touch(id: string): void {
    if (this.tables.get(id)?.status === 'open') this.lastActive.set(id, this.deps.now());
  }

  /** The creator (holding the seat it created the table with) closes a table that has not started. */
  async closeOpen(id: string, seat: number, token: string): Promise<Result<void>> {
    const table = await this.open(id);
    if (!table) return err('table.not-found', `there is no table "${id}"`);
    await table.sync();
    if (!table.seatHolds(seat, token)) return err('auth.token', `the token does not hold seat ${seat}`);
    const creatorSeat = this.origins.get(id)?.creatorSeat ?? null;
    if (creatorSeat !== seat) {
      return err('close.not-creator', 'only the player who created the table (from its seat) can close it');
    }
    const closed = await table.submit({ kind: 'close', reason: 'closed by its creator before it started' });
    return closed.ok ? ok(undefined) : closed;
  }

  /** Closes the open tables this process drives that nobody has joined, left or watched for too long. */
  async expireOpen(now: number): Promise<string[]> {
    const { idleMs } = this.limits.openTables;
    const open: OpenTableActivity[] = [];
    for (const [id, table] of this.tables) {
      if (table.status !== 'open' || !table.driving) continue;
      const lastActive = this.lastActive.get(id) ?? now;
      if (!this.lastActive.has(id)) this.lastActive.set(id, now);
      open.push({ id, lastActive, watched: !table.isIdle() });
    }
    const expired = expiredOpenTables(open, now, idleMs);
    const minutes = Math.round(idleMs / 60_000);
    for (const id of expired) {
      const r = await this.tables
        .get(id)
        ?.submit({ kind: 'close', reason: `closed: nobody joined or watched for ${minutes} minutes` });
      if (r?.ok) this.deps.log.info({ table: id }, 'open table expired');
      this.lastActive.delete(id);
    }
    return expired;
  }

  /** Bots-only tables being played (or about to be), with the address that created each if known. */
  private runningBotTables(): RunningBotTable[] {
    const out: RunningBotTable[] = [];
    for (const [id, table] of this.tables) {
      if (table.status === 'finished' || priorityOf(table.info().seats) !== 'bots') continue;
      out.push({ address: this.origins.get(id)?.address ?? null });
    }
    return out;
  }

  /** A new table, stored and live: `prepare` (checked and built) then written alone. */
  async create(request: CreateTable, options: NewTableOptions = {}): Promise<Result<CreateTableResponse>> {
    const table = this.prepare(request, options);
    if (!table.ok) return table;
    try {
      await table.value.write();
    } catch (e) {
      if (e instanceof Unavailable) return err(e.code, e.message);
      throw e;
    }
    return ok(await table.value.open());
  }

  /**
   * A new table checked and built but not stored: the one way tables are made (`create` above, quick
   * pairing, challenges). Its `write` may join the caller's transaction, so that the table and the caller's
   * own rows (entries paired, a challenge accepted) commit together or not at all; `open` once committed.
   */
  prepare(request: CreateTable, options: NewTableOptions = {}): Result<NewTable> {
    const address = options.address ?? 'local';
    const { creatorToken } = options;
    const checked = checkRequest(this.games, request, this.deps.bots.available(request.game));
    if (!checked.ok) return checked;
    const { game, settings, humanSeats, creatorSeat } = checked.value;
    if (this.limits.botTables && humanSeats.length === 0 && !options.ladder) {
      const budget = mayStartBotTable(this.runningBotTables(), address, this.limits.botTables);
      if (!budget.ok) return budget;
    }
    const seed = options.ladder?.seed ?? newSeed();
    const start = game.setup(settings, seed);
    if (!start.ok) return err('create.settings', start.error.message);
    const id = options.ladder?.id ?? newTableId();
    const holders = options.holders?.(id);
    const token = creatorSeat === null ? null : creatorToken ? creatorToken(id, creatorSeat) : newToken();
    const seats = storedSeats(request, creatorSeat, token, holders, options.creator ?? null);
    const createdAt = this.deps.now();
    const meta = newStoredTable(request, game, settings, {
      id,
      seed,
      seats,
      createdAt,
      event: options.event,
    });
    const fresh = Table.fresh(game, meta, this.deps);
    if (!fresh.ok) return err(fresh.error.code, fresh.error.message);
    const table = fresh.value;
    const held = heldPlayers(holders);
    if (!held.ok) return held;
    const seatPlayers = held.value;
    return ok({
      id,
      write: async (within) => {
        const write = async (sql: Sql) => {
          // The held seats' players, with their kinds, are stored with the seats (seat marks, one seat each).
          const kinds = await seatPlayersOf(
            sql,
            seatPlayers.map((p) => p.id),
          );
          table.holdSeats(
            new Map(
              seatPlayers.map((p) => [p.seat, kinds.get(p.id) ?? { id: p.id, kind: 'guest' as const }]),
            ),
          );
          await table.store(sql);
        };
        if (within) await write(within);
        // No held seats, nothing read: the table's own write (one transaction, or a share of a group commit).
        else if (seatPlayers.length === 0) await table.store();
        else await this.deps.storage.accounts.sql.tx(write);
      },
      open: async () => {
        this.tables.set(id, table);
        this.origins.set(id, { address, creatorSeat });
        this.lastActive.set(id, this.deps.now());
        await this.leases.acquire([table]);
        return { table: table.info(), seat: creatorSeat, token };
      },
    });
  }

  /** Drops finished tables nobody has watched for a while from memory. */
  evictIdle(now: number): void {
    for (const [id, table] of this.tables) {
      if (table.status === 'finished') {
        this.origins.delete(id);
        this.lastActive.delete(id);
      }
      if (table.status === 'finished' && table.isIdle() && now - table.idleSince > IDLE_EVICT_MS) {
        void table.close();
        this.tables.delete(id);
      }
    }
  }

  /** Bot questions of a game with a person in it come before those of bots-only games (bots/pool.ts). */
  botPriority(id: string): Priority {
    const table = this.tables.get(id);
    return table ? priorityOf(table.info().seats) : 'person';
  }

  get size(): number {
    return this.tables.size;
  }

  loaded(): Iterable<Table> {
    return this.tables.values();
  }

  /** How many tables this process drives (runs the clock and bots of). */
  get driven(): number {
    let n = 0;
    for (const table of this.tables.values()) if (table.driving && table.status !== 'finished') n++;
    return n;
  }

  /** Stops every table's timers and bots; resolves once what they had under way is stored. */
  async close(): Promise<void> {
    const tables = [...this.tables.values()];
    this.tables.clear();
    await Promise.all(tables.map((t) => t.close()));
  }
}
