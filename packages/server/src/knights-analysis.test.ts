import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solverFor, solverPosition, valuesOfMoves } from '@attila/bots/knights-solver';
import { standardOpeningTable } from '@attila/bots';
import { moveToString, Position, presetLayout, STANDARD_LAYOUT } from '@attila/knights';
import { startServer } from './server.js';
import { post, tempDb } from './test-support/http.js';
import { valueAfter } from './knights-analysis-worker.js';

interface Answer {
  position: string;
  verdicts: { move: string; value: number; exact: boolean }[];
  complete: boolean;
  ms: number;
}

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer({
    port: 0,
    botDelayMs: 0,
    botMinThinkMs: 0,
    logger: pino({ level: 'silent' }),
    dbFile: tempDb(),
  });
});
afterAll(() => server?.close());

function placed(...squares: string[]): Position {
  let p = Position.empty(STANDARD_LAYOUT, 'R');
  for (const s of squares) {
    const next = p.play(s);
    if (!next.ok) throw new Error(next.error.message);
    p = next.value;
  }
  return p;
}

const analyse = (body: unknown) =>
  post<Answer & { error?: { code: string; message: string } }>(server.url, '/api/knights/analyse', body);

describe('POST /api/knights/analyse', { timeout: 60_000 }, () => {
  it('refuses a malformed request or position, saying what is wrong', async () => {
    expect(await analyse({})).toMatchObject({ status: 400, body: { error: { code: 'request.invalid' } } });
    expect(await analyse({ position: 'x', extra: 1 })).toMatchObject({ status: 400 });
    expect(await analyse({ position: 'x'.repeat(201) })).toMatchObject({ status: 400 });
    expect(await analyse({ position: '...../..... R', budgetMs: 99_999 })).toMatchObject({ status: 400 });
    const bad = await analyse({ position: 'not a position' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe('analysis.position');
    expect(bad.body.error?.message.length).toBeGreaterThan(10);
  });

  it('answers from the opening book at once where it knows the position (rule: the standard board is a second-player win)', async () => {
    // After c3 and the Huns' winning reply c2 the Romans lose whatever they place.
    const lost = await analyse({ position: placed('c3', 'c2').toString() });
    expect(lost.status).toBe(200);
    expect(lost.body.complete).toBe(true);
    expect(lost.body.verdicts.length).toBe(placed('c3', 'c2').legalMoves().length);
    // The book's verdicts (win or loss) or the opening table's (exact) where it is built.
    expect(lost.body.verdicts.every((v) => (v.value === -1 && !v.exact) || (v.value < 0 && v.exact))).toBe(
      true,
    );
    expect(lost.body.ms).toBeLessThan(1000);
    // After c3 the Huns' book reply c2 wins, and the complete opening table (issue 29) knows every other reply
    // exactly too, with no time to search.
    const first = await analyse({ position: placed('c3').toString(), budgetMs: 0 });
    const c2 = first.body.verdicts.find((v) => v.move === 'c2');
    expect(c2 && c2.value > 0 && c2.exact).toBe(true);
    expect(first.body.complete).toBe(true);
    expect(first.body.verdicts.length).toBe(placed('c3').legalMoves().length);
  });

  it('answers the placements the opening table knows at once and exactly, searching none of them', async () => {
    const table = standardOpeningTable()!;
    let position: Position | null = null;
    for (let r = 0; r < table.space.count(5) && position === null; r++) {
      const [mover, other] = table.space.unrank(5, r);
      const b = Position.empty(STANDARD_LAYOUT, 'H').toBoard();
      [b.huns, b.romans] = [mover, other]; // five knights: the second player (here the Huns) places
      const p = Position.fromBoard(b);
      if (table.knownPlacementValues(p) !== null) position = p;
    }
    expect(position).not.toBeNull();
    const answer = await analyse({ position: position!.toString(), budgetMs: 0 });
    expect(answer.body.complete).toBe(true);
    const expected = table.knownPlacementValues(position!)!.map((m) => ({
      move: STANDARD_LAYOUT.names[m.square],
      value: m.value,
      exact: true,
    }));
    expect(answer.body.verdicts).toEqual(expected);
    expect(answer.body.ms).toBeLessThan(1000);
  });

  it('proves late positions exactly, matching the solver', async () => {
    // Four turns after the placement: a position a browser would also solve in well under a second.
    let p = placed('a1', 'e4', 'b3', 'd2', 'c1', 'c4');
    for (let turn = 0; turn < 4; turn++) p = p.playCode(p.legalMoveCodes()[0]);
    const answer = await analyse({ position: p.toString(), budgetMs: 5000 });
    expect(answer.body.complete).toBe(true);
    const expected = valuesOfMoves(solverFor(p.layout), solverPosition(p)).map((v) => ({
      move: moveToString(p.layout, v.move),
      value: v.value,
      exact: true,
    }));
    expect([...answer.body.verdicts].sort((a, b) => a.move.localeCompare(b.move))).toEqual(
      expected.sort((a, b) => a.move.localeCompare(b.move)),
    );
  });

  it('stops at its time budget and says the answer is incomplete', async () => {
    const t0 = Date.now();
    // Early on a board no table covers (the cross): a search of minutes, cut at the budget.
    const cross = Position.empty(presetLayout('cross')!, 'R').play('c3');
    if (!cross.ok) throw new Error(cross.error.message);
    const answer = await analyse({ position: cross.value.toString(), budgetMs: 300 });
    expect(answer.status).toBe(200);
    expect(answer.body.complete).toBe(false);
    expect(Date.now() - t0).toBeLessThan(3000);
  });

  it('counts a move that leaves the opponent no move as a win in one ply', () => {
    expect(valueAfter(0)).toBe(1);
    expect(valueAfter(-4)).toBe(5);
    expect(valueAfter(3)).toBe(-4);
  });
});

type ValuesAnswer = {
  values: Array<{ value: number; best: string | null } | null>;
  error?: { code: string; message: string };
};
const values = (body: unknown) => post<ValuesAnswer>(server.url, '/api/knights/values', body);

describe('POST /api/knights/values (a game’s positions, from the tables alone)', { timeout: 60_000 }, () => {
  it('answers every placement position of a game exactly from the opening table, with a move that keeps it', async () => {
    const table = standardOpeningTable()!;
    const line = ['c3', 'c2', 'b3', 'd2', 'a3'];
    const positions = line.map((_, i) => placed(...line.slice(0, i)));
    const r = await values({ positions: positions.map((p) => p.toString()) });
    expect(r.status).toBe(200);
    expect(r.body.values).toHaveLength(positions.length);
    for (const [i, p] of positions.entries()) {
      const v = r.body.values[i]!;
      expect(v.value).toBe(table.positionValue(p));
      // The best move leaves the opponent the value that gives this one.
      const after = p.play(v.best!);
      expect(after.ok && valueAfter(table.positionValue(after.value)!)).toBe(v.value);
    }
    expect(r.body.values[0]!.value).toBe(-18);
  });

  it('says 0 for a finished game and null where the tables do not know (a move phase with no tablebase)', async () => {
    const impossible = 'RRR../...../...../..... R'; // three Romans placed and none of the Huns: refused
    const over = 'R#H#H/#####/#####/R#H#R H'; // the Huns have no jump: the game is over
    const move = 'R..H./..H../...R./.R..H R';
    const r = await values({ positions: [over, move] });
    expect(r.status).toBe(200);
    expect(r.body.values).toEqual([{ value: 0, best: null }, null]);
    expect((await values({ positions: [impossible] })).status).toBe(400);
  });

  it('refuses a malformed request, naming the bad position', async () => {
    expect(await values({})).toMatchObject({ status: 400, body: { error: { code: 'request.invalid' } } });
    expect(await values({ positions: [] })).toMatchObject({ status: 400 });
    expect(await values({ positions: Array(65).fill('...../...../...../..... R') })).toMatchObject({
      status: 400,
    });
    const bad = await values({ positions: ['...../...../...../..... R', 'nonsense'] });
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'analysis.position' } } });
    expect(bad.body.error!.message).toMatch(/^positions\[1\]: /);
  });
});
