/**
 * The bot ladder: the built-in bot levels and the bot accounts that joined it play each other without
 * end, one game (by default) at a time, rated in their own pools. Its games are ordinary tables (unlisted,
 * casual for people's ratings) played through the table's one write path, so each has a record to download
 * like any game. Everything it knows is in storage (ladder-store.ts), looked at afresh on every round: a
 * restart finds each paired game being played, over and waiting to be rated, or never created.
 */
import type { ClockSettings, CreateTable } from '@attila/protocol';
import { rateGame, type Rating } from '@attila/ratings';
import { finalRanking } from '@attila/ratings';
import type { Logger } from 'pino';
import type { Lobby } from '../lobby.js';
import type { StoredTable, Storage } from '../storage/types.js';
import { newSeed, newTableId } from '../tokens.js';
import type { LadderGameRow } from './ladder-store.js';
import { LadderStore } from './ladder-store.js';
import { pairNext } from './pairing.js';
import { DEFAULT_POOL_SHARES, POOL_SHAPES, poolOf, type LadderPool } from './pools.js';

export interface LadderOptions {
  /** Ladder games played at once (their bots share the bot pool's thread for bots-only games). */
  readonly concurrent: number;
  /** How often each pool comes round (pools.ts). */
  readonly shares: { readonly [P in LadderPool]: number };
  /** The built-in levels that play, per game (default: every bot offered at tables). */
  readonly levels?: { readonly knights?: readonly string[]; readonly tribes?: readonly string[] };
  /** Seeds every game and pairing (`<seed>/<ordinal>`): a run is reproducible; default a random seed each. */
  readonly seed?: string;
  /** The clock of a bot account's seat (built-in levels never flag). */
  readonly clock: ClockSettings;
  /** How often the ladder looks at its games (ms). */
  readonly roundMs: number;
}

export const DEFAULT_LADDER: LadderOptions = {
  concurrent: 1,
  shares: DEFAULT_POOL_SHARES,
  clock: { mode: 'move', moveMs: 15_000 },
  roundMs: 1_000,
};

/** A ladder table whose seats are not all taken this long after it was paired is closed. */
const OPEN_GRACE_MS = 60_000;

/** How many recent games of a pool the pairing looks at (who met whom lately). */
const RECENT_GAMES = 200;

export interface LadderDeps {
  readonly lobby: Lobby;
  readonly storage: Storage;
  readonly log: Logger;
  readonly now: () => number;
  /** The seat token of a bot account's seat (bot-api/bearer.ts). */
  readonly seatToken: (table: string, seat: number, playerId: string) => string;
  /** The bot accounts with an event stream open now: only they are paired (an absent bot would lose on time). */
  readonly online: () => ReadonlySet<string>;
}

export const levelKey = (bot: string) => `level:${bot}`;
export const accountKey = (id: string) => `account:${id}`;

