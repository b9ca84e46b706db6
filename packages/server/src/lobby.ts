/**
 * The lobby: creates tables, lists the open ones, and keeps every live table in memory (loading a table
 * from storage on first use, and every unfinished one when the server starts).
 */
import { err, ok, type Result } from '@attila/core';
import type { GameRegistry } from './games.js';
import type { CreateTable, CreateTableResponse, GameInfo, GameName, TableInfo } from '@attila/protocol';
import type { LeaseLobby, Leases } from './leases.js';
import { Table, type TableDeps } from './table.js';
import type { StoredSeat, StoredTable } from './storage/types.js';
import { hashToken, newSeed, newTableId, newToken } from './tokens.js';

/**
 * Finished tables nobody watches leave memory after this long (they stay in storage and load again on
 * demand). Short, so that a busy server's heap holds live games, not thousands of finished ones: a large
 * heap means long garbage-collection pauses, which every game feels as latency.
 */
const IDLE_EVICT_MS = 10_000;
/** How often the lobby looks for such tables. */
export const EVICT_SWEEP_MS = 5_000;

export class Lobby implements LeaseLobby {
  private readonly tables = new Map<string, Table>();
  private readonly loading = new Map<string, Promise<Table | null>>();

  constructor(
    private readonly games: GameRegistry,
    private readonly deps: TableDeps,
    /** Which of its tables this process drives (clock, bots). */
    private readonly leases: Leases,
  ) {}

  gameInfo(): GameInfo[] {
    return Object.entries(this.games).map(([name, game]) => ({
      game: name as GameName,
      rulesVersion: game.rulesVersion,
      seats: { min: game.seats.min, max: game.seats.max },
      bots: this.deps.bots.available(name as GameName),
    }));
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

  private async load(meta: StoredTable): Promise<Table | null> {
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
      void pending.finally(() => this.loading.delete(id));
    }
    return pending;
  }

  async list(): Promise<TableInfo[]> {
    const stored = await this.deps.storage.listTables(200);
    const out: TableInfo[] = [];
    for (const meta of stored) {
      const table = await this.open(meta.id);
      if (table) out.push(table.info());
    }
    return out;
  }

  async create(request: CreateTable): Promise<Result<CreateTableResponse>> {
    const game = this.games[request.game];
    if (!game) {
      return err(
        'create.game',
        `this server hosts ${Object.keys(this.games).join(', ')}, not ${request.game}`,
      );
    }
    const settings = game.parseSettings(request.settings);
    if (!settings.ok) return err('create.settings', settings.error.message);
    const secret = game.secretInSettings?.(settings.value) ?? null;
    if (secret !== null) return err('create.settings', secret);
    const players = game.playerCount(settings.value);
    if (request.seats.length !== players) {
      return err(
        'create.seats',
        `these settings are for ${players} players: give exactly ${players} seats, not ${request.seats.length}`,
      );
    }
    const bots = this.deps.bots.available(request.game);
    for (const spec of request.seats) {
      if (spec.type === 'bot' && !bots.includes(spec.bot)) {
        return err(
          'create.bot',
          `there is no ${request.game} bot "${spec.bot}"; bots: ${bots.join(', ') || 'none'}`,
        );
      }
    }
    if (request.takeover !== null && !bots.includes(request.takeover)) {
      return err(
        'create.takeover',
        `there is no ${request.game} bot "${request.takeover}" to take over seats; bots: ${bots.join(', ') || 'none'}`,
      );
    }
    const humanSeats = request.seats.flatMap((s, i) => (s.type === 'human' ? [i] : []));
    let creatorSeat: number | null = null;
    if (request.name !== undefined) {
      creatorSeat = request.seat ?? humanSeats[0] ?? null;
      if (creatorSeat === null || !humanSeats.includes(creatorSeat)) {
        return err(
          'create.seat',
          `the creator must sit at a human seat; human seats: ${humanSeats.join(', ') || 'none'}`,
        );
      }
    } else if (request.seat !== undefined) {
      return err('create.seat', 'give a display name ("name") to take a seat');
    }
    const seed = newSeed();
    const start = game.setup(settings.value, seed);
    if (!start.ok) return err('create.settings', start.error.message);
    const token = creatorSeat !== null ? newToken() : null;
    const seats: StoredSeat[] = request.seats.map((spec, seat) =>
      spec.type === 'bot'
        ? { seat, name: spec.bot, kind: 'bot', bot: spec.bot, tokenHash: null, controller: 'bot' }
        : seat === creatorSeat && token
          ? {
              seat,
              name: request.name ?? null,
              kind: 'human',
              bot: null,
              tokenHash: hashToken(token),
              controller: 'human',
            }
          : { seat, name: null, kind: 'human', bot: null, tokenHash: null, controller: 'human' },
    );
    const meta: StoredTable = {
      id: newTableId(),
      game: request.game,
      settings: game.settingsToJson(settings.value),
      seed,
      rulesVersion: game.rulesVersion,
      listed: request.listed,
      clockSettings: request.clock,
      takeover: request.takeover,
      status: 'open',
      createdAt: new Date(this.deps.now()).toISOString(),
      startedAt: null,
      finishedAt: null,
      result: null,
      clock: null,
      seats,
    };
    const created = await Table.create(game, meta, this.deps);
    if (!created.ok) return err('create.settings', created.error.message);
    const table = created.value;
    this.tables.set(meta.id, table);
    await this.leases.acquire([table]);
    return ok({ table: table.info(), seat: creatorSeat, token });
  }

  /** Drops finished tables nobody has watched for a while from memory. */
  evictIdle(now: number): void {
    for (const [id, table] of this.tables) {
      if (table.status === 'finished' && table.isIdle() && now - table.idleSince > IDLE_EVICT_MS) {
        void table.close();
        this.tables.delete(id);
      }
    }
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
