/**
 * `GET /api/knights/explorer?position=<position>`: the opening explorer's counts of a placement-phase
 * position of the standard board, from the server's finished games: for every legal placement, how many
 * games played it from this position (or from one equal to it up to the board's symmetries) and how many of
 * those the side that placed it won. The exact values come from the opening table and the solver, not from
 * here (the analysis board already has them).
 *
 * Answer: `{position, games, moves: [{move, games, wins}]}` (`games`: the games that placed from here).
 * Refused (400): no position, a malformed one, another layout, or a position past the placement phase.
 */
import type { FastifyInstance } from 'fastify';
import { Position, STANDARD_LAYOUT } from '@attila/knights';
import type { ErrorBody } from '@attila/protocol';
import { err, ok, type Result } from '@attila/core';
import type { Storage } from '../storage/types.js';
import { ExplorerIndex } from './index.js';
import { countsByMove, explorerKey } from './placements.js';

export interface ExplorerAnswer {
  readonly position: string;
  readonly games: number;
  readonly moves: ReadonlyArray<{ move: string; games: number; wins: number }>;
}

/** Reads the `position` query parameter: a placement-phase position of the standard board. */
export function parseExplorerPosition(raw: unknown): Result<Position> {
  if (typeof raw !== 'string' || raw.trim() === '') {
    return err(
      'request.invalid',
      'give the position as ?position=<position string>, e.g. ?position=...../...../...../..... R',
    );
  }
  const parsed = Position.parse(raw);
  if (!parsed.ok) return err('explorer.position', parsed.error.message);
  const p = parsed.value;
  if (p.layout !== STANDARD_LAYOUT) {
    return err('explorer.layout', 'the explorer counts games of the standard board (4 rows of 5) only');
  }
  if (p.phase() !== 'placement' || p.winner() !== null) {
    return err(
      'explorer.phase',
      'the explorer counts placements only: give a position of the placement phase (no square scorched, a side still to place)',
    );
  }
  return ok(p);
}

export function registerKnightsExplorer(app: FastifyInstance, storage: Storage): ExplorerIndex {
  const index = new ExplorerIndex(storage);
  // The backfill: games finished before the explorer existed, or while this server was down.
  app.addHook('onReady', async () => {
    void index.catchUpAll().catch((e: unknown) => app.log.warn({ err: e }, 'explorer catch-up failed'));
  });
  app.addHook('onClose', () => index.close());

  app.get<{ Querystring: { position?: unknown } }>('/api/knights/explorer', async (req, reply) => {
    const read = parseExplorerPosition(req.query.position);
    if (!read.ok) {
      const error: ErrorBody = { error: { code: read.error.code, message: read.error.message } };
      return reply.code(400).send(error);
    }
    const position = read.value;
    await index.catchUp();
    const counts = await storage.explorer.counts(explorerKey(position));
    const moves = countsByMove(position, counts);
    // Each game placed once from here: summed over the positions made, not the moves (symmetric moves share).
    const games = [...counts.values()].reduce((n, c) => n + c.games, 0);
    return { position: position.toString(), games, moves } satisfies ExplorerAnswer;
  });
  return index;
}
