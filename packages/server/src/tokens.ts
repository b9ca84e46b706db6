/** Seat tokens and table ids: unguessable (crypto random), kept only as hashes, compared in constant time. */
import { createHash, randomFillSync, timingSafeEqual } from 'node:crypto';

/**
 * Random bytes drawn from the CSPRNG a page at a time (as Node does for randomUUID): a call of
 * randomBytes per id cost more than the rest of making one. Each byte is handed out once.
 */
const pool = Buffer.alloc(4096);
let used = pool.length;

function randomBytes(n: number): Buffer {
  if (used + n > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += n;
  return pool.subarray(used - n, used);
}

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export function newTableId(): string {
  return randomBytes(9).toString('base64url');
}

export function newSeed(): string {
  return randomBytes(12).toString('hex');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The digests of tokens seen lately, and of stored hashes, as bytes: every move of a seat checks the same
 * token against the same hash (twice: is it a repeat, may it move), and hashing it each time was a visible
 * part of a move's CPU. Bounded: emptied when full, so a stream of made-up tokens cannot grow it.
 */
const tokenDigests = new Map<string, Buffer>();
const storedDigests = new Map<string, Buffer>();
const DIGESTS_KEPT = 20_000;

function remembered(kept: Map<string, Buffer>, key: string, make: () => Buffer): Buffer {
  let d = kept.get(key);
  if (d === undefined) {
    if (kept.size >= DIGESTS_KEPT) kept.clear();
    d = make();
    kept.set(key, d);
  }
  return d;
}

/** Whether `token` is the one whose hash is `storedHash`; hashes have a fixed length, so no timing leak. */
export function tokenMatches(token: string, storedHash: string | null): boolean {
  if (storedHash === null) return false;
  const given = remembered(tokenDigests, token, () => createHash('sha256').update(token).digest());
  const stored = remembered(storedDigests, storedHash, () => Buffer.from(storedHash, 'hex'));
  return given.length === stored.length && timingSafeEqual(given, stored);
}
