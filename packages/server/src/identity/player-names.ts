/**
 * Account names and guests' generated names. An account name is a display name (protocol rules: NFC, no
 * invisible characters, at most 32 characters) of at least 3 characters, not a bot's, not "deleted player";
 * it is unique ignoring case and compatibility forms (its key: NFKC, lower case). A guest gets a name made
 * of two words and a number: nothing to fill in, and it reads as a person's, never a bot's.
 */
import { randomInt } from 'node:crypto';
import { err, ok, type Result } from '@attila/core';
import { botNameClash, describeZodError, displayNameSchema } from '@attila/protocol';
import { DELETED_NAME } from '../storage/accounts.js';

export const ACCOUNT_NAME_MIN = 3;

export function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase();
}

export function parseAccountName(raw: unknown, bots: Iterable<string>): Result<string> {
  const r = displayNameSchema.safeParse(raw);
  if (!r.success) return err('account.name', describeZodError(r.error));
  const name = r.data;
  if ([...name].length < ACCOUNT_NAME_MIN)
    return err('account.name', `an account name has at least ${ACCOUNT_NAME_MIN} characters`);
  const bot = botNameClash(name, bots);
  if (bot !== null) return err('account.name', `"${name}" is a bot's name: choose another one`);
  if (nameKey(name).replace(/\s+/g, ' ') === DELETED_NAME)
    return err('account.name', `"${name}" is what deleted accounts are called: choose another one`);
  return ok(name);
}

const FIRST = [
  'Amber',
  'Brave',
  'Calm',
  'Clever',
  'Bright',
  'Swift',
  'Quiet',
  'Lucky',
  'Merry',
  'Noble',
  'Proud',
  'Keen',
  'Gentle',
  'Bold',
  'Wise',
  'Jolly',
];
const SECOND = [
  'Otter',
  'Falcon',
  'Badger',
  'Heron',
  'Lynx',
  'Marten',
  'Raven',
  'Stag',
  'Wolf',
  'Hare',
  'Owl',
  'Bison',
  'Crane',
  'Fox',
  'Ibex',
  'Seal',
];

/** A guest's name, e.g. "Quiet Otter 42" (not unique: guests are told apart by their id). */
export function guestName(bots: Iterable<string>, pick: (n: number) => number = randomInt): string {
  for (;;) {
    const name = `${FIRST[pick(FIRST.length)]} ${SECOND[pick(SECOND.length)]} ${10 + pick(90)}`;
    if (botNameClash(name, bots) === null) return name;
  }
}