export class Ladder {
  readonly store: LadderStore;
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly deps: LadderDeps,
    private readonly options: LadderOptions,
  ) {
    this.store = new LadderStore(deps.storage.accounts.sql);
  }

  /** Starts looking at its games (again after a `stop()`: a process that took the ladder's lease back). */
  start(): void {
    if (this.timer) return;
    this.stopped = false;
    const tick = () => {
      if (this.stopped || this.round) return;
      this.round = this.playRound()
        .catch((e: unknown) => this.deps.log.error({ err: e }, 'ladder round failed; trying again'))
        .finally(() => {
          this.round = null;
        });
    };
    this.timer = setInterval(tick, this.options.roundMs);
    tick();
  }

  /** No new game is paired; resolves once the round under way is done (its writes stored). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.round;
  }

  /** The levels of `game` that play. */
  levelsOf(game: 'knights' | 'tribes'): readonly string[] {
    const offered = this.deps.lobby.gameInfo().find((g) => g.game === game)?.bots ?? [];
    const chosen = this.options.levels?.[game];
    return chosen ? chosen.filter((b) => offered.includes(b)) : offered;
  }

  /** One look: settle every unrated game, then pair new ones up to the bound. */
  async playRound(): Promise<void> {
    let active = 0;
    for (const game of await this.store.unrated()) {
      if (await this.settle(game)) active++;
    }
    while (!this.stopped && active < this.options.concurrent) {
      if (!(await this.pairOne())) break;
      active++;
    }
  }

  /** Whether the game is still under way after looking at it. */
  private async settle(game: LadderGameRow): Promise<boolean> {
    const meta = await this.deps.storage.getTable(game.tableId);
    if (!meta) {
      // Written, but the server stopped before its table was: the pairing did not happen.
      await this.store.dropGame(game.tableId);
      this.deps.log.info({ table: game.tableId }, 'ladder pairing without a table dropped');
      return false;
    }
    if (meta.status === 'finished') {
      await this.rate(game, meta);
      return false;
    }
    if (meta.status === 'open') {
      await this.seatAccounts(game);
      // A seat nobody could take (the account was deleted meanwhile) must not hold up the ladder.
      if (this.deps.now() - game.createdAt > OPEN_GRACE_MS) return !(await this.closeUnseated(game));
    }
    return true;
  }

  private async rate(game: LadderGameRow, meta: StoredTable): Promise<void> {
    const before = await this.store.ratings(game.pool);
    const at = this.deps.now();
    const rated = rateGame({
      game: POOL_SHAPES[game.pool].game,
      speed: 'fast',
      result: meta.result,
      seats: game.players.map((p) => before.get(p) ?? null),
      at,
    });
    const after = new Map<string, Rating>();
    let places: number[] | null = null;
    if (!rated.ok) {
      this.deps.log.error({ table: game.tableId, error: rated.error }, 'ladder game could not be rated');
    } else if (rated.value.rated) {
      rated.value.seats.forEach((s, i) => after.set(game.players[i], s.after));
      places = rated.value.seats.map((s) => s.place);
    } else if (meta.result) {
      const ranking = finalRanking(meta.result, game.players.length);
      places = ranking.ok ? ranking.value : null;
    }
    if (await this.store.rate(game, places, after, at)) {
      this.deps.log.info(
        { table: game.tableId, pool: game.pool, players: game.players, places },
        'ladder game rated',
      );
    }
  }

  /** Closes a ladder table still waiting for a seat; true once it is closed (rated next round, no result). */
  private async closeUnseated(game: LadderGameRow): Promise<boolean> {
    const table = await this.deps.lobby.open(game.tableId);
    if (!table || table.status !== 'open') return false;
    const closed = await table.submit({
      kind: 'close',
      reason: 'closed by the ladder: a bot account did not take its seat',
    });
    return closed.ok;
  }

  /** Pairs and creates the next game; false when no pool has enough players. */
  private async pairOne(): Promise<boolean> {
    const ordinal = await this.store.nextOrdinal();
    const online = this.deps.online();
    const accounts = (await this.store.accounts()).filter((a) => online.has(a.id));
    // A pool without enough players is passed over (its ordinal goes to the next pool that has them).
    for (let skip = 0; skip < 4; skip++) {
      const pool = poolOf(ordinal + skip, this.options.shares);
      const shape = POOL_SHAPES[pool];
      const levels = this.levelsOf(shape.game as 'knights' | 'tribes').map(levelKey);
      const players = [...levels, ...accounts.map((a) => accountKey(a.id))];
      const seed = this.options.seed === undefined ? newSeed() : `${this.options.seed}/${ordinal}`;
      const recent = (await this.store.recentOf(pool, RECENT_GAMES)).map((g) => g.players);
      const chosen = pairNext({
        players,
        seats: shape.seats,
        ratings: await this.store.ratings(pool),
        recent,
        ordinal,
        seed,
      });
      if (!chosen) continue;
      await this.create(ordinal, pool, chosen, seed);
      return true;
    }
    return false;
  }

  private async create(ordinal: number, pool: LadderPool, players: string[], seed: string): Promise<void> {
    const shape = POOL_SHAPES[pool];
    const id = newTableId();
    // The row first: a restart between the two finds a row without a table and drops it.
    await this.store.addGame({ tableId: id, ordinal, pool, players, createdAt: this.deps.now() });
    const hasAccount = players.some((p) => !p.startsWith('level:'));
    const request: CreateTable = {
      game: shape.game,
      settings: shape.settings,
      seats: players.map((p) =>
        p.startsWith('level:') ? { type: 'bot', bot: p.slice('level:'.length) } : { type: 'human' },
      ),
      listed: false,
      rated: false,
      clock: hasAccount ? this.options.clock : null,
      takeover: null,
    };
    const created = await this.deps.lobby.create(request, { address: 'ladder', ladder: { id, seed } });
    if (!created.ok) {
      await this.store.dropGame(id);
      this.deps.log.error({ pool, players, error: created.error }, 'ladder table refused');
      return;
    }
    if (hasAccount) await this.seatAccounts({ tableId: id, players });
    this.deps.log.info({ table: id, pool, players, ordinal }, 'ladder game paired');
  }

  /** Sits each bot account at its seat (again after a restart: a seat already taken is left as it is). */
  private async seatAccounts(game: Pick<LadderGameRow, 'tableId' | 'players'>): Promise<void> {
    const table = await this.deps.lobby.open(game.tableId);
    if (!table) return;
    await table.sync();
    const info = table.info();
    for (const [seat, player] of game.players.entries()) {
      if (!player.startsWith('account:') || info.seats[seat]?.name !== null) continue;
      const playerId = player.slice('account:'.length);
      const account = (await this.store.accounts()).find((a) => a.id === playerId);
      const token = this.deps.seatToken(game.tableId, seat, playerId);
      // The seat is the account's before it is taken: its event stream hears of the game as it starts.
      await this.deps.storage.accounts.setSeatPlayer(game.tableId, seat, playerId);
      const joined = await table.submit({
        kind: 'join',
        name: account?.displayName ?? playerId,
        seat,
        token,
        player: { id: playerId, kind: 'bot-account' },
      });
      if (!joined.ok)
        this.deps.log.warn({ table: game.tableId, seat, error: joined.error }, 'ladder seat refused');
    }
  }
}
