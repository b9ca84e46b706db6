/**
 * `attila knights solve` and `attila knights analyse`: the perfect solver on the command line. Registered on the
 * `knights` command by `registerKnights`.
 */
import { homedir } from 'node:os';
import { defaultTablebaseDir } from '../data-dir.js';
import { createInterface } from 'node:readline';
// The solver's own modules, not `@attila/bots` (every bot of both games): `attila knights solve` is a whole
// process in under a second, and most of that is loading modules (see registerKnightsSolveOnly).
import {
  solveExact,
  solveExactKnowing,
  solveQuick,
  solverFor,
  solverPosition,
  valuesOfMoves,
} from '@attila/bots/knights-solver';
import { betterValue } from '@attila/bots/knights-table';
import { openingTableFor } from '@attila/bots/knights-table-load';
import { tablebaseFor, tablebaseMoveValues, useTablebaseDir } from '@attila/bots/knights-tablebase-lookup';
import { PLACEMENT } from '@attila/knights';
import { moveToString, Position } from '@attila/knights';
import type { Command } from 'commander';

export interface SolveLine {
  readonly position: string;
  readonly value: number;
  readonly best: string[];
  readonly nodes: number;
  readonly ms: number;
  /** Where the value came from: the opening table (placement phase of the standard board), the move-phase
   * tablebase (`attila knights tablebase build`), or a search. */
  readonly source: 'table' | 'tablebase' | 'solver';
}

/** Solves one position given as text; the error message says what is wrong with the text. */
export function solveText(
  text: string,
  quick: boolean,
): { ok: true; line: SolveLine } | { ok: false; error: string } {
  const parsed = Position.parse(text);
  if (!parsed.ok) return { ok: false, error: parsed.error.message };
  const position = parsed.value;
  const start = performance.now();
  const names = (moves: number[]) => moves.map((m) => moveToString(position.layout, m)).sort();
  const finish = (value: number, best: number[], nodes: number, source: SolveLine['source']): SolveLine => ({
    position: position.toString(),
    value,
    best: names(best),
    nodes,
    ms: Math.round(performance.now() - start),
    source,
  });
  // The opening table is loaded (~0.2 s) only where it answers: the placement phase, or a search's value.
  const table = () => (position.scorched === 0 ? openingTableFor(position) : null);
  const placements =
    position.phase() === 'placement' ? (table()?.knownPlacementValues(position) ?? null) : null;
  if (placements !== null && placements.length > 0) {
    // Every placement's value is in the table: the answer without a search.
    const value = placements.reduce((b, m) => betterValue(b, m.value), placements[0].value);
    const best = placements.filter((m) => m.value === value).map((m) => PLACEMENT | m.square);
    const line = quick
      ? finish(Math.sign(value), best.slice(0, 1), 0, 'table')
      : finish(value, best, 0, 'table');
    return { ok: true, line };
  }
  const fromTablebase = tablebaseAnswer(position);
  if (fromTablebase !== null) {
    const { value, best } = fromTablebase;
    const line = quick
      ? finish(Math.sign(value), best.slice(0, 1), 0, 'tablebase')
      : finish(value, best, 0, 'tablebase');
    return { ok: true, line };
  }
  const solver = solverFor(position.layout);
  const p = solverPosition(position);
  if (quick) {
    const q = solveQuick(solver, p);
    return { ok: true, line: finish(q.value, q.move === null ? [] : [q.move], q.nodes, 'solver') };
  }
  // Just after placement the table knows the value; only the optimal moves are searched.
  const known = table()?.positionValue(position) ?? null;
  const e = known !== null ? solveExactKnowing(solver, p, known) : solveExact(solver, p);
  return { ok: true, line: finish(e.value, e.best, e.nodes, known !== null ? 'table' : 'solver') };
}

/** A move-phase position's value and optimal moves from the tablebase, when the layout's is built. */
function tablebaseAnswer(position: Position): { value: number; best: number[] } | null {
  if (position.phase() !== 'turns') return null;
  const tb = tablebaseFor(position.layout);
  const moves = tb === null ? null : tablebaseMoveValues(tb, position);
  if (moves === null) return null;
  const value = moves.reduce((b, m) => betterValue(b, m.value), moves[0].value);
  return { value, best: moves.filter((m) => m.value === value).map((m) => m.move) };
}

