/**
 * Game settings: the number of players, who starts, the rule options named on the rules page, the map and,
 * for puzzles and tests, an explicit deck order. Parsed once from untrusted JSON with clear errors.
 */
import { err, ok, type Result } from '@attila/core';
import { DEFAULT_MAP } from './default-map.js';
import { parseMap, type TribesMap } from './map.js';
import { CARDS_PER_TRIBE, DECK_SIZE, TRIBE_COUNT, TRIBES, tribeIndex } from './tribes.js';

export interface TribesOptions {
  /** Cards of tribes absent from a conflict's province may be laid (they count for nothing). */
  readonly conflictBluffCards: boolean;
  /** When every tribe present ties for lowest strength: remove them all, or none. */
  readonly allTiedConflict: 'removeAll' | 'removeNone';
  /** How shared scoring points are rounded. */
  readonly tieRounding: 'down' | 'up';
  /** Two players: second place scores only within this many spaces of the leader. */
  readonly twoPlayerSecondGap: number;
  /** The last space of every influence track; reaching it ends the game. */
  readonly influenceTrackTop: number;
}

export const DEFAULT_OPTIONS: TribesOptions = {
  conflictBluffCards: false,
  allTiedConflict: 'removeAll',
  tieRounding: 'down',
  twoPlayerSecondGap: 2,
  influenceTrackTop: 22,
};

export interface TribesSettings {
  readonly players: number;
  /** A seat (0-based), or 'random': drawn from the seed. */
  readonly firstPlayer: number | 'random';
  readonly options: TribesOptions;
  readonly map: TribesMap;
  /** True when the map came from the settings rather than being the default one. */
  readonly customMap: boolean;
  /** An explicit deck, top card first, as tribe indices; null to shuffle from the seed. */
  readonly deck: readonly number[] | null;
}

export type SettingsErrorCode = 'settings.invalid';

function fail(message: string): Result<never, SettingsErrorCode> {
  return err('settings.invalid', `bad tribes settings: ${message}`);
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function parseOptions(raw: unknown): Result<TribesOptions, SettingsErrorCode> {
  if (raw === undefined) return ok(DEFAULT_OPTIONS);
  if (!isRecord(raw)) return fail('"options" must be an object');
  const known = Object.keys(DEFAULT_OPTIONS);
  const unknown = Object.keys(raw).filter((k) => !known.includes(k));
  if (unknown.length) return fail(`unknown option "${unknown[0]}"; the options are ${known.join(', ')}`);
  const o = { ...DEFAULT_OPTIONS, ...raw } as Record<string, unknown>;
  if (typeof o.conflictBluffCards !== 'boolean')
    return fail('option conflictBluffCards must be true or false');
  if (o.allTiedConflict !== 'removeAll' && o.allTiedConflict !== 'removeNone') {
    return fail('option allTiedConflict must be "removeAll" or "removeNone"');
  }
  if (o.tieRounding !== 'down' && o.tieRounding !== 'up')
    return fail('option tieRounding must be "down" or "up"');
  const gap = o.twoPlayerSecondGap;
  if (typeof gap !== 'number' || !Number.isInteger(gap) || gap < 0 || gap > 99) {
    return fail('option twoPlayerSecondGap must be a whole number from 0 to 99');
  }
  const top = o.influenceTrackTop;
  if (typeof top !== 'number' || !Number.isInteger(top) || top < 4 || top > 99) {
    return fail('option influenceTrackTop must be a whole number from 4 to 99');
  }
  return ok({
    conflictBluffCards: o.conflictBluffCards,
    allTiedConflict: o.allTiedConflict,
    tieRounding: o.tieRounding,
    twoPlayerSecondGap: gap,
    influenceTrackTop: top,
  });
}

function parseDeck(raw: unknown): Result<number[] | null, SettingsErrorCode> {
  if (raw === undefined || raw === null) return ok(null);
  if (!Array.isArray(raw) || raw.length !== DECK_SIZE) {
    return fail(`"deck" must list all ${DECK_SIZE} cards, top first, as tribe names (${TRIBES.join(', ')})`);
  }
  const deck: number[] = [];
  const counts = new Array<number>(TRIBE_COUNT).fill(0);
  for (let i = 0; i < raw.length; i++) {
    const t = typeof raw[i] === 'string' ? tribeIndex(raw[i]) : -1;
    if (t < 0)
      return fail(`deck card ${i + 1} is ${JSON.stringify(raw[i])}; a card is one of ${TRIBES.join(', ')}`);
    deck.push(t);
    counts[t]++;
  }
  const wrong = counts.findIndex((c) => c !== CARDS_PER_TRIBE);
  if (wrong >= 0) {
    return fail(
      `the deck holds ${counts[wrong]} ${TRIBES[wrong]}; it must hold exactly ${CARDS_PER_TRIBE} of each tribe`,
    );
  }
  return ok(deck);
}

export function parseSettings(raw: unknown): Result<TribesSettings, SettingsErrorCode> {
  if (!isRecord(raw)) return fail('settings must be an object like {"players": 3}');
  const known = ['players', 'firstPlayer', 'options', 'map', 'deck'];
  const unknown = Object.keys(raw).filter((k) => !known.includes(k));
  if (unknown.length) return fail(`unknown setting "${unknown[0]}"; the settings are ${known.join(', ')}`);
  const players = raw.players;
  if (typeof players !== 'number' || !Number.isInteger(players) || players < 2 || players > 5) {
    return fail(`"players" must be 2, 3, 4 or 5, got ${JSON.stringify(players)}`);
  }
  const first = raw.firstPlayer ?? 'random';
  if (
    first !== 'random' &&
    (typeof first !== 'number' || !Number.isInteger(first) || first < 0 || first >= players)
  ) {
    return fail(
      `"firstPlayer" must be "random" or a seat from 0 to ${players - 1}, got ${JSON.stringify(first)}`,
    );
  }
  const options = parseOptions(raw.options);
  if (!options.ok) return options;
  let map = DEFAULT_MAP;
  if (raw.map !== undefined && raw.map !== null) {
    const parsed = parseMap(raw.map);
    if (!parsed.ok) return fail(parsed.error.message);
    map = parsed.value;
  }
  const deck = parseDeck(raw.deck);
  if (!deck.ok) return deck;
  return ok({
    players,
    firstPlayer: first as number | 'random',
    options: options.value,
    map,
    customMap: raw.map !== undefined && raw.map !== null,
    deck: deck.value,
  });
}

export function settingsToJson(s: TribesSettings): Record<string, unknown> {
  return {
    players: s.players,
    firstPlayer: s.firstPlayer,
    options: { ...s.options },
    ...(s.customMap ? { map: s.map.json } : {}),
    ...(s.deck ? { deck: s.deck.map((t) => TRIBES[t]) } : {}),
  };
}
