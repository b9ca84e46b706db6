/**
 * A run summarized again from its game records, also from the records of several shards (`--first-game`)
 * played in different sessions or on different machines. A run is its players, settings, seed and bots (as
 * typed and as they played, budgets included): records of different runs are refused, and so is a game found
 * twice, since either would silently bias the figures.
 */
import { err, ok, type GameRecord, type Result } from '@attila/core';
import type { Budget } from '../bot.js';
import { summarize, type ArenaConfig, type ArenaReport, type GameOutcome } from './arena.js';
import { parseBudget } from './budget.js';
import { takesRunBudget } from './players.js';

export interface RecordedRun {
  readonly config: ArenaConfig;
  readonly outcomes: GameOutcome[];
  /** The `--budget` of the run, when a bot used it (a bot that takes it, without a budget of its own). */
  readonly budget?: Budget;
}

/** A record with where it came from, for the error messages. */
export interface SourcedRecord {
  readonly file: string;
  readonly record: GameRecord;
}

interface RunKey {
  players: number;
  seed: string;
  settings: string;
  bots: string[];
  played: string[];
}

function keyText(k: RunKey): string {
  const bots = k.bots.map((b, i) => (k.played[i] === b ? b : `${b} (${k.played[i]})`)).join(', ');
  return `${k.players} players, seed "${k.seed}", bots ${bots}`;
}

/** Game g of run S: its record's seed is `S/g` and its id `arena-S-g`; seat i holds bot (i + g) mod N. */
function readOne(file: string, r: GameRecord): Result<{ key: RunKey; outcome: GameOutcome }> {
  const bad = (why: string) => err('arena.summary', `${file}: ${why}`);
  if (r.game !== 'tribes') return bad(`a ${r.game} record, not a Tribes arena game`);
  const m = /^(.*)\/(\d+)$/.exec(r.seed);
  if (!m || r.id !== `arena-${m[1]}-${m[2]}`) {
    return bad(`not an arena game record (seed "${r.seed}", id "${r.id}")`);
  }
  const index = Number(m[2]);
  const scores = r.result?.scores;
  if (!r.result || !scores) return bad('the game has no result');
  const n = r.players.length;
  if (scores.length !== n) return bad(`${scores.length} scores for ${n} players`);
  if (r.settings.players !== n) return bad(`settings for ${String(r.settings.players)} players, ${n} seated`);
  const entryAt = (seat: number) => r.players[(((seat - index) % n) + n) % n];
  const key: RunKey = {
    players: n,
    seed: m[1],
    settings: JSON.stringify(r.settings),
    bots: Array.from({ length: n }, (_, e) => entryAt(e).name),
    played: Array.from({ length: n }, (_, e) => entryAt(e).bot ?? entryAt(e).name),
  };
  const outcome: GameOutcome = {
    index,
    seed: r.seed,
    seats: Array.from({ length: n }, (_, seat) => (seat + index) % n),
    scores,
    winners: r.result.winners,
    reason: r.result.reason ?? '',
    moves: r.moves,
    thinkMs: new Array<number>(n).fill(0),
    decisions: new Array<number>(n).fill(0),
  };
  return ok({ key, outcome });
}

/** The run the records come from, with its games in order; an error for records of several runs or a repeated game. */
export function runFromRecords(records: readonly SourcedRecord[]): Result<RecordedRun> {
  if (records.length === 0) return err('arena.summary', 'no game records found');
  let key: RunKey | null = null;
  let keyFile = '';
  const seen = new Map<number, string>();
  const outcomes: GameOutcome[] = [];
  for (const { file, record } of records) {
    const one = readOne(file, record);
    if (!one.ok) return one;
    const k = one.value.key;
    if (!key) {
      key = k;
      keyFile = file;
    } else if (keyText(k) !== keyText(key) || k.settings !== key.settings) {
      const what =
        keyText(k) !== keyText(key) ? `${keyText(k)}\n  and ${keyText(key)}` : 'different settings';
      return err('arena.summary', `${file} and ${keyFile} are games of different runs: ${what}`);
    }
    const index = one.value.outcome.index;
    const twin = seen.get(index);
    if (twin !== undefined) return err('arena.summary', `game ${index} is there twice: ${twin} and ${file}`);
    seen.set(index, file);
    outcomes.push(one.value.outcome);
  }
  const k = key!;
  // `--budget` is what an `ismcts`, `cheating` or `peeking` typed without a budget played with.
  let budget: Budget | undefined;
  k.bots.forEach((b, i) => {
    if (takesRunBudget(b) && k.played[i].startsWith(`${b}@`)) {
      const parsed = parseBudget(k.played[i].slice(b.length + 1));
      if (parsed.ok) budget = parsed.value;
    }
  });
  outcomes.sort((a, b) => a.index - b.index);
  return ok({
    config: { players: k.players, bots: k.bots, games: outcomes.length, seed: k.seed, budget },
    outcomes,
    budget,
  });
}

/** The arena's report for a recorded run; thinking times are not in the records (`msPerMove` null). */
export function summarizeRecords(run: RecordedRun): ArenaReport {
  const report = summarize(run.config, run.outcomes);
  return { ...report, bots: report.bots.map((b) => ({ ...b, msPerMove: null })) };
}

/** The games a run's outcomes cover, as ranges: "0-99, 200-249". */
export function gameRanges(outcomes: readonly GameOutcome[]): string {
  const parts: string[] = [];
  let start = -1;
  let prev = -2;
  for (const { index } of outcomes) {
    if (index !== prev + 1) {
      if (start >= 0) parts.push(start === prev ? `${start}` : `${start}-${prev}`);
      start = index;
    }
    prev = index;
  }
  if (start >= 0) parts.push(start === prev ? `${start}` : `${start}-${prev}`);
  return parts.join(', ');
}
