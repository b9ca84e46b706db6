/**
 * Knights puzzles over HTTP. `GET /api/puzzles/next`: a puzzle near the player's puzzle rating (an account's
 * rating, else the starting 1500), one the account has not tried; `GET /api/puzzles/daily`: the same
 * puzzle for everyone on a UTC date (chosen from the date alone); `GET /api/puzzles/:id`;
 * `POST /api/puzzles/:id/attempt` with the player's moves: the server follows the puzzle's line itself, so
 * the verdict is its own, and rates an account's first attempt (Glicko-2 between player and puzzle, both
 * ratings in one transaction). A guest solves without a rating.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PuzzleRun, type KnightsPuzzle } from '@attila/bots/knights-puzzles';
import { standardPuzzles } from '@attila/bots';
import {
  describeZodError,
  puzzleAttemptSchema,
  puzzleNextQuerySchema,
  type PuzzleAttemptResponse,
  type PuzzleRatingView,
  type PuzzleResponse,
  type PuzzleView,
} from '@attila/protocol';
import { defaultRating, puzzleSeedRating, type Rating } from '@attila/ratings';
import type { Identity } from './identity/identity.js';
import { refuse } from './identity/routes.js';
import type { Storage } from './storage/types.js';

/** Candidates for "next": this many puzzles nearest the player's rating, one taken at random. */
const NEAREST = 8;

const view = (r: Rating): PuzzleRatingView => ({
  rating: Math.round(r.rating),
  deviation: Math.round(r.deviation),
  attempts: r.games,
});

/** The daily puzzle's index for a UTC date: a hash of the date, so every server agrees. */
export function dailyIndex(date: string, count: number): number {
  let h = 0x811c9dc5;
  for (const c of `attila-daily-${date}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return ((h ^ (h >>> 12)) >>> 0) % count;
}

/** Follows the player's moves through the puzzle: solved, failed (a wrong move), or unfinished (null). */
export function judgeAttempt(z: KnightsPuzzle, moves: readonly string[]): boolean | null {
  const run = new PuzzleRun(z);
  for (const text of moves) {
    if (run.solved) return null;
    const code = run.position.parseMove(text);
    if (!code.ok || run.play(code.value).kind === 'wrong') return false;
  }
  return run.solved ? true : null;
}

export function registerPuzzleRoutes(
  app: FastifyInstance,
  storage: Storage,
  identity: Identity,
  puzzles: readonly KnightsPuzzle[] = standardPuzzles(),
): void {
  const byId = new Map(puzzles.map((z) => [z.id, z]));
  const sorted = [...puzzles].sort((a, b) => (a.id < b.id ? -1 : 1));
  const accountOf = async (req: FastifyRequest) => {
    const current = await identity.of(req);
    return current && current.player.nameKey !== null ? current.player : null;
  };
  const ratingOf = (z: KnightsPuzzle, stored: Map<string, Rating>) =>
    stored.get(z.id) ?? puzzleSeedRating(z.plies);
  const respond = async (req: FastifyRequest, z: KnightsPuzzle, daily: string | null) => {
    const account = await accountOf(req);
    const stored = await storage.puzzles.puzzleRatings();
    const player = account ? await storage.puzzles.playerRating(account.id) : null;
    const puzzle: PuzzleView = {
      id: z.id,
      position: z.position,
      plies: z.plies,
      line: z.line,
      rating: Math.round(ratingOf(z, stored).rating),
    };
    const body: PuzzleResponse = {
      puzzle,
      player: player ? view(player) : null,
      account: account !== null,
      daily,
    };
    return body;
  };

  app.get('/api/puzzles/next', async (req, reply) => {
    const q = puzzleNextQuerySchema.safeParse(req.query);
    if (!q.success) return refuse(reply, 'request.invalid', describeZodError(q.error));
    const account = await accountOf(req);
    const stored = await storage.puzzles.puzzleRatings();
    const target = account
      ? ((await storage.puzzles.playerRating(account.id)) ?? defaultRating('glicko2')).rating
      : defaultRating('glicko2').rating;
    const tried = account ? await storage.puzzles.attempted(account.id) : new Set<string>();
    // A guest's client names the puzzle it just did (`after`), so that "next" is another one.
    if (q.data.after) tried.add(q.data.after);
    const open = puzzles.filter((z) => !tried.has(z.id));
    const pool = open.length > 0 ? open : puzzles;
    const nearest = pool
      .map((z) => ({ z, d: Math.abs(ratingOf(z, stored).rating - target) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, NEAREST);
    return respond(req, nearest[Math.floor(Math.random() * nearest.length)].z, null);
  });

  app.get('/api/puzzles/daily', async (req) => {
    const date = new Date().toISOString().slice(0, 10);
    return respond(req, sorted[dailyIndex(date, sorted.length)], date);
  });

  app.get<{ Params: { id: string } }>('/api/puzzles/:id', async (req, reply) => {
    const z = byId.get(req.params.id);
    if (!z) return refuse(reply, 'puzzle.not-found', `there is no puzzle "${req.params.id}"`);
    return respond(req, z, null);
  });

  app.post<{ Params: { id: string } }>('/api/puzzles/:id/attempt', async (req, reply) => {
    const z = byId.get(req.params.id);
    if (!z) return refuse(reply, 'puzzle.not-found', `there is no puzzle "${req.params.id}"`);
    const body = puzzleAttemptSchema.safeParse(req.body);
    if (!body.success) return refuse(reply, 'request.invalid', describeZodError(body.error));
    const solved = judgeAttempt(z, body.data.moves);
    if (solved === null) {
      return refuse(
        reply,
        'request.invalid',
        `the moves neither solve the puzzle nor contain a wrong move: send the player's moves up to the last one of the solution (${Math.ceil(z.plies / 2)} moves) or up to the first wrong one`,
      );
    }
    const account = await accountOf(req);
    if (!account) {
      const out: PuzzleAttemptResponse = { solved, rated: false, player: null, change: 0 };
      return out;
    }
    const r = await storage.puzzles.rateAttempt(
      account.id,
      z.id,
      puzzleSeedRating(z.plies),
      solved,
      Date.now(),
    );
    const out: PuzzleAttemptResponse = {
      solved,
      rated: r.rated,
      player: r.rated || r.before.games > 0 ? view(r.after) : null,
      change: Math.round(r.after.rating) - Math.round(r.before.rating),
    };
    return out;
  });
}
