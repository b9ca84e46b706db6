/**
 * Everything the engine tells about a move, as one typed union: what screens, logs and records read.
 * Events carry only public information (a commitment is a count, a draw is a count); tribes are named, seats
 * are 0-based, provinces are the map's ids.
 */
import type { TribeName } from './tribes.js';

/** Why a seat got what it got for one tribe at a scoring (the rules page, "Scoring"). */
export type ScoringPlace =
  /** No influence on the track: never scores. */
  | 'no-influence'
  /** Alone with influence: first and second place, markers and provinces. */
  | 'alone'
  /** Highest influence: one point per marker on the board. */
  | 'first'
  /** Tied for the highest influence: first and second place together, shared. */
  | 'tied-first'
  /** Next highest influence behind one leader: one point per province, shared among the tied. */
  | 'second'
  /** Second with two players, but further behind the leader than the two-player gap allows. */
  | 'second-out-of-reach'
  /** Below the second place: nothing. */
  | 'behind';

/** One tribe's part of a scoring, with the board and tracks of that moment. */
export type TribeScoring = {
  readonly tribe: TribeName;
  /** The tribe's markers on the board: what first place is worth. */
  readonly markers: number;
  /** Provinces holding at least one of its markers: what second place is worth. */
  readonly provinces: number;
  /** Each seat's influence on the tribe's track. */
  readonly influence: readonly number[];
  readonly places: readonly ScoringPlace[];
  /** Each seat's points for this tribe; summed over the tribes they are the scoring's `points`. */
  readonly points: readonly number[];
};

export type CenturyScored = {
  readonly type: 'century-scored';
  readonly century: number;
  /** The 7th century's scoring, or the scoring when the game ends early. */
  readonly final: boolean;
  /** Points each seat gained in this scoring. */
  readonly points: readonly number[];
  /** Points per tribe name, per seat (the same numbers as `breakdown`). */
  readonly byTribe: Readonly<Record<string, readonly number[]>>;
  /** Scores after the scoring. */
  readonly scores: readonly number[];
  /** The explanation: per tribe (in scoring order) the markers, provinces, influence and places behind the points. */
  readonly breakdown: readonly TribeScoring[];
};

export type CardsRevealed = {
  readonly type: 'cards-revealed';
  readonly province: string;
  /** Cards each seat laid, by tribe name (repeated per card). */
  readonly cards: readonly (readonly TribeName[])[];
  /** Strength of each tribe present: markers plus cards laid. */
  readonly strengths: Readonly<Partial<Record<TribeName, number>>>;
};

export type TribesEvent =
  | { readonly type: 'turn-started'; readonly seat: number; readonly turn: number }
  | { readonly type: 'turn-ended'; readonly seat: number }
  | { readonly type: 'hand-empty'; readonly seat: number }
  | { readonly type: 'reshuffled'; readonly cards: number }
  | { readonly type: 'cards-drawn'; readonly seat: number; readonly count: number }
  | {
      readonly type: 'influence';
      readonly seat: number;
      readonly tribe: TribeName;
      readonly from: number;
      readonly to: number;
      readonly by: 'card' | 'tile';
    }
  | { readonly type: 'card-played'; readonly seat: number; readonly tribe: TribeName }
  | {
      readonly type: 'marker-placed';
      readonly seat: number;
      readonly tribe: TribeName;
      readonly province: string;
      /** Markers in the province after the placement. */
      readonly markers: number;
      readonly second: boolean;
    }
  | {
      readonly type: 'conflict-started';
      readonly province: string;
      readonly markers: Readonly<Partial<Record<TribeName, number>>>;
    }
  | { readonly type: 'cards-committed'; readonly seat: number; readonly count: number }
  | CardsRevealed
  | {
      readonly type: 'tribe-removed';
      readonly province: string;
      readonly tribe: TribeName;
      readonly markers: number;
    }
  | { readonly type: 'peace-placed'; readonly province: string; readonly century: number }
  | CenturyScored
  | {
      readonly type: 'forced-discard';
      readonly seat: number;
      /** The whole hand, revealed (the house rule of fine point 7). */
      readonly hand: readonly TribeName[];
      readonly tribe: TribeName;
    }
  | { readonly type: 'tile-used'; readonly seat: number; readonly tile: 'double' }
  | {
      readonly type: 'tile-used';
      readonly seat: number;
      readonly tile: 'trade';
      readonly discarded: readonly TribeName[];
    }
  | {
      readonly type: 'tile-used';
      readonly seat: number;
      readonly tile: 'influence';
      /** Two tracks +1 each, or the same track twice for +2. */
      readonly tracks: readonly [TribeName, TribeName];
    }
  | {
      readonly type: 'game-over';
      readonly reason: string;
      readonly scores: readonly number[];
      readonly winners: readonly number[];
    };

export type TribesEventType = TribesEvent['type'];

/** The events a rule step collects into, or null on the hot path when nobody listens (engine.ts). */
export type Events = TribesEvent[] | null;
