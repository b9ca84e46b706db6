/**
 * The Tribes lessons as data: two players, the player in seat 0 and first, a fixed deck (the engine's `deck`
 * setting: seat 0 is dealt the first six cards, seat 1 the next six), so every lesson starts from the same
 * hands. Which moves are allowed is the engine's answer; a task's goal says which kind of move it asks for.
 * The other seat is scripted: it always makes the engine's first legal move (its first playable card into
 * the first province offered, influence, no cards laid in a conflict). Texts: `lessons.tribes.<lesson>.*`.
 */
import type { TribeName, TribesRuleCode } from '@attila/tribes';
import type { HelpTopic } from '../ui/help-topic.js';

/** The kind of move a task asks for (`any`: whatever the engine allows). */
export type TribesGoal = 'play' | 'influence' | 'second' | 'commit' | 'twoInfluence' | 'trade' | 'any';

export interface TribesTask {
  readonly text: string;
  readonly goal: TribesGoal;
  /** The hinted move, when the engine allows it; otherwise the first allowed move meeting the goal. */
  readonly hint?: string;
  /** Key of the text shown when an allowed move misses the goal (the move is taken back). */
  readonly missed?: string;
  /** The task lasts until the game is over (a whole game against a bot). */
  readonly untilOver?: boolean;
}

/**
 * A wrong move the lesson is about at a task (reached by following the hints), and what it meets: the rule
 * the engine names when it refuses the move, or `missed` (allowed, but not what the task asks).
 */
export interface TribesWrongMove {
  readonly task: number;
  readonly move: string;
  readonly refusal: 'missed' | TribesRuleCode;
}

export interface TribesLesson {
  readonly id: string;
  readonly game: 'tribes';
  /** The whole deck, top first: 9 cards of each tribe. */
  readonly deck: readonly TribeName[];
  readonly tasks: readonly TribesTask[];
  readonly wrong: readonly TribesWrongMove[];
  readonly topics: readonly HelpTopic[];
  /** Rule options of the lesson's game (the rules page's options), when not the defaults. */
  readonly options?: Readonly<Record<string, unknown>>;
  /**
   * Who plays the other seat: `scripted` (the engine's first legal move, the default), or the real `easy` bot
   * of @attila/bots in a worker; then the hints are the `greedy` bot's choice for the player.
   */
  readonly opponent?: 'scripted' | 'easy-bot';
  /** Moves (`seat:move`) played before the first task, so that a lesson starts from a later position. */
  readonly prelude?: readonly string[];
}

const key = (lesson: string, part: string) => `lessons.tribes.${lesson}.${part}`;

/** The player's hand, the other seat's hand, then the draw pile: together 9 cards of each tribe. */
function deck(first: readonly TribeName[], second: readonly TribeName[]): TribeName[] {
  const rest: TribeName[] = [];
  const all: readonly TribeName[] = ['Franks', 'Huns', 'Goths', 'Saxons', 'Teutons', 'Vandals'];
  for (let round = 0; round < 9; round++)
    for (const tribe of all) {
      const used = [...first, ...second, ...rest].filter((t) => t === tribe).length;
      if (used < 9) rest.push(tribe);
    }
  return [...first, ...second, ...rest];
}

const HANDS = deck(
  ['Franks', 'Franks', 'Huns', 'Goths', 'Goths', 'Saxons'],
  ['Teutons', 'Teutons', 'Vandals', 'Vandals', 'Huns', 'Saxons'],
);

