/**
 * Who a bot API request comes from: `Authorization: Bearer <token>`, a token of a bot account with the scope
 * the route needs. No cookie is involved, so there is nothing a page elsewhere could ride on (no CSRF check).
 * Seat tokens of a bot account's seats are derived from a server secret, never stored: the account proves it
 * holds a seat by `seats.player_id`, and the server computes the token the table checks.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { err, ok, type Result } from '@attila/core';
import type { FastifyRequest } from 'fastify';
import type { AccountStore, StoredPlayer } from '../storage/accounts.js';
import type { BotStore, StoredBotToken, TokenScope } from './bot-store.js';
import type { TokenRate } from './token-rate.js';

/** API tokens start with this, so a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = 'attila_bot_';

export function newApiToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface BotCaller {
  readonly player: StoredPlayer;
  readonly token: StoredBotToken;
}

/** Whether the request names a bearer token at all (then it is a bot API request, checked as one). */
export function hasBearer(req: FastifyRequest): boolean {
  return req.headers.authorization !== undefined;
}

export class BearerAuth {
  constructor(
    private readonly bots: BotStore,
    private readonly accounts: AccountStore,
    private readonly seatSecret: string,
    private readonly now: () => number,
    /** Per-token limits (null: none). */
    private readonly rate: TokenRate | null = null,
  ) {}

  /**
   * The bot account and token of the request, or why not (401: no token, unknown, revoked; 403: scope;
   * 429: the token's requests this minute are used up).
   */
  async caller(req: FastifyRequest, scope: TokenScope): Promise<Result<BotCaller>> {
    const header = req.headers.authorization;
    if (header === undefined) {
      return err('token.missing', 'the bot API needs the header "Authorization: Bearer <token>"');
    }
    const m = /^Bearer ([A-Za-z0-9_-]{1,128})$/.exec(header);
    if (!m) {
      return err(
        'token.invalid',
        'the Authorization header must be "Bearer <token>" (the token as shown when it was made)',
      );
    }
    const token = await this.bots.tokenByHash(hashApiToken(m[1]));
    if (!token) return err('token.invalid', 'this token is not known here (mistyped, or of another server)');
    if (token.revokedAt !== null) return err('token.revoked', 'this token was revoked: make a new one');
    const player = await this.accounts.player(token.playerId);
    if (!player || player.deletedAt !== null)
      return err('token.revoked', 'the account of this token is gone');
    // `play` includes `read`: a bot that plays reads its streams.
    if (!token.scopes.includes(scope) && !(scope === 'read' && token.scopes.includes('play'))) {
      return err(
        'token.scope',
        `this token has the scopes ${token.scopes.join(', ')}; this request needs "${scope}"`,
      );
    }
    if (this.rate) {
      const allowed = this.rate.take(
        token.id,
        req.method === 'GET' || req.method === 'HEAD' ? 'read' : 'write',
      );
      if (!allowed.ok) return allowed;
    }
    const now = this.now();
    if (token.lastUsedAt === null || now - token.lastUsedAt > 60_000)
      await this.bots.touchToken(token.id, now);
    return ok({ player, token });
  }

  /** The token of the bot account's seat: what the table checks, as for a person's seat token. */
  seatToken(tableId: string, seat: number, playerId: string): string {
    return createHmac('sha256', this.seatSecret).update(`${tableId}/${seat}/${playerId}`).digest('base64url');
  }
}
