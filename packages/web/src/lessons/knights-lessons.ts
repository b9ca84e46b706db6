/**
 * The Knights lessons as data: each starts from a position the engine reads (`Position.parse` refuses an
 * impossible one) and is a list of tasks the player does on the real board. Whether a move is allowed is
 * always the engine's answer; whether it does what the task asks is the task's goal, judged through the
 * engine (the game is over) or the solver from @attila/bots (the move keeps a won game).
 * Texts are translation keys under `lessons.knights.<lesson>.*`.
 */
import type { HelpTopic } from '../ui/help-topic.js';

/** What a task asks of the player's move (a move the engine refuses never meets a goal). */
export type KnightsGoal =
  /** Any move the engine accepts. */
  | 'any'
  /** A turn that scorches the square its knight just left. */
  | 'scorch-left'
  /** A move after which the opponent cannot move: the game is won at once. */
  | 'trap'
  /** A move that keeps a won game, as the solver proves. */
  | 'best';

/** Who answers the player's move between tasks. */
export type KnightsReply =
  /** The first of these moves the engine accepts (else the engine's first legal move). */
  | { readonly kind: 'scripted'; readonly moves: readonly string[] }
  /** The solver's best defence: the move that makes a lost game last longest. */
  | { readonly kind: 'solver' }
  /** The `easy` bot of @attila/bots, with a fixed seed so a lesson replays the same. */
  | { readonly kind: 'easy-bot' };

export interface KnightsTask {
  /** Key of the task's text (what to do and why). */
  readonly text: string;
  readonly goal: KnightsGoal;
  /** The move the hint suggests; without one, the first legal move meeting the goal (the solver's for `best`). */
  readonly hint?: string;
  /** Key of the text shown when an allowed move misses the goal (the move is taken back). */
  readonly missed?: string;
  /** Repeat this task until the game is over (a whole ending, a game against a bot). */
  readonly untilOver?: boolean;
  /** The hint is the solver's best move whatever the goal (a game against a bot). */
  readonly solverHint?: boolean;
}

/** A wrong move the lesson is about, and the refusal code the engine answers it with (tested). */
export interface KnightsWrongMove {
  readonly move: string;
  /** An engine refusal code, or `missed`: allowed, but not what the task asks. */
  readonly refusal: string;
}

export interface KnightsLesson {
  readonly id: string;
  readonly game: 'knights';
  /** The position in the rules page's notation; the player plays the side to move. */
  readonly start: string;
  readonly tasks: readonly KnightsTask[];
  /** Answers to the player's moves between tasks (none after the last). */
  readonly reply: KnightsReply;
  /** Wrong moves at the start position: the lesson's tests and the e2e test play them. */
  readonly wrong: readonly KnightsWrongMove[];
  /** The "?" topics this lesson teaches (the rule help links here). */
  readonly topics: readonly HelpTopic[];
}

const key = (lesson: string, part: string) => `lessons.knights.${lesson}.${part}`;

export const KNIGHTS_LESSONS: readonly KnightsLesson[] = [
  {
    id: 'knights-move',
    game: 'knights',
    start: 'H...H/...../.R.R./H.R.. R',
    tasks: [
      { text: key('move', 'task1'), goal: 'any', hint: 'b2-c4,e2' },
      { text: key('move', 'task2'), goal: 'scorch-left', missed: key('move', 'missed2') },
    ],
    reply: { kind: 'scripted', moves: ['e4-c3,e3', 'e4-d2,e3', 'a4-b2,b3'] },
    wrong: [
      { move: 'b2-b3,e2', refusal: 'knights.move.not-a-jump' },
      { move: 'b2-a4,e2', refusal: 'knights.move.land-taken' },
      { move: 'a4-c3,e2', refusal: 'knights.move.not-your-knight' },
      { move: 'b2-c4,c4', refusal: 'knights.move.scorch-landing' },
      { move: 'b2-c4,d2', refusal: 'knights.move.scorch-taken' },
    ],
    topics: ['knights.pick', 'knights.land', 'knights.scorch'],
  },
  {
    id: 'knights-place',
    game: 'knights',
    start: '....H/.HR../..R../..... R',
    tasks: [
      { text: key('place', 'task1'), goal: 'any', hint: 'd4' },
      { text: key('place', 'task2'), goal: 'any' },
    ],
    reply: { kind: 'scripted', moves: ['a3', 'b1', 'e1'] },
    wrong: [
      { move: 'a1', refusal: 'knights.move.trap' },
      { move: 'd2', refusal: 'knights.move.trap-other' },
      { move: 'c2', refusal: 'knights.move.place-taken' },
    ],
    topics: ['knights.place'],
  },
  {
    id: 'knights-trap',
    game: 'knights',
    start: 'H...R/.###./.#..R/H.R.H R',
    tasks: [{ text: key('trap', 'task1'), goal: 'trap', hint: 'e2-d4,c2', missed: key('trap', 'missed1') }],
    reply: { kind: 'solver' },
    wrong: [
      { move: 'c1-a2,a3', refusal: 'missed' },
      { move: 'e4-c3,c2', refusal: 'knights.move.land-taken' },
    ],
    topics: [],
  },
  {
    id: 'knights-count',
    game: 'knights',
    start: 'R...H/.#H##/##..H/R#R.# R',
    tasks: [
      { text: key('count', 'task1'), goal: 'best', hint: 'a1-c2,d2', missed: key('count', 'missed') },
      { text: key('count', 'task2'), goal: 'best', missed: key('count', 'missed'), untilOver: true },
    ],
    reply: { kind: 'solver' },
    wrong: [
      { move: 'a1-c2,d1', refusal: 'missed' },
      { move: 'a4-b2,d2', refusal: 'knights.move.land-taken' },
    ],
    topics: [],
  },
  {
    // From a real solved line, the Huns first: greedy placement and four greedy turns (seed "i"), then the solver
    // (c2 c3 b2 c4 c1 b3 b2-d1,d2 c4-b2,e3 c1-d3,a4 b3-c1,e1 d3-b4,e4 c1-a2,d4 c2-a1,b1 b2-d3,c2 a1-b3,e2).
    id: 'knights-puzzle',
    game: 'knights',
    start: '#H.##/.HRR#/R.###/.#.H# R',
    tasks: [
      { text: key('puzzle', 'task1'), goal: 'best', missed: key('puzzle', 'missed') },
      { text: key('puzzle', 'task2'), goal: 'best', missed: key('puzzle', 'missed'), untilOver: true },
    ],
    reply: { kind: 'solver' },
    wrong: [
      { move: 'd3-b2,c4', refusal: 'missed' },
      { move: 'c3-a2,c4', refusal: 'knights.move.land-taken' },
    ],
    topics: [],
  },
  {
    // The same real line eleven plies in: the Romans win with best play, and the hints are the solver's.
    id: 'knights-bot',
    game: 'knights',
    start: '#H..#/..R.#/.RH#./..RH# R',
    tasks: [{ text: key('bot', 'task1'), goal: 'any', untilOver: true, solverHint: true }],
    reply: { kind: 'easy-bot' },
    wrong: [{ move: 'c3-c4,d4', refusal: 'knights.move.not-a-jump' }],
    topics: [],
  },
];

export function knightsLesson(id: string): KnightsLesson | undefined {
  return KNIGHTS_LESSONS.find((l) => l.id === id);
}
