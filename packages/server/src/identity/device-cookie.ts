/**
 * A device the account has signed in on: after a correct password the server sets `attila_device`, signed
 * with the server's secret (@fastify/cookie's HMAC), holding the account's player id and a random device id.
 * Sign-in limits (login-limits.ts) count a known device's attempts on their own, so a stranger guessing
 * from elsewhere cannot lock the owner out on it. The cookie proves only that this browser once knew the
 * password of that account; it signs nobody in.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const DEVICE_COOKIE = 'attila_device';
/** A year: a device stays known across sessions (these end after 30 idle days). */
const DEVICE_MAX_AGE_S = 365 * 24 * 3600;

/** The device id the request's cookie names for this account, or null (none, tampered, another account's). */
export function knownDevice(req: FastifyRequest, playerId: string): string | null {
  const raw = req.cookies[DEVICE_COOKIE];
  if (raw === undefined) return null;
  const unsigned = req.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  const dot = unsigned.value.indexOf('.');
  if (dot < 0 || unsigned.value.slice(0, dot) !== playerId) return null;
  const device = unsigned.value.slice(dot + 1);
  return /^[A-Za-z0-9_-]{16,64}$/.test(device) ? device : null;
}

/** Marks the browser as a known device of the account (keeping its device id if it was one already). */
export function rememberDevice(req: FastifyRequest, reply: FastifyReply, playerId: string): void {
  const device = knownDevice(req, playerId) ?? randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, `${playerId}.${device}`, {
    path: '/api/account',
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    signed: true,
    maxAge: DEVICE_MAX_AGE_S,
  });
}
