/**
 * What the tables say about a layout's game, counted from them (never typed by hand): per scorch layer of the
 * tablebase the positions, the wins for the side to move and the longest win and loss; from the opening
 * table the positions just after placement by value (the longest win with best play from any of them), the
 * placement layers' wins, and the value of every first placement. `facts-readme.ts` writes them into the
 * Knights README.
 */
import { moveToString, PLACEMENT, Position, type Layout } from '@attila/knights';
import type { OpeningTable } from '../table/table.js';
import { decodeValue } from '../table/format.js';
import { KNIGHTS } from '../table/space.js';
import type { TablebaseFile } from './file.js';

export interface LayerFacts {
  readonly scorched: number;
  readonly positions: number;
  /** Positions won by the side to move (an odd length). */
  readonly wins: number;
  readonly losses: number;
  /** The longest win in plies (0: none), and the longest loss. */
  readonly longestWin: number;
  readonly longestLoss: number;
}

/** Every layer's counts, from the file's 4-bit lengths (wins odd, losses even). */
export function tablebaseFacts(tb: TablebaseFile): LayerFacts[] {
  const facts: LayerFacts[] = [];
  for (let s = tb.sp.free; s >= 0; s--) {
    const counts = tb.lengthCounts(s);
    let wins = 0;
    let losses = 0;
    let longestWin = 0;
    let longestLoss = 0;
    counts.forEach((n, length) => {
      if (n === 0) return;
      if (length % 2 === 1) {
        wins += n;
        longestWin = length;
      } else {
        losses += n;
        longestLoss = length;
      }
    });
    facts.push({ scorched: s, positions: wins + losses, wins, losses, longestWin, longestLoss });
  }
  return facts;
}

export interface OpeningFacts {
  /** Positions just after the placement (the first player to move), by value. */
  readonly afterPlacement: {
    readonly positions: number;
    readonly wins: number;
    readonly byValue: ReadonlyArray<readonly [value: number, count: number]>;
    readonly longestWin: number;
    /** Up to three positions with the longest win (the Romans to move, canonical orientation). */
    readonly longestWinExamples: readonly string[];
  };
  /** Placement positions with k knights placed (k = 0…5): how many, and how many the side to place wins. */
  readonly placementLayers: ReadonlyArray<{ knights: number; positions: number; wins: number }>;
  /** The empty board's value for the first player, and each first placement's value for the side placing. */
  readonly emptyBoard: number;
  readonly firstPlacements: ReadonlyArray<{ square: string; value: number }>;
}

export function openingFacts(table: OpeningTable, layout: Layout): OpeningFacts {
  const sp = table.space;
  const at = (k: number, r: number) => decodeValue(table.values[sp.offsets[k] + r]);
  const position = (mover: number, other: number) => {
    const b = Position.empty(layout, 'R').toBoard();
    [b.romans, b.huns] = [mover, other];
    return Position.fromBoard(b);
  };
  const byValue = new Map<number, number>();
  let wins = 0;
  for (let r = 0; r < sp.count(KNIGHTS); r++) {
    const v = at(KNIGHTS, r)!;
    byValue.set(v, (byValue.get(v) ?? 0) + 1);
    if (v > 0) wins++;
  }
  const longestWin = Math.max(...[...byValue.keys()].filter((v) => v > 0));
  const longestWinExamples: string[] = [];
  for (let r = 0; r < sp.count(KNIGHTS) && longestWinExamples.length < 3; r++) {
    if (at(KNIGHTS, r) === longestWin) longestWinExamples.push(position(...sp.unrank(KNIGHTS, r)).toString());
  }
  const placementLayers = Array.from({ length: KNIGHTS }, (_, k) => {
    let w = 0;
    for (let r = 0; r < sp.count(k); r++) if (at(k, r)! > 0) w++;
    return { knights: k, positions: sp.count(k), wins: w };
  });
  const empty = Position.empty(layout, 'R');
  const firstPlacements = (table.knownPlacementValues(empty) ?? []).map((m) => ({
    square: moveToString(layout, PLACEMENT | m.square),
    value: m.value,
  }));
  return {
    afterPlacement: {
      positions: sp.count(KNIGHTS),
      wins,
      byValue: [...byValue].sort(
        (a, b) => Number(b[0] > 0) - Number(a[0] > 0) || Math.abs(a[0]) - Math.abs(b[0]),
      ),
      longestWin,
      longestWinExamples,
    },
    placementLayers,
    emptyBoard: table.positionValue(empty)!,
    firstPlacements: firstPlacements.sort((a, b) => (a.square < b.square ? -1 : 1)),
  };
}

const n = (x: number) => x.toLocaleString('en');
const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;
const signed = (v: number) => (v > 0 ? `+${v}` : String(v));

/** The facts as the README's Markdown. */
export function factsMarkdown(layers: readonly LayerFacts[], o: OpeningFacts): string {
  const total = layers.reduce((a, l) => a + l.positions, 0);
  const lines = [
    `- **Every position is solved**: ${n(total)} move-phase positions (every position of the game up to the`,
    `  board's symmetries, colours dropped) and the ${n(o.placementLayers.reduce((a, l) => a + l.positions, 0) + o.afterPlacement.positions)} placement-phase and just-after-placement ones of the opening table.`,
    `- **The game**: the empty board's value for the first player is **${signed(o.emptyBoard)}** (${o.emptyBoard < 0 ? 'the second player wins' : 'the first player wins'}, the game lasting ${Math.abs(o.emptyBoard)} plies with best play).`,
    `- **Every first placement** (value for the first player, who places): ${o.firstPlacements.map((p) => `${p.square} ${signed(p.value)}`).join(', ')}.`,
    `- **Just after the placement** (${n(o.afterPlacement.positions)} positions up to symmetry and colours, the first player to move): ${n(o.afterPlacement.wins)} (${pct(o.afterPlacement.wins, o.afterPlacement.positions)}) are wins for the side to move. Values: ${o.afterPlacement.byValue.map(([v, c]) => `${signed(v)}: ${n(c)}`).join(', ')}.`,
    `  **The longest win with best play from any position just after placement is ${o.afterPlacement.longestWin} plies** (e.g. ${o.afterPlacement.longestWinExamples.map((e) => `\`${e}\``).join(', ')}).`,
    `- **The placement phase** (the side to place wins): ${o.placementLayers.map((l) => `${n(l.wins)} of ${n(l.positions)} with ${l.knights} knight${l.knights === 1 ? '' : 's'} placed`).join(', ')}.`,
    '',
    '| scorched | positions | wins for the side to move | losses | longest win | longest loss |',
    '| -------: | --------: | ------------------------: | -----: | ----------: | -----------: |',
    ...layers.map(
      (l) =>
        `| ${l.scorched} | ${n(l.positions)} | ${n(l.wins)} (${pct(l.wins, l.positions)}) | ${n(l.losses)} | ${l.longestWin > 0 ? `+${l.longestWin}` : '–'} | ${l.longestLoss > 0 ? `-${l.longestLoss}` : l.losses > 0 ? '0' : '–'} |`,
    ),
    `| all | ${n(total)} | ${n(layers.reduce((a, l) => a + l.wins, 0))} (${pct(
      layers.reduce((a, l) => a + l.wins, 0),
      total,
    )}) | ${n(layers.reduce((a, l) => a + l.losses, 0))} | | |`,
  ];
  return lines.join('\n');
}
