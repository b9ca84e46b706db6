/**
 * How long a session lives, and how its cookie is made. The cookie holds a random token (the database
 * keeps only its SHA-256, like seat tokens), signed with the server's secret (@fastify/cookie, HMAC): a
 * cookie that was tampered with is refused before the database is asked. httpOnly (no script reads it),
 * SameSite=Lax (not sent on cross-site POSTs), Secure whenever the request came over HTTPS.
 */
import { randomBytes } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';

export const SESSION_COOKIE = 'attila_session';

export interface SessionPolicy {
  /** A session unused this long ends. */
  readonly idleMs: number;
  /** A session ends this long after it began, used or not (sign in again). */
  readonly absoluteMs: number;
  /** Last-seen times are written at most this often (a page's many requests write once). */
  readonly touchEveryMs: number;
}

const DAY = 24 * 3600 * 1000;

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleMs: 30 * DAY,
  absoluteMs: 180 * DAY,
  touchEveryMs: 60_000,
};

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A session's public id (listed, revoked by it): not the token, which never leaves the cookie. */
export function newSessionId(): string {
  return randomBytes(12).toString('base64url');
}

export function newPlayerId(): string {
  return randomBytes(12).toString('base64url');
}

/** Whether a session that began at `createdAt` and was last used at `lastSeenAt` is over at `now`. */
export function sessionExpired(
  s: { createdAt: number; lastSeenAt: number },
  now: number,
  policy: SessionPolicy,
): 'idle' | 'absolute' | null {
  if (now - s.createdAt >= policy.absoluteMs) return 'absolute';
  if (now - s.lastSeenAt >= policy.idleMs) return 'idle';
  return null;
}

export function cookieOptions(policy: SessionPolicy): CookieSerializeOptions {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    signed: true,
    maxAge: Math.floor(policy.absoluteMs / 1000),
  };
}
