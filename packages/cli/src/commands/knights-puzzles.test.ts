import { readFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { botGame, parsePuzzleFile, PuzzleMiner, type MinedGame } from '@attila/bots';
import { moveToString, SIDE_LETTERS } from '@attila/knights';
import { SqliteStorage } from '@attila/server';
import { attila } from './cli.test-support.js';

/** The moves (notation) between a game's positions, found among each position's legal moves. */
function movesOf(game: MinedGame): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < game.positions.length; i++) {
    const p = game.positions[i];
    const next = game.positions[i + 1].toString();
    const code = p.legalMoveCodes().find((m) => p.playCode(m).toString() === next);
    if (code === undefined) throw new Error(`no move from ${p.toString()} to ${next}`);
    out.push(moveToString(p.layout, code));
  }
  return out;
}

/** A server database holding `game` as a finished listed Knights table. */
async function serverWith(file: string, id: string, game: MinedGame): Promise<void> {
  const s = new SqliteStorage(file);
  const first = SIDE_LETTERS[game.positions[0].side];
  await s.createTable({
    id,
    game: 'knights',
    settings: { layout: 'standard', first },
    seed: 'seed',
    rulesVersion: '1',
    listed: true,
    clockSettings: null,
    takeover: null,
    status: 'playing',
    createdAt: '2026-12-01T00:00:00.000Z',
    startedAt: '2026-12-01T00:00:00.000Z',
    finishedAt: null,
    result: null,
    clock: null,
    seats: [0, 1].map((seat) => ({
      seat,
      name: `P${seat}`,
      kind: 'human' as const,
      bot: null,
      tokenHash: null,
      controller: 'human' as const,
    })),
  });
  const moves = movesOf(game);
  for (const [i, move] of moves.entries()) {
    const last = i === moves.length - 1;
    const seat = game.positions[i].side;
    await s.appendMove(
      id,
      { seq: i + 1, seat, move, at: i },
      last
        ? {
            status: 'finished',
            finishedAt: '2026-12-01T01:00:00.000Z',
            result: { winners: [seat], reason: 'no move left' },
          }
        : {},
    );
  }
  await s.close();
}

describe('attila knights puzzles', () => {
  it("mines a server database's finished Knights games: the same puzzles as the games themselves hold", async () => {
    // Bot games known to hold puzzles, stored as a server stores finished games.
    const games = [0, 1, 2, 3, 4, 5].map((i) => botGame('cli-test', i));
    const direct = new PuzzleMiner();
    for (const g of games) direct.add(g);
    expect(direct.puzzles.length).toBeGreaterThan(0);
    const dir = mkdtempSync(join(tmpdir(), 'attila-puzzles-'));
    const db = join(dir, 'server.db');
    for (const [i, g] of games.entries()) await serverWith(db, `t${i}`, g);
    const out = join(dir, 'mined.puzzles');
    const run = await attila(['knights', 'puzzles', 'mine', '--from-server', db, '--out', out]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stderr.trim().split('\n').pop() as string) as Record<string, unknown>;
    expect(report.serverGames).toBe(games.length);
    const mined = parsePuzzleFile(readFileSync(out, 'utf8'));
    if (!mined.ok) throw new Error(mined.error.message);
    const key = (z: { position: string; line: readonly string[] }) => `${z.position} ${z.line.join(' ')}`;
    expect(mined.value.map(key).sort()).toEqual(direct.puzzles.map(key).sort());
    expect(mined.value.every((z) => z.source.startsWith('server:t'))).toBe(true);
    // And the checker passes the mined file.
    const check = await attila(['knights', 'puzzles', 'check', out]);
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/0 with problems, 0 duplicates/);
  }, 120_000);

  it('refuses to mine nothing, and a bad count, with what is allowed', async () => {
    const [none, bad] = await Promise.all([
      attila(['knights', 'puzzles', 'mine']),
      attila(['knights', 'puzzles', 'mine', '--bot-games', 'many']),
    ]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('nothing to mine');
    expect(bad.stderr).toContain('--bot-games is a whole number');
  });
});