const TRIBES_LESSONS_LIST: TribesLesson[] = [
  {
    id: 'tribes-card',
    game: 'tribes',
    deck: HANDS,
    tasks: [
      { text: key('card', 'task1'), goal: 'play', hint: 'play Franks germania' },
      { text: key('card', 'task2'), goal: 'influence', missed: key('card', 'missed2') },
      { text: key('card', 'task3'), goal: 'play', hint: 'play Franks belgica' },
      { text: key('card', 'task4'), goal: 'influence', missed: key('card', 'missed2') },
    ],
    wrong: [
      { task: 0, move: 'play Franks italia', refusal: 'move.first-marker' },
      { task: 1, move: 'second raetia', refusal: 'missed' },
    ],
    topics: ['tribes.card', 'tribes.province'],
  },
  {
    id: 'tribes-second',
    game: 'tribes',
    deck: HANDS,
    tasks: [
      { text: key('second', 'task1'), goal: 'play', hint: 'play Goths dacia' },
      {
        text: key('second', 'task2'),
        goal: 'second',
        hint: 'second moesia',
        missed: key('second', 'missed2'),
      },
      { text: key('second', 'task3'), goal: 'play', hint: 'play Goths pannonia' },
      { text: key('second', 'task4'), goal: 'influence', missed: key('second', 'missed4') },
    ],
    wrong: [
      { task: 1, move: 'second italia', refusal: 'move.not-adjacent' },
      { task: 1, move: 'influence', refusal: 'missed' },
    ],
    topics: ['tribes.influence', 'tribes.second'],
  },
];

/** The Goths build up Dacia over two turns; the Huns' card makes it five, and the conflict follows. */
const CONFLICT_HANDS = deck(
  ['Goths', 'Goths', 'Goths', 'Goths', 'Huns', 'Franks'],
  ['Saxons', 'Saxons', 'Teutons', 'Teutons', 'Vandals', 'Vandals'],
);

const conflict = (part: string) => key('conflict', part);

TRIBES_LESSONS_LIST.push({
  id: 'tribes-conflict',
  game: 'tribes',
  deck: CONFLICT_HANDS,
  tasks: [
    { text: conflict('build'), goal: 'play', hint: 'play Goths dacia' },
    { text: conflict('second'), goal: 'second', hint: 'second dacia', missed: conflict('missedSecond') },
    { text: conflict('build'), goal: 'play', hint: 'play Goths dacia' },
    { text: conflict('influence'), goal: 'influence', missed: conflict('missedInfluence') },
    { text: conflict('build'), goal: 'play', hint: 'play Goths dacia' },
    { text: conflict('influence'), goal: 'influence', missed: conflict('missedInfluence') },
    { text: conflict('fifth'), goal: 'play', hint: 'play Huns dacia' },
    { text: conflict('influence'), goal: 'influence', missed: conflict('missedInfluence') },
    { text: conflict('commit'), goal: 'commit', hint: 'commit Goths' },
  ],
  wrong: [
    { task: 1, move: 'influence', refusal: 'missed' },
    { task: 7, move: 'second dacia', refusal: 'move.province-full' },
  ],
  topics: ['tribes.commit'],
});

const peace = (part: string) => key('peace', part);

/** The conflict lesson played by its hints: Dacia is peaceful with four Goths, the player holds no Goths. */
const AFTER_CONFLICT = [
  ...['0:play Goths dacia', '0:second dacia', '0:play Goths dacia', '0:influence'],
  ...['1:play Saxons germania', '1:influence', '1:play Saxons belgica', '1:influence'],
  ...[
    '0:play Goths dacia',
    '0:influence',
    '0:play Huns dacia',
    '0:influence',
    '0:commit Goths',
    '1:commit -',
  ],
  ...['1:play Goths germania', '1:influence', '1:play Saxons britannia', '1:influence'],
];

TRIBES_LESSONS_LIST.push({
  id: 'tribes-peace',
  game: 'tribes',
  deck: CONFLICT_HANDS,
  prelude: AFTER_CONFLICT,
  tasks: [
    { text: peace('task1'), goal: 'play', hint: 'play Huns moesia' },
    { text: peace('task2'), goal: 'influence', missed: peace('missed') },
    { text: peace('task3'), goal: 'play', hint: 'play Franks pannonia' },
    { text: peace('task4'), goal: 'influence', missed: peace('missed') },
  ],
  wrong: [{ task: 0, move: 'play Huns dacia', refusal: 'move.peace-tile' }],
  topics: [],
});

const tiles = (part: string) => key('tiles', part);

