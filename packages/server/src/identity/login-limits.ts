/**
 * How many password guesses anyone gets. Every route that checks a password (signing in, changing the
 * password, deleting the account) counts the attempt BEFORE the password is looked at, in the database
 * (one atomic statement per counter, so two requests at once, or two server processes on one PostgreSQL,
 * cannot both pass the last free attempt), and refuses it once a counter is over its limit.
 *
 * The counters are chosen so that a stranger can only lock themselves out, never the account's owner:
 * - an attempt from a device the account signed in on before (a signed device cookie, device-cookie.ts)
 *   counts only against that device (`perDevice`): what other addresses do cannot stop it;
 * - any other attempt counts against its address (`perAddress`, one address trying many names), then
 *   against the name from that address (`perNameAddress`), and only if both pass against the name from
 *   everywhere (`perName`, far higher: a guesser needs `perName / perNameAddress` addresses to reach it).
 * Limits are per fixed window (`windowMs`) from a counter's first attempt. A correct password clears its
 * device's and its (name, address)'s counters and hands its own attempt back to the address; a refused
 * attempt verifies nothing, so it takes as long as an answer from the database.
 */
import type { Sql } from '../storage/sql.js';

export interface LoginLimits {
  /** Attempts per account name from all addresses together (not for the account's known devices). */
  readonly perName: number;
  /** Attempts per account name from one address. */
  readonly perNameAddress: number;
  /** Attempts per address, whatever the names. */
  readonly perAddress: number;
  /** Attempts per known device of the account (instead of the three above). */
  readonly perDevice: number;
  readonly windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perName: 50,
  perNameAddress: 5,
  perAddress: 20,
  perDevice: 5,
  windowMs: 15 * 60_000,
};

/** Who is guessing: the folded account name, the client's address, the account's device id if known. */
export interface Attempt {
  readonly nameKey: string;
  readonly address: string;
  readonly device: string | null;
}

export type Admission =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfterSeconds: number; readonly limit: string };

const keys = (a: Attempt) => ({
  device: `device:${a.device ?? ''}`,
  address: `address:${a.address}`,
  nameAddress: `name-address:${a.address}|${a.nameKey}`,
  name: `name:${a.nameKey}`,
});

export class LoginAttempts {
  constructor(
    private readonly sql: Sql,
    readonly limits: LoginLimits,
  ) {}

  /** Counts one attempt; allowed only if every counter it met is within its limit. */
  async admit(a: Attempt, now: number): Promise<Admission> {
    const k = keys(a);
    const steps: [string, number, string][] = a.device
      ? [[k.device, this.limits.perDevice, 'this device']]
      : [
          [k.address, this.limits.perAddress, 'this address'],
          [k.nameAddress, this.limits.perNameAddress, 'this name from this address'],
          [k.name, this.limits.perName, 'this name'],
        ];
    for (const [key, limit, what] of steps) {
      const { count, endsAt } = await this.bump(key, now);
      if (count > limit)
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now) / 1000)),
          limit: what,
        };
    }
    return { allowed: true };
  }

  /** The password was right: its own counters start again, and the address gets this attempt back. */
  async succeeded(a: Attempt): Promise<void> {
    const k = keys(a);
    if (a.device) {
      await this.sql.run('DELETE FROM login_attempts WHERE key = ?', [k.device]);
      return;
    }
    await this.sql.run('DELETE FROM login_attempts WHERE key = ?', [k.nameAddress]);
    await this.sql.run('UPDATE login_attempts SET count = count - 1 WHERE key = ? AND count > 0', [
      k.address,
    ]);
  }

  /** Forgets counters whose window has ended (the hourly purge). */
  async purge(now: number): Promise<number> {
    return this.sql.run('DELETE FROM login_attempts WHERE ends_at <= ?', [now]);
  }

  /** One statement: a new window at 1, or the current one plus one; the count and the window's end. */
  private async bump(key: string, now: number): Promise<{ count: number; endsAt: number }> {
    const ends = now + this.limits.windowMs;
    const rows = await this.sql.all<{ count: number | string; ends_at: number | string }>(
      `INSERT INTO login_attempts (key, count, ends_at) VALUES (?, 1, ?)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN login_attempts.ends_at <= ? THEN 1 ELSE login_attempts.count + 1 END,
         ends_at = CASE WHEN login_attempts.ends_at <= ? THEN ? ELSE login_attempts.ends_at END
       RETURNING count, ends_at`,
      [key, ends, now, now, ends],
    );
    return { count: Number(rows[0].count), endsAt: Number(rows[0].ends_at) };
  }
}
