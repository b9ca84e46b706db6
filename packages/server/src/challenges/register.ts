/** Puts challenges together: the store on the server's database, the routes, the bot stream's lines. */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { BotSeating } from '../bot-api/register.js';
import type { Broadcast } from '../broadcast/types.js';
import type { Identity } from '../identity/identity.js';
import type { Lobby } from '../lobby.js';
import type { OriginAllowList } from '../origins.js';
import type { Storage } from '../storage/types.js';
import { noticeChannel } from '../community/moderation.js';
import { challengeLines, registerChallengeRoutes } from './challenge-routes.js';
import { ChallengeStore } from './challenge-store.js';
import { Challenges, type ChallengeCommunity } from './challenges.js';

export interface ChallengeOptions {
  readonly storage: Storage;
  readonly lobby: Lobby;
  readonly broadcast: Broadcast;
  readonly identity: Identity;
  readonly bots: BotSeating;
  readonly allowedOrigins: OriginAllowList;
  readonly log: Logger;
  readonly now?: () => number;
  readonly community?: ChallengeCommunity;
}

export function registerChallenges(app: FastifyInstance, o: ChallengeOptions): Challenges {
  const challenges = new Challenges({
    store: new ChallengeStore(o.storage.accounts.sql),
    accounts: o.storage.accounts,
    lobby: o.lobby,
    broadcast: o.broadcast,
    seatToken: o.bots.seatToken,
    now: o.now ?? (() => Date.now()),
    log: o.log,
    community: o.community,
  });
  registerChallengeRoutes(app, {
    challenges,
    identity: o.identity,
    botOf: (req, reply) => o.bots.botOf(req, reply),
    allowedOrigins: o.allowedOrigins,
    log: o.log,
    // The player's socket also carries what moderators tell the player (community/moderation.ts).
    news: (playerId, send) =>
      o.broadcast.subscribe(noticeChannel(playerId), (e) => {
        if (e.all !== undefined) send(e.all);
      }),
  });
  o.bots.addStreamLines((playerId, line) => challengeLines(challenges, playerId, line));
  return challenges;
}
