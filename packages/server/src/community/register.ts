/** Puts the community together: the players' routes and the moderators' over the server's storage. */
import type { FastifyInstance } from 'fastify';
import type { Broadcast } from '../broadcast/types.js';
import type { Identity } from '../identity/identity.js';
import type { Storage } from '../storage/types.js';
import { Community } from './community.js';
import { Moderation } from './moderation.js';
import { registerModerationRoutes } from './moderation-routes.js';
import { registerCommunityRoutes } from './player-routes.js';

export function registerCommunity(
  app: FastifyInstance,
  identity: Identity,
  community: Community,
  storage: Storage,
  now: () => number,
  broadcast: Broadcast,
): Moderation {
  const moderation = new Moderation(storage, community, now, broadcast);
  registerCommunityRoutes(app, identity, community);
  registerModerationRoutes(app, identity, moderation);
  return moderation;
}
