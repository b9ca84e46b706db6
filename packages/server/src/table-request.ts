/**
 * A request for a new table, checked and turned into its seats and its stored row (`Lobby.prepare`), and the
 * shapes of a table made but not yet stored (`NewTable`), which callers may write inside their own
 * transaction.
 */
import { err, ok, type Result } from '@attila/core';
import type { CreateTable, CreateTableResponse } from '@attila/protocol';
import type { AnyGame, GameRegistry } from './games.js';
import type { Sql } from './storage/sql.js';
import type { SeatPlayer, StoredSeat, StoredTable } from './storage/types.js';
import { hashToken } from './tokens.js';

/** A seat taken when its table is made: the player's name and the SHA-256 of the token that holds it. */
export interface SeatHolder {
  readonly name: string;
  readonly tokenHash: string;
  /** The player (account or guest) it is, written with the table (profiles, ratings). */
  readonly playerId?: string;
}

/** How a table is made besides its request (`Lobby.prepare`). */
export interface NewTableOptions {
  /** The creating client's address (budgets and the lobby list count by it). */
  readonly address?: string;
  /** The creator's seat token when it brings one: a bot account's (bot-api/bearer.ts `seatToken`). */
  readonly creatorToken?: (table: string, seat: number) => string;
  /** Who the creator is (null: a client without a session), written with the creator's seat. */
  readonly creator?: SeatPlayer | null;
  /**
   * Human seats taken at once, by seat, given the new table's id (quick pairing: each held by its pool
   * entry's token; challenges: by a token derived for the account and the table).
   */
  readonly holders?: (table: string) => ReadonlyMap<number, SeatHolder>;
  /** The bot ladder's own tables: their id and seed chosen beforehand, outside the bots-only budget. */
  readonly ladder?: LadderPlacement;
  /** The event the table is made for (events/director.ts): its game cannot be aborted. */
  readonly event?: string;
}

/**
 * A table of the bot ladder (ladder/ladder.ts): its id is written in the ladder's storage before the table
 * (so a restart knows what was paired), its seed comes from the ladder's, and the ladder bounds its own
 * games (the bots-only budget of visitors' tables does not count them).
 */
export interface LadderPlacement {
  readonly id: string;
  readonly seed: string;
}

/** A table built and checked, not yet stored (`Lobby.prepare`). */
export interface NewTable {
  readonly id: string;
  /** Stores it with its seats' players: alone, or in the caller's open transaction (`within`). */
  write(within?: Sql): Promise<void>;
  /** Once written and committed: the table is live here (driven if this process gets its lease). */
  open(): Promise<CreateTableResponse>;
}

/** A request the lobby can make a table of: its game, parsed settings, human seats and creator's seat. */
export interface CheckedRequest {
  readonly game: AnyGame;
  readonly settings: unknown;
  readonly humanSeats: readonly number[];
  readonly creatorSeat: number | null;
}

/** The checks of `POST /api/tables` (and of every other way a table is made); `bots`: the game's bots. */
export function checkRequest(
  games: GameRegistry,
  request: CreateTable,
  bots: readonly string[],
): Result<CheckedRequest> {
  const game = games[request.game];
  if (!game) {
    return err('create.game', `this server hosts ${Object.keys(games).join(', ')}, not ${request.game}`);
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
  if (request.rated && request.seats.some((s) => s.type === 'bot')) {
    return err(
      'create.rated-bots',
      'games against bots are casual: a rated table has people only (no bot seats); create it casual or with human seats',
    );
  }
  // A rating is per speed class, and a game without a clock has none (lichess does not rate unlimited games
  // either); filing it under correspondence counted an evening's game as a month's (issue 31).
  if (request.rated && request.clock === null) {
    return err(
      'create.rated-no-clock',
      'a rated game needs a clock (its rating is per speed: fast, slow or correspondence); choose a clock or create it casual',
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
  return ok({ game, settings: settings.value, humanSeats, creatorSeat });
}

/** The seats of a new table: held ones (`holders`), bots, the creator's, and empty ones. */
export function storedSeats(
  request: CreateTable,
  creatorSeat: number | null,
  token: string | null,
  holders: ReadonlyMap<number, SeatHolder> | undefined,
  creator: SeatPlayer | null = null,
): StoredSeat[] {
  const held = (seat: number) => (request.seats[seat].type === 'human' ? holders?.get(seat) : undefined);
  return request.seats.map((spec, seat) =>
    held(seat)
      ? {
          seat,
          name: held(seat)!.name,
          kind: 'human',
          bot: null,
          tokenHash: held(seat)!.tokenHash,
          controller: 'human',
          // Its kind is read as the table is written (Lobby.prepare).
          player: null,
        }
      : spec.type === 'bot'
        ? { seat, name: spec.bot, kind: 'bot', bot: spec.bot, tokenHash: null, controller: 'bot' }
        : seat === creatorSeat && token
          ? {
              seat,
              name: request.name ?? null,
              kind: 'human',
              bot: null,
              tokenHash: hashToken(token),
              controller: 'human',
              player: creator,
            }
          : {
              seat,
              name: null,
              kind: 'human',
              bot: null,
              tokenHash: null,
              controller: 'human',
              player: null,
            },
  );
}

/**
 * The players given seats at once (`NewTableOptions.holders`), each once. Pools and challenges seat each
 * player once already (pairing.ts, challenge-rules.ts); a table is never made otherwise, whoever asks (one
 * player, one seat: seating.ts).
 */
export function heldPlayers(
  holders: ReadonlyMap<number, SeatHolder> | undefined,
): Result<{ readonly seat: number; readonly id: string }[]> {
  const players = [...(holders ?? [])].flatMap(([seat, h]) => (h.playerId ? [{ seat, id: h.playerId }] : []));
  if (new Set(players.map((p) => p.id)).size !== players.length)
    return err('join.already-seated', 'one player takes one seat: the same player was given two seats');
  return ok(players);
}

/** Where a new table comes from besides its request: its name, seed, seats and moment of creation. */
export interface NewTableOrigin {
  readonly id: string;
  readonly seed: string;
  readonly seats: StoredSeat[];
  readonly createdAt: number;
  readonly event?: string;
}

/** The stored row of a new table: open, not started, with the request's choices. */
export function newStoredTable(
  request: CreateTable,
  game: AnyGame,
  settings: unknown,
  { id, seed, seats, createdAt, event }: NewTableOrigin,
): StoredTable {
  return {
    id,
    game: request.game,
    settings: game.settingsToJson(settings),
    seed,
    rulesVersion: game.rulesVersion,
    listed: request.listed,
    rated: request.rated,
    clockSettings: request.clock,
    takeover: request.takeover,
    status: 'open',
    createdAt: new Date(createdAt).toISOString(),
    startedAt: null,
    finishedAt: null,
    result: null,
    clock: null,
    seats,
    ...(event ? { event } : {}),
  };
}
