/** Puts the identity parts together on the HTTP server: the cookie plugin, the CSRF check, the routes. */
import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { OriginAllowList } from '../origins.js';
import type { SingletonJobs } from '../singleton-jobs.js';
import type { Storage } from '../storage/types.js';
import { Identity } from './identity.js';
import { DEFAULT_LOGIN_LIMITS, LoginAttempts, type LoginLimits } from './login-limits.js';
import { fillSkeletons } from './name-skeletons.js';
import { registerPasskeys } from './passkeys.js';
import { registerProfiles } from './profile.js';
import { registerCsrf, registerIdentityRoutes } from './routes.js';
import { DEFAULT_SESSION_POLICY, type SessionPolicy } from './session-policy.js';

export interface IdentityOptions {
  readonly storage: Storage;
  readonly bots: ReadonlySet<string>;
  readonly allowedOrigins: OriginAllowList;
  readonly sessions?: Partial<SessionPolicy>;
  readonly logins?: Partial<LoginLimits>;
  readonly now?: () => number;
  /** Where the hourly purge runs: in one process of several (singleton-jobs.ts). */
  readonly jobs: SingletonJobs;
}

/**
 * How often expired sessions are deleted (those met earlier are deleted on the spot), and with them the
 * guests nothing refers to any more.
 */
const PURGE_EVERY_MS = 3600_000;

export async function registerIdentity(app: FastifyInstance, o: IdentityOptions): Promise<Identity> {
  const now = o.now ?? (() => Date.now());
  const policy = { ...DEFAULT_SESSION_POLICY, ...o.sessions };
  // One secret for every process on this database, made by the first server to start.
  const secret = await o.storage.accounts.secret('session-cookie', randomBytes(32).toString('base64url'));
  await app.register(cookie, { secret });
  const filled = await fillSkeletons(o.storage.accounts);
  if (filled) app.log.info({ accounts: filled }, 'account name skeletons filled in');
  const identity = new Identity(o.storage.accounts, policy, o.bots, now);
  const ctx = {
    identity,
    logins: new LoginAttempts(o.storage.accounts.sql, { ...DEFAULT_LOGIN_LIMITS, ...o.logins }),
    bots: o.bots,
    allowedOrigins: o.allowedOrigins,
    now,
  };
  registerCsrf(app, ctx);
  registerIdentityRoutes(app, ctx);
  registerProfiles(app, o.storage, identity);
  registerPasskeys(app, identity, now);
  let purge: NodeJS.Timeout | null = null;
  o.jobs.add({
    name: 'purge-sessions',
    start() {
      purge = setInterval(() => {
        const t = now();
        o.storage.accounts
          .purgeSessions(t - policy.idleMs, t - policy.absoluteMs)
          .then(() => o.storage.accounts.purgeLostGuests())
          .then(() => ctx.logins.purge(t))
          .catch((e) => app.log.warn({ err: e }, 'purging expired sessions failed'));
      }, PURGE_EVERY_MS);
      purge.unref();
    },
    async stop() {
      if (purge) clearInterval(purge);
      purge = null;
    },
  });
  return identity;
}
