/**
 * The ladder's pools: Knights, and Tribes at 3 and at 4 seats. Each is rated apart (a player's Tribes
 * rating at 3 seats says little of its play at 4), by the system `@attila/ratings` uses for the game.
 */
import type { GameKind } from '@attila/protocol';

export const LADDER_POOLS = ['knights', 'tribes-3', 'tribes-4'] as const;
export type LadderPool = (typeof LADDER_POOLS)[number];

export interface PoolShape {
  readonly game: GameKind;
  readonly seats: number;
  readonly settings: Record<string, unknown>;
}

export const POOL_SHAPES: { readonly [P in LadderPool]: PoolShape } = {
  knights: { game: 'knights', seats: 2, settings: {} },
  'tribes-3': { game: 'tribes', seats: 3, settings: { players: 3 } },
  'tribes-4': { game: 'tribes', seats: 4, settings: { players: 4 } },
};

/** How often each pool comes round: of every four ladder games two are Knights, one each Tribes at 3 and 4. */
export const DEFAULT_POOL_SHARES: { readonly [P in LadderPool]: number } = {
  knights: 2,
  'tribes-3': 1,
  'tribes-4': 1,
};

/** The pool of the ladder's game `ordinal`: the shares laid out in a fixed round (a restart keeps it). */
export function poolOf(ordinal: number, shares: { readonly [P in LadderPool]: number }): LadderPool {
  const round = LADDER_POOLS.flatMap((p) => Array.from({ length: shares[p] }, () => p));
  if (round.length === 0) throw new Error('the ladder needs a pool with a share above 0');
  return round[ordinal % round.length];
}

export function isLadderPool(s: string): s is LadderPool {
  return (LADDER_POOLS as readonly string[]).includes(s);
}
