/**
 * Sending Web Push notices (RFC 8030 with VAPID, RFC 8292, and an aes128gcm payload, RFC 8291) through the
 * `web-push` library. The server's VAPID key pair is made by the first server to start on a database and
 * kept there (`server_secrets`), so every process and every restart signs with the same key and browsers'
 * subscriptions stay valid. `notify` never throws and is never awaited on a write path: a slow or failing
 * push service delays nobody's move.
 */
import type { Agent } from 'node:https';
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import webpush from 'web-push';
import type { PushKind, PushPayload } from '@attila/protocol';
import type { AccountStore } from '../storage/accounts.js';
import { PushStore } from './store.js';

export interface PushOptions {
  /**
   * The VAPID subject: how a push service reaches the operator (`mailto:` address or `https:` page).
   * Default `DEFAULT_PUSH_CONTACT`; operators set their own (`attila serve --push-contact`).
   */
  readonly contact?: string;
  /** How HTTPS requests reach push services (default Node's global agent; tests trust their own CA). */
  readonly agent?: Agent;
  /** Give up on a push service after this long (default 10 s). */
  readonly timeoutMs?: number;
}

export const DEFAULT_PUSH_CONTACT = 'mailto:operator@attila.invalid';

export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

/** What a notice says besides its kind (the service worker composes the words in the player's language). */
export type NoticeData = Omit<PushPayload, 'kind'>;

/** How long a push service keeps a notice for a browser that is offline (s), per kind. */
const TTL_S: Record<PushKind, number> = { turn: 86_400, challenge: 86_400, 'low-time': 6 * 3600 };

/** The push service may replace a notice not yet delivered by a later one with the same topic. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

export class Push {
  private constructor(
    readonly store: PushStore,
    readonly keys: VapidKeys,
    private readonly contact: string,
    private readonly log: Logger,
    private readonly options: PushOptions,
  ) {}

  /** Reads the VAPID keys from the database, making them if this is the database's first server. */
  static async start(accounts: AccountStore, log: Logger, options: PushOptions = {}): Promise<Push> {
    const fresh = JSON.stringify(webpush.generateVAPIDKeys());
    const keys = JSON.parse(await accounts.secret('vapid-keys', fresh)) as VapidKeys;
    const contact = options.contact ?? DEFAULT_PUSH_CONTACT;
    // Refused at start rather than at the first notice: the library checks the subject and the keys.
    webpush.getVapidHeaders('https://push.example', contact, keys.publicKey, keys.privateKey, 'aes128gcm');
    return new Push(new PushStore(accounts.sql), keys, contact, log, options);
  }

  /**
   * Sends `kind` to every browser the account subscribed, if it wants that kind. Resolves once every push
   * service answered (or failed); never rejects. The kinds other modules send: `turn` and `low-time`
   * (turn-notices.ts), `challenge` (the challenges' code calls this with `{ path, tag, from, game }`).
   */
  async notify(accountId: string, kind: PushKind, data: NoticeData): Promise<void> {
    try {
      if (!(await this.store.choices(accountId))[kind]) return;
      const subscriptions = await this.store.reachable(accountId);
      const payload = JSON.stringify({ ...data, kind } satisfies PushPayload);
      await Promise.all(subscriptions.map((s) => this.send(s, kind, data.tag, payload)));
    } catch (e) {
      this.log.warn({ err: e, account: accountId, kind }, 'push notice failed');
    }
  }

  private async send(
    s: { endpoint: string; p256dh: string; auth: string },
    kind: PushKind,
    tag: string,
    payload: string,
  ): Promise<void> {
    try {
      await webpush.sendNotification(
        { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
        payload,
        {
          vapidDetails: {
            subject: this.contact,
            publicKey: this.keys.publicKey,
            privateKey: this.keys.privateKey,
          },
          TTL: TTL_S[kind],
          urgency: kind === 'low-time' ? 'high' : 'normal',
          topic: topicOf(tag),
          contentEncoding: 'aes128gcm',
          timeout: this.options.timeoutMs ?? 10_000,
          ...(this.options.agent ? { agent: this.options.agent } : {}),
        },
      );
    } catch (e) {
      const status = (e as { statusCode?: number }).statusCode;
      // The browser unsubscribed or the subscription expired: the push service says so, for good.
      if (status === 404 || status === 410) {
        await this.store.forget(s.endpoint);
        this.log.info({ status }, 'push subscription gone; removed');
        return;
      }
      this.log.warn({ err: (e as Error).message, status }, 'push service refused a notice');
    }
  }
}
