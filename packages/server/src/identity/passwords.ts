/**
 * Passwords are kept only as argon2id hashes (PHC string: algorithm, parameters and salt travel with the
 * hash, so parameters can be raised later and old hashes still verify). Parameters: OWASP's password
 * storage recommendation for argon2id, m = 19 MiB, t = 2 iterations, p = 1 lane (about 50 ms per hash on
 * this machine). A login for a name that has no account verifies against a dummy hash made the same way,
 * so the answer takes as long as for a real account with a wrong password: timing tells no account apart.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { err, ok, type Result } from '@attila/core';

export const ARGON2_PARAMETERS = {
  // Algorithm.Argon2id (a const enum, which this build cannot import as a value)
  algorithm: 2,
  memoryCost: 19 * 1024, // KiB
  timeCost: 2,
  parallelism: 1,
} as const;

export const PASSWORD_MIN = 8;
/** Long passphrases are welcome; the bound only keeps one request's work bounded. */
export const PASSWORD_MAX = 256;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMETERS);
}

export async function passwordMatches(password: string, passwordHash: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | null = null;

/** Spends the time of one verification and says no: for a name without an account. */
export async function verifyNothing(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  await passwordMatches(password, await dummy);
  return false;
}

/** A new password as given: its length only (any characters; no composition rules, after NIST 800-63B). */
export function parseNewPassword(raw: unknown): Result<string> {
  if (typeof raw !== 'string') return err('account.password', 'the password must be a string');
  const length = [...raw].length;
  if (length < PASSWORD_MIN)
    return err(
      'account.password',
      `a password has at least ${PASSWORD_MIN} characters (this one has ${length})`,
    );
  if (length > PASSWORD_MAX)
    return err('account.password', `a password has at most ${PASSWORD_MAX} characters`);
  return ok(raw);
}
