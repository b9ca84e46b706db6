import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { Position, positionAfter, presetLayout, STANDARD_LAYOUT } from '@attila/knights';
import type { CreateTableResponse, SeatGrant } from '@attila/protocol';
import type { RunningServer } from '../server.js';
import { get, post, tempDb } from '../test-support/http.js';
import { playRandomly, seatClients } from '../test-support/play.js';
import { dropSchema, freshSchema, POSTGRES_URL, postgresUp } from '../test-support/services.js';
import { startTestServer } from '../test-support/test-server.js';
import type { ExplorerAnswer } from './routes.js';
import { skipWithout } from '../test-support/skip-without.js';

const START = '...../...../...../..... R';
const explorer = (position: string) => `/api/knights/explorer?position=${encodeURIComponent(position)}`;

interface GameRecord {
  readonly moves: string[];
  readonly result: { winners: number[] };
}

/** Plays a whole Knights game between two people over WebSockets; its record. */
async function finishedGame(server: RunningServer, seed: string): Promise<GameRecord> {
  const created = await post<CreateTableResponse>(server.url, '/api/tables', {
    game: 'knights',
    settings: {},
    seats: [{ type: 'human' }, { type: 'human' }],
    name: 'Aetius',
  });
  const id = created.body.table.id;
  const j = await post<SeatGrant>(server.url, `/api/tables/${id}/join`, { name: 'Attila' });
  const grants = [
    { seat: 0, token: created.body.token as string },
    { seat: j.body.seat, token: j.body.token },
  ];
  const players = await seatClients(server.url, id, grants);
  await playRandomly(players, seed);
  for (const p of players) p.client.close();
  const record = await get<GameRecord>(server.url, `/api/tables/${id}/record`);
  return record.body;
}

/** The squares a square goes to under the standard board's symmetries (by name, from the layout). */
function orbit(square: string): Set<string> {
  const i = STANDARD_LAYOUT.names.indexOf(square);
  return new Set(STANDARD_LAYOUT.symmetries.map((s) => STANDARD_LAYOUT.names[s.perm[i]]));
}

/** What the explorer should say of the start: per first placement, the games that opened with it or an image. */
function expectedAtStart(records: readonly GameRecord[]) {
  return STANDARD_LAYOUT.names.map((move) => {
    const same = records.filter((r) => orbit(move).has(r.moves[0]));
    return { move, games: same.length, wins: same.filter((r) => r.result.winners.includes(0)).length };
  });
}

const backends: Array<[string, () => { postgres?: string; postgresSchema?: string }]> = [
  ['SQLite', () => ({})],
];
const schemas: string[] = [];
if (!skipWithout(postgresUp, 'PostgreSQL')) {
  backends.push([
    'PostgreSQL',
    () => {
      const schema = freshSchema();
      schemas.push(schema);
      return { postgres: POSTGRES_URL, postgresSchema: schema };
    },
  ]);
}
afterAll(async () => {
  for (const s of schemas) await dropSchema(s);
});

describe.each(backends)(
  'the opening explorer over finished games (%s)',
  { timeout: 120_000 },
  (_, options) => {
    it("counts every finished game from the start, up to symmetry, with the first placer's wins", async () => {
      const server = await startTestServer(options());
      try {
        const empty = await get<ExplorerAnswer>(server.url, explorer(START));
        expect(empty.status).toBe(200);
        expect(empty.body.games).toBe(0);
        const records: GameRecord[] = [];
        for (let i = 0; i < 5; i++) records.push(await finishedGame(server, `explorer-${i}`));
        const answer = await get<ExplorerAnswer>(server.url, explorer(START));
        expect(answer.body.games).toBe(5);
        const byMove = [...answer.body.moves].sort((a, b) => a.move.localeCompare(b.move));
        expect(byMove).toEqual(expectedAtStart(records).sort((a, b) => a.move.localeCompare(b.move)));
        // One ply on: the games that opened with the first game's placement (or an image of it) and their replies.
        const first = records[0].moves[0];
        const placed = await get<ExplorerAnswer>(server.url, explorer(positionAfter(START, first) as string));
        expect(placed.body.games).toBe(records.filter((r) => orbit(first).has(r.moves[0])).length);
        expect(placed.body.moves.find((m) => m.move === records[0].moves[1])?.games).toBeGreaterThan(0);
      } finally {
        await server.close();
      }
    });
  },
);

describe('the opening explorer backfills games finished before it counted', { timeout: 120_000 }, () => {
  it('a server started on a database with uncounted finished games counts them once', async () => {
    const file = tempDb();
    let server = await startTestServer({ dbFile: file });
    const records: GameRecord[] = [];
    for (let i = 0; i < 3; i++) records.push(await finishedGame(server, `backfill-${i}`));
    await server.close();
    // As a database migrated to version 12 holds them: finished games, nothing counted.
    const db = new Database(file);
    db.exec('DELETE FROM knights_explorer_counts; DELETE FROM knights_explorer_games;');
    db.close();
    server = await startTestServer({ dbFile: file });
    try {
      const answer = await get<ExplorerAnswer>(server.url, explorer(START));
      expect(answer.body.games).toBe(3);
      // Asked again (and after the background catch-up): still counted once.
      await new Promise((r) => setTimeout(r, 200));
      const again = await get<ExplorerAnswer>(server.url, explorer(START));
      expect(again.body.moves).toEqual(answer.body.moves);
      const byMove = [...again.body.moves].sort((x, y) => x.move.localeCompare(y.move));
      expect(byMove).toEqual(expectedAtStart(records).sort((x, y) => x.move.localeCompare(y.move)));
    } finally {
      await server.close();
    }
  });
});

/** A position of the move phase: six placements (the last legal one each time) from the start. */
function movePhase(): string {
  let p = Position.empty(STANDARD_LAYOUT, 'R');
  while (p.phase() === 'placement') {
    const next = p.play(p.legalMoves().at(-1) as string);
    if (!next.ok) throw new Error(next.error.message);
    p = next.value;
  }
  return p.toString();
}

describe('the opening explorer refuses what it cannot count', () => {
  it('answers 400 with a code and a message saying what is allowed', async () => {
    const server = await startTestServer();
    try {
      const cases: Array<[string, string]> = [
        ['/api/knights/explorer', 'request.invalid'],
        [explorer('R.R.R/...'), 'explorer.position'],
        [explorer('..x../...../...../..... R'), 'explorer.position'],
        [explorer('___.___/.......'), 'explorer.position'],
        [explorer(Position.empty(presetLayout('cross')!, 'R').toString()), 'explorer.layout'],
        [explorer(movePhase()), 'explorer.phase'],
      ];
      for (const [path, code] of cases) {
        const answer = await get<{ error: { code: string; message: string } }>(server.url, path);
        expect(answer.status, path).toBe(400);
        expect(answer.body.error.code, path).toBe(code);
        expect(answer.body.error.message.length, path).toBeGreaterThan(10);
      }
    } finally {
      await server.close();
    }
  });
});
