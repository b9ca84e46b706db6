/**
 * Failed sign-ins are counted per account name (someone guessing one account's password from many
 * addresses) and per address (one address trying many names), in fixed windows, in this process's
 * memory. Past either limit a sign-in is refused before the password is looked at, for names with and
 * without an account alike (so the refusal tells nothing about the name). A success clears the name's count.
 */
export interface LoginLimits {
  readonly perName: number;
  readonly perAddress: number;
  readonly windowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perName: 5, perAddress: 20, windowMs: 15 * 60_000 };

interface Window {
  count: number;
  endsAt: number;
}

/** At most this many counters are kept; past it, expired ones are dropped first. */
const MAX_ENTRIES = 50_000;

export class LoginCounter {
  private readonly names = new Map<string, Window>();
  private readonly addresses = new Map<string, Window>();

  constructor(readonly limits: LoginLimits) {}

  /** Seconds until another attempt is allowed, or 0 when one is allowed now. */
  blockedFor(nameKey: string, address: string, now: number): number {
    const waits = [
      this.wait(this.names, nameKey, this.limits.perName, now),
      this.wait(this.addresses, address, this.limits.perAddress, now),
    ];
    return Math.max(...waits);
  }

  failed(nameKey: string, address: string, now: number): void {
    this.bump(this.names, nameKey, now);
    this.bump(this.addresses, address, now);
  }

  succeeded(nameKey: string): void {
    this.names.delete(nameKey);
  }

  private wait(map: Map<string, Window>, key: string, limit: number, now: number): number {
    const w = map.get(key);
    if (!w || w.endsAt <= now || w.count < limit) return 0;
    return Math.max(1, Math.ceil((w.endsAt - now) / 1000));
  }

  private bump(map: Map<string, Window>, key: string, now: number): void {
    const w = map.get(key);
    if (w && w.endsAt > now) {
      w.count++;
      return;
    }
    if (map.size >= MAX_ENTRIES) {
      for (const [k, v] of map) if (v.endsAt <= now) map.delete(k);
      if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as string);
    }
    map.set(key, { count: 1, endsAt: now + this.limits.windowMs });
  }
}
