/**
 * Which pools there are and what table each makes: a pool is a game, a speed class, a number of seats
 * (Knights 2, Tribes 2–5) and rated or casual. Its clock is fixed per speed class, so that a pool's games
 * are rated in the class they are paired in (`speedClassOf` of @attila/ratings gives it back).
 */
import { err, ok, type Result } from '@attila/core';
import type { ClockSettings, JoinPool, PoolGame, PoolSpeed } from '@attila/protocol';

const MINUTE = 60_000;
export const POOL_CLOCKS: Record<PoolSpeed, Extract<ClockSettings, { mode: 'game' }>> = {
  fast: { mode: 'game', initialMs: 5 * MINUTE, incrementMs: 3000 },
  slow: { mode: 'game', initialMs: 15 * MINUTE, incrementMs: 10_000 },
};

export interface PoolSpec {
  readonly game: PoolGame;
  readonly speed: PoolSpeed;
  readonly seats: number;
  readonly rated: boolean;
}

export function poolKey(p: PoolSpec): string {
  return `${p.game}/${p.speed}/${p.seats}/${p.rated ? 'rated' : 'casual'}`;
}

export function parsePoolKey(key: string): PoolSpec | null {
  const m = /^(knights|tribes)\/(fast|slow)\/([2-5])\/(rated|casual)$/.exec(key);
  if (!m) return null;
  return { game: m[1] as PoolGame, speed: m[2] as PoolSpeed, seats: Number(m[3]), rated: m[4] === 'rated' };
}

/** The pool a join request names, or why there is none. */
export function poolOf(request: JoinPool, isAccount: boolean): Result<PoolSpec> {
  if (request.game === 'knights' && request.seats !== 2)
    return err('pool.seats', `Knights is played by 2, not ${request.seats}: give seats 2 (or leave it out)`);
  if (request.game === 'knights' && request.botsAfterSeconds !== null)
    return err('pool.seats', 'bots fill empty seats in Tribes pools only; Knights pairs two people');
  if (request.rated && request.botsAfterSeconds !== null)
    return err(
      'pool.rated-bots',
      'games with bots are casual: join a casual pool to have bots fill the table, or wait for people in a rated one',
    );
  if (request.rated && !isAccount)
    return err(
      'pool.rated-guest',
      'rated pools are for accounts: you play as a guest; claim an account (a name and a password) or join a casual pool',
    );
  return ok({ game: request.game, speed: request.speed, seats: request.seats, rated: request.rated });
}

/** The engine's settings for a pool's table. */
export function settingsOf(p: PoolSpec): Record<string, unknown> {
  return p.game === 'tribes' ? { players: p.seats } : {};
}