/** `+N` / `-N` / `0` as on the rules page. */
export function formatValue(value: number): string {
  return value > 0 ? `+${value}` : String(value);
}

export function registerKnightsSolve(knights: Command, fail: (message: string) => never): void {
  knights
    .command('solve')
    .description(
      'solve a position: one line of JSON {"position","value","best","nodes","ms"}; value +N wins in N plies, -N loses in N, 0 game over',
    )
    .argument('[position]', 'a position such as "R..H./..H../...R./.R..H R"')
    .option('--stdin', 'read one position a line from standard input, print one line each')
    .option('--quick', 'only win (+1) or loss (-1), with one move that keeps the best result')
    .option('--tablebase <dir>', 'the folder of move-phase tablebases (attila knights tablebase build)')
    .action(
      async (
        positionText: string | undefined,
        opts: { stdin?: boolean; quick?: boolean; tablebase?: string },
      ) => {
        useTablebaseDir(opts.tablebase ?? defaultTablebaseDir(process.env, homedir()));
        const quick = opts.quick === true;
        if (opts.stdin) {
          if (positionText !== undefined) fail('give either a position or --stdin, not both');
          const rl = createInterface({ input: process.stdin, terminal: false });
          for await (const raw of rl) {
            if (raw.trim() === '') continue;
            const r = solveText(raw, quick);
            if (r.ok) process.stdout.write(`${JSON.stringify(r.line)}\n`);
            else {
              process.stdout.write(`${JSON.stringify({ position: raw.trim(), error: r.error })}\n`);
              process.exitCode = 1;
            }
          }
          return;
        }
        if (positionText === undefined) fail('give a position, e.g. "R..H./..H../...R./.R..H R", or --stdin');
        const r = solveText(positionText, quick);
        if (!r.ok) fail(r.error);
        process.stdout.write(`${JSON.stringify(r.line)}\n`);
      },
    );

  knights
    .command('analyse')
    .alias('analyze')
    .description('list every legal move with its value for the side to move, best first')
    .argument('<position>', 'a position such as "R..H./..H../...R./.R..H R"')
    .option('--tablebase <dir>', 'the folder of move-phase tablebases (attila knights tablebase build)')
    .action((positionText: string, opts: { tablebase?: string }) => {
      useTablebaseDir(opts.tablebase ?? defaultTablebaseDir(process.env, homedir()));
      const parsed = Position.parse(positionText);
      if (!parsed.ok) fail(parsed.error.message);
      const position = parsed.value;
      const start = performance.now();
      const fromTable = openingTableFor(position)?.knownPlacementValues(position) ?? null;
      const tb = position.phase() === 'turns' ? tablebaseFor(position.layout) : null;
      const fromTablebase = tb === null ? null : tablebaseMoveValues(tb, position);
      const rows =
        fromTable !== null
          ? fromTable.map((m) => ({ move: position.layout.names[m.square], value: m.value }))
          : fromTablebase !== null
            ? fromTablebase.map((r) => ({ move: moveToString(position.layout, r.move), value: r.value }))
            : valuesOfMoves(solverFor(position.layout), solverPosition(position)).map((r) => ({
                move: moveToString(position.layout, r.move),
                value: r.value,
              }));
      // Best first: quick wins, slow wins, slow losses, quick losses; then by name.
      const rank = (v: number) => (v > 0 ? 1000 - v : -1000 - v);
      rows.sort((a, b) => rank(b.value) - rank(a.value) || (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
      const out = (line: string) => process.stdout.write(`${line}\n`);
      out(`position: ${position.toString()}`);
      if (rows.length === 0) {
        out(
          `value: 0 (the ${position.sideToMove === 'R' ? 'Romans' : 'Huns'} to move cannot move: game over)`,
        );
        return;
      }
      out(
        `value: ${formatValue(rows[0].value)}  (${rows.length} legal moves, ${Math.round(performance.now() - start)} ms` +
          `${fromTable !== null ? ', from the opening table' : fromTablebase !== null ? ', from the tablebase' : ''})`,
      );
      for (const r of rows) out(`${formatValue(r.value).padStart(4)}  ${r.move}`);
    });
}

/** The `knights` command with `solve` and `analyse` alone (what `attila knights solve …` loads). */
export function registerKnightsSolveOnly(knights: Command): void {
  registerKnightsSolve(knights, (message) => {
    process.stderr.write(`error: ${message}\n`);
    process.exit(1);
  });
}