TRIBES_LESSONS_LIST.push({
  id: 'tribes-tiles',
  game: 'tribes',
  deck: HANDS,
  tasks: [
    { text: tiles('two'), goal: 'twoInfluence', hint: 'tile influence Goths', missed: tiles('missedTile') },
    { text: tiles('play'), goal: 'play', hint: 'play Goths dacia' },
    { text: tiles('influence'), goal: 'influence', missed: tiles('missedInfluence') },
    { text: tiles('once'), goal: 'play', hint: 'play Goths moesia' },
    { text: tiles('influence'), goal: 'influence', missed: tiles('missedInfluence') },
    { text: tiles('trade'), goal: 'trade', hint: 'tile trade Franks,Franks', missed: tiles('missedTile') },
  ],
  wrong: [
    { task: 0, move: 'play Goths dacia', refusal: 'missed' },
    { task: 1, move: 'tile double', refusal: 'move.tile-one-per-turn' },
  ],
  topics: ['tribes.tiles'],
});

/** Both players back the Franks: the player builds up Dacia, the other seat plays its two Franks cards. */
const TIE_HANDS = deck(
  ['Franks', 'Franks', 'Franks', 'Franks', 'Huns', 'Saxons'],
  ['Franks', 'Franks', 'Teutons', 'Teutons', 'Vandals', 'Vandals'],
);

const tie = (part: string) => key('tie', part);

TRIBES_LESSONS_LIST.push({
  id: 'tribes-tie',
  game: 'tribes',
  deck: TIE_HANDS,
  tasks: [
    { text: tie('build'), goal: 'play', hint: 'play Franks dacia' },
    { text: tie('second'), goal: 'second', hint: 'second dacia', missed: tie('missedSecond') },
    { text: tie('build'), goal: 'play', hint: 'play Franks dacia' },
    { text: tie('influence'), goal: 'influence', missed: tie('missedInfluence') },
    { text: tie('build2'), goal: 'play', hint: 'play Franks dacia' },
    { text: tie('influence2'), goal: 'influence', missed: tie('missedInfluence') },
    { text: tie('fifth'), goal: 'play', hint: 'play Huns dacia' },
    { text: tie('influence'), goal: 'influence', missed: tie('missedInfluence') },
    { text: tie('commit'), goal: 'commit', hint: 'commit -' },
  ],
  wrong: [
    { task: 1, move: 'influence', refusal: 'missed' },
    { task: 8, move: 'commit Saxons', refusal: 'move.commit-absent-tribe' },
  ],
  topics: [],
});

const end = (part: string) => key('end', part);

TRIBES_LESSONS_LIST.push({
  id: 'tribes-end',
  game: 'tribes',
  deck: HANDS,
  // The tracks end at 4 (the rules option's lowest; 22 by default), so one turn reaches the top.
  options: { influenceTrackTop: 4 },
  tasks: [
    { text: end('two'), goal: 'twoInfluence', hint: 'tile influence Goths', missed: end('missedTile') },
    { text: end('play'), goal: 'play', hint: 'play Goths dacia' },
    { text: end('influence'), goal: 'influence', missed: end('missedInfluence') },
    { text: end('play2'), goal: 'play', hint: 'play Goths moesia' },
    { text: end('top'), goal: 'influence', missed: end('missedInfluence') },
  ],
  wrong: [
    { task: 3, move: 'play Goths sardinia', refusal: 'move.province-closed' },
    { task: 4, move: 'second pannonia', refusal: 'missed' },
  ],
  topics: [],
});

const bot = (part: string) => key('bot', part);

TRIBES_LESSONS_LIST.push({
  id: 'tribes-bot',
  game: 'tribes',
  deck: HANDS,
  // A short game: the tracks end at 6 (normally 22), so the game is over after a few turns.
  options: { influenceTrackTop: 6 },
  opponent: 'easy-bot',
  tasks: [{ text: bot('task1'), goal: 'any', untilOver: true }],
  wrong: [{ task: 0, move: 'play Huns italia', refusal: 'move.first-marker' }],
  topics: [],
});

export const TRIBES_LESSONS: readonly TribesLesson[] = TRIBES_LESSONS_LIST;

export function tribesLesson(id: string): TribesLesson | undefined {
  return TRIBES_LESSONS.find((l) => l.id === id);
}
