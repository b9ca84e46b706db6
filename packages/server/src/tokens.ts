/** Seat tokens and table ids: unguessable (crypto random), kept only as hashes, compared in constant time. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

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

/** Whether `token` is the one whose hash is `storedHash`; hashes have a fixed length, so no timing leak. */
export function tokenMatches(token: string, storedHash: string | null): boolean {
  if (storedHash === null) return false;
  const given = Buffer.from(hashToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
