/**
 * Quick pairing (server `pools/`): a player joins a pool (a game, a speed, for Tribes a number of seats,
 * rated or casual) and is told over a stream of server-sent events when a table is made for it.
 */
import { z } from 'zod';

export const POOL_GAMES = ['knights', 'tribes'] as const;
export type PoolGame = (typeof POOL_GAMES)[number];
/** The real-time speed classes of @attila/ratings (correspondence games are found by challenge). */
export const POOL_SPEEDS = ['fast', 'slow'] as const;
export type PoolSpeed = (typeof POOL_SPEEDS)[number];
/** "Fill with bots after N seconds": the choices a player has (Tribes, casual only). */
export const POOL_BOT_WAITS = [5, 15, 30, 60] as const;

export const joinPoolSchema = z
  .object({
    game: z.enum(POOL_GAMES),
    speed: z.enum(POOL_SPEEDS),
    /** Tribes: 2 to 5; Knights: 2 (the default). */
    seats: z.number().int().min(2).max(5).default(2),
    rated: z.boolean().default(false),
    /** Tribes, casual only: bots fill the empty seats after this many seconds (null: wait for people). */
    botsAfterSeconds: z
      .union([z.literal(5), z.literal(15), z.literal(30), z.literal(60)])
      .nullable()
      .default(null),
  })
  .strict();
export type JoinPoolRequest = z.input<typeof joinPoolSchema>;
export type JoinPool = z.infer<typeof joinPoolSchema>;

export const leavePoolSchema = z.object({ token: z.string().min(1).max(200) }).strict();

/** The answer to a join: the entry, and its token (kept by the client: it becomes the seat's token). */
export interface PoolJoined {
  readonly entry: string;
  readonly token: string;
  readonly pool: string;
  readonly joinedAt: number;
}

/** What the entry's event stream says. */
export type PoolEvent =
  | { readonly type: 'waiting'; readonly joinedAt: number; readonly waiting: number }
  | { readonly type: 'paired'; readonly table: string; readonly seat: number }
  | { readonly type: 'gone'; readonly reason: string };
