/**
 * Web Push in either database (through `Sql`): the browsers subscribed (one row per push endpoint, tied to
 * the session that subscribed it: signing out or ending that session stops its notices), the kinds each
 * account turned off, and the keys of notices sent once only (low time), so a restart or a second
 * process never sends one twice.
 */
import { PUSH_KINDS, type PushChoices, type PushKind } from '@attila/protocol';
import type { Sql } from '../storage/sql.js';

export interface StoredPushSubscription {
  readonly endpoint: string;
  readonly playerId: string;
  readonly sessionId: string;
  readonly p256dh: string;
  readonly auth: string;
  readonly createdAt: number;
}

interface SubscriptionRow {
  endpoint: string;
  player_id: string;
  session_id: string;
  p256dh: string;
  auth: string;
  created_at: number | string;
}

/** Subscriptions kept per account (a new one beyond it drops the oldest). */
export const SUBSCRIPTIONS_PER_ACCOUNT = 10;

const subscriptionFrom = (r: SubscriptionRow): StoredPushSubscription => ({
  endpoint: r.endpoint,
  playerId: r.player_id,
  sessionId: r.session_id,
  p256dh: r.p256dh,
  auth: r.auth,
  createdAt: Number(r.created_at),
});

export class PushStore {
  constructor(private readonly sql: Sql) {}

  /** Adds the browser's subscription, or gives an endpoint already known to this session and player. */
  async subscribe(s: StoredPushSubscription): Promise<void> {
    await this.sql.tx(async (sql) => {
      await sql.run('DELETE FROM push_subscriptions WHERE endpoint = ?', [s.endpoint]);
      await sql.run(
        `INSERT INTO push_subscriptions (endpoint, player_id, session_id, p256dh, auth, created_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
        [s.endpoint, s.playerId, s.sessionId, s.p256dh, s.auth, s.createdAt],
      );
      const rows = await sql.all<{ endpoint: string }>(
        'SELECT endpoint FROM push_subscriptions WHERE player_id = ? ORDER BY created_at DESC, endpoint',
        [s.playerId],
      );
      for (const old of rows.slice(SUBSCRIPTIONS_PER_ACCOUNT))
        await sql.run('DELETE FROM push_subscriptions WHERE endpoint = ?', [old.endpoint]);
    });
  }

  /** The player's own subscription at this endpoint ends; false when it had none there. */
  async unsubscribe(playerId: string, endpoint: string): Promise<boolean> {
    return (
      (await this.sql.run('DELETE FROM push_subscriptions WHERE endpoint = ? AND player_id = ?', [
        endpoint,
        playerId,
      ])) === 1
    );
  }

  /** The push service said the endpoint is gone (404, 410): nobody can be reached there any more. */
  async forget(endpoint: string): Promise<void> {
    await this.sql.run('DELETE FROM push_subscriptions WHERE endpoint = ?', [endpoint]);
  }

  /**
   * Where the player can be reached: subscriptions whose session still exists. Those whose session ended
   * (signed out, revoked, expired, account deleted) are deleted on the way.
   */
  async reachable(playerId: string): Promise<StoredPushSubscription[]> {
    await this.sql.run(
      `DELETE FROM push_subscriptions WHERE player_id = ?
         AND NOT EXISTS (SELECT 1 FROM sessions WHERE sessions.id = push_subscriptions.session_id)`,
      [playerId],
    );
    const rows = await this.sql.all<SubscriptionRow>(
      'SELECT * FROM push_subscriptions WHERE player_id = ? ORDER BY created_at',
      [playerId],
    );
    return rows.map(subscriptionFrom);
  }

  async endpointsOfSession(sessionId: string): Promise<string[]> {
    const rows = await this.sql.all<{ endpoint: string }>(
      'SELECT endpoint FROM push_subscriptions WHERE session_id = ? ORDER BY created_at',
      [sessionId],
    );
    return rows.map((r) => r.endpoint);
  }

  async choices(playerId: string): Promise<PushChoices> {
    const rows = await this.sql.all<{ muted: string }>('SELECT muted FROM push_choices WHERE player_id = ?', [
      playerId,
    ]);
    const muted = new Set(rows.length ? (JSON.parse(rows[0].muted) as string[]) : []);
    return Object.fromEntries(PUSH_KINDS.map((k) => [k, !muted.has(k)])) as Record<PushKind, boolean>;
  }

  async setChoices(playerId: string, choices: PushChoices): Promise<void> {
    const muted = JSON.stringify(PUSH_KINDS.filter((k) => !choices[k]));
    await this.sql.run(
      `INSERT INTO push_choices (player_id, muted) VALUES (?, ?)
       ON CONFLICT (player_id) DO UPDATE SET muted = excluded.muted`,
      [playerId, muted],
    );
  }

  /** Claims the one sending of the notice `key`: true the first time only (the primary key decides). */
  async firstTime(key: string, at: number): Promise<boolean> {
    return (
      (await this.sql.run('INSERT INTO push_sent (key, at) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', [
        key,
        at,
      ])) === 1
    );
  }
}
