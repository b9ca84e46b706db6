/**
 * Who a request comes from: the session named by its signed cookie, and the player it belongs to. A
 * visitor without a session gets a guest player at once (generated name, nothing to fill in); the guest
 * may claim an account later, keeping its player id and so its games. Expired sessions (idle or absolute,
 * session-policy.ts) are deleted when met.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Me } from '@attila/protocol';
import type { AccountStore, StoredPlayer, StoredSession } from '../storage/accounts.js';
import { hashToken } from '../tokens.js';
import { guestName } from './player-names.js';
import {
  cookieOptions,
  newPlayerId,
  newSessionId,
  newSessionToken,
  SESSION_COOKIE,
  sessionExpired,
  type SessionPolicy,
} from './session-policy.js';

export interface Current {
  readonly session: StoredSession;
  readonly player: StoredPlayer;
}

export function meOf(player: StoredPlayer): Me {
  return {
    id: player.id,
    name: player.displayName,
    kind: player.nameKey === null ? 'guest' : 'account',
    createdAt: player.createdAt,
  };
}

/** A User-Agent as kept with a session (to tell one's sessions apart): bounded, printable. */
function agentOf(req: FastifyRequest): string {
  const raw = req.headers['user-agent'] ?? '';
  return raw.replace(/[^\x20-\x7e]/g, '').slice(0, 200);
}

export class Identity {
  private readonly current = new WeakMap<FastifyRequest, Promise<Current | null>>();

  constructor(
    readonly store: AccountStore,
    readonly policy: SessionPolicy,
    private readonly bots: ReadonlySet<string>,
    private readonly now: () => number,
  ) {}

  /** The request's session and player, or null (none, tampered, expired, ended). Once per request. */
  of(req: FastifyRequest): Promise<Current | null> {
    let p = this.current.get(req);
    if (!p) {
      p = this.lookUp(req);
      this.current.set(req, p);
    }
    return p;
  }

  /** Whether the request carries a session cookie at all (checked or not). */
  hasCookie(req: FastifyRequest): boolean {
    return req.cookies[SESSION_COOKIE] !== undefined;
  }

  private async lookUp(req: FastifyRequest): Promise<Current | null> {
    const raw = req.cookies[SESSION_COOKIE];
    if (raw === undefined) return null;
    const unsigned = req.unsignCookie(raw);
    if (!unsigned.valid || unsigned.value === null) return null;
    const session = await this.store.sessionByToken(hashToken(unsigned.value));
    if (!session) return null;
    const now = this.now();
    if (sessionExpired(session, now, this.policy)) {
      await this.store.deleteSession(session.playerId, session.id);
      return null;
    }
    const player = await this.store.player(session.playerId);
    if (!player || player.deletedAt !== null) return null;
    if (now - session.lastSeenAt >= this.policy.touchEveryMs) await this.store.touchSession(session.id, now);
    return { session, player };
  }

  /** A new session for the player, its cookie set on the reply (a new token at every sign-in). */
  async startSession(req: FastifyRequest, reply: FastifyReply, player: StoredPlayer): Promise<Current> {
    const token = newSessionToken();
    const now = this.now();
    const session: StoredSession = {
      id: newSessionId(),
      tokenHash: hashToken(token),
      playerId: player.id,
      createdAt: now,
      lastSeenAt: now,
      userAgent: agentOf(req),
    };
    await this.store.createSession(session);
    reply.setCookie(SESSION_COOKIE, token, cookieOptions(this.policy));
    const current = { session, player };
    this.current.set(req, Promise.resolve(current));
    return current;
  }

  /**
   * Signs the request in to `account` with a new session. A guest signing in brings its games along (its
   * seats become the account's, the guest's session ends); a session it had of any account ends.
   */
  async signInAs(req: FastifyRequest, reply: FastifyReply, account: StoredPlayer): Promise<Current> {
    const current = await this.of(req);
    if (current && current.player.nameKey === null && current.player.id !== account.id)
      await this.store.mergeGuest(current.player.id, account.id);
    else if (current) await this.store.deleteSession(current.player.id, current.session.id);
    return this.startSession(req, reply, account);
  }

  async newGuest(req: FastifyRequest, reply: FastifyReply): Promise<Current> {
    const player: StoredPlayer = {
      id: newPlayerId(),
      displayName: guestName(this.bots),
      nameKey: null,
      passwordHash: null,
      createdAt: this.now(),
      claimedAt: null,
      deletedAt: null,
    };
    await this.store.createPlayer(player);
    return this.startSession(req, reply, player);
  }

  endCookie(reply: FastifyReply): void {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  /** The player that holds a seat taken by this request: its session's, or nobody (a token-only client). */
  async seatHolder(req: FastifyRequest): Promise<StoredPlayer | null> {
    return (await this.of(req))?.player ?? null;
  }
}
