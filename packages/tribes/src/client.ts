/**
 * What a screen needs from Tribes, in one place (as chessops' compat module serves chessground): the view
 * and event types, the typed moves with their one reader and writer, the decisions the legal moves offer,
 * and the rule facts a screen shows (the century's card value is in the view; the scoring explains itself).
 * A screen never splits move text itself.
 */
import { readMove, moveText, type TribesMove } from './notation.js';
import { TRIBES, type TribeName } from './tribes.js';

export type { TribesView, ProvinceView, ConflictView, LastConflictView, PhaseName } from './view.js';
export type {
  TribesEvent,
  TribesEventType,
  CenturyScored,
  CardsRevealed,
  TribeScoring,
  ScoringPlace,
} from './events.js';
export type { TribesMove, TribeName };
export { readMove, moveText };

/** The decisions the legal moves offer, grouped the way a screen asks for them. */
export interface TribesChoices {
  /** Tribe → the provinces its card may go to. */
  readonly play: ReadonlyMap<TribeName, readonly string[]>;
  readonly influence: boolean;
  /** Provinces for a second marker. */
  readonly second: readonly string[];
  /** Legal commitments as canonical card lists (`Huns,Huns,Goths`, `-` for none). */
  readonly commits: ReadonlySet<string>;
  readonly discards: readonly TribeName[];
  readonly tileDouble: boolean;
  /** Legal trades as canonical card lists. */
  readonly trades: ReadonlySet<string>;
  /** Two Influence: `Franks` (+2) or `Franks+Huns` (+1 each). */
  readonly twoInfluence: readonly string[];
}

/** Reads the engine's legal moves (its own notation) into the choices on screen. */
export function choicesOf(legal: readonly string[]): TribesChoices {
  const play = new Map<TribeName, string[]>();
  const second: string[] = [];
  const commits = new Set<string>();
  const discards: TribeName[] = [];
  const trades = new Set<string>();
  const twoInfluence: string[] = [];
  let influence = false;
  let tileDouble = false;
  for (const text of legal) {
    const read = readMove(text);
    if (!read.ok) continue;
    const m = read.value;
    switch (m.kind) {
      case 'play':
        play.set(m.tribe, [...(play.get(m.tribe) ?? []), m.province]);
        break;
      case 'influence':
        influence = true;
        break;
      case 'second':
        second.push(m.province);
        break;
      case 'commit':
        commits.add(cardsText(m.cards));
        break;
      case 'discard':
        discards.push(m.tribe);
        break;
      case 'double':
        tileDouble = true;
        break;
      case 'trade':
        trades.add(cardsText(m.cards));
        break;
      case 'twoInfluence':
        twoInfluence.push(m.tracks.join('+'));
        break;
    }
  }
  return { play, influence, second, commits, discards, tileDouble, trades, twoInfluence };
}

function cardsText(cards: readonly TribeName[]): string {
  return cards.length ? cards.join(',') : '-';
}

/** Cards per tribe (in the order of `tribes`) as the canonical card list: `Huns,Huns,Goths`, or `-`. */
export function cardList(tribes: readonly string[], counts: readonly number[]): string {
  const out: string[] = [];
  tribes.forEach((t, i) => {
    for (let k = 0; k < (counts[i] ?? 0); k++) out.push(t);
  });
  return out.length ? out.join(',') : '-';
}

/** The most cards of each tribe any of the card lists lays (bounds the counters on screen). */
export function maxPerTribe(tribes: readonly string[], lists: ReadonlySet<string>): number[] {
  const max = tribes.map(() => 0);
  for (const list of lists) {
    const read = readMove(`commit ${list}`);
    if (!read.ok || read.value.kind !== 'commit') continue;
    const counts = tribes.map(() => 0);
    for (const name of read.value.cards) {
      const i = tribes.indexOf(name);
      if (i >= 0) counts[i]++;
    }
    counts.forEach((c, i) => (max[i] = Math.max(max[i], c)));
  }
  return max;
}

/** The tracks of a Two Influence choice (`Franks+Huns`), or null when it is not one. */
export function twoInfluenceTracks(choice: string): readonly TribeName[] | null {
  const read = readMove(`tile influence ${choice}`);
  return read.ok && read.value.kind === 'twoInfluence' ? read.value.tracks : null;
}

/** The tribe of an engine tribe name, or null (views and events name tribes in `TRIBES`). */
export function tribeNamed(name: string): TribeName | null {
  return TRIBES.find((t) => t === name) ?? null;
}

/** The cards of per-tribe counts (in the engine's tribe order), for a commitment or a trade. */
export function cardsOf(counts: readonly number[]): TribeName[] {
  return TRIBES.flatMap((t, i) => Array<TribeName>(counts[i] ?? 0).fill(t));
}
