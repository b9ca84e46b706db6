/**
 * The identity routes (`/api/me`, `/api/account/...`): guests, claiming an account, signing in and out,
 * passwords, sessions, deleting an account. Every change made with the session cookie passes the CSRF
 * check (csrf.ts) first; so does every change to `/api/me` and `/api/account` (signing in included: no
 * page elsewhere may sign a visitor in to another account either).
 */
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  botNameClash,
  changePasswordSchema,
  credentialsSchema,
  deleteAccountSchema,
  lessonProgressSchema,
  MAX_LESSONS,
  type LessonProgressBody,
  renameSchema,
  describeZodError,
  type ErrorBody,
  type SessionInfo,
} from '@attila/protocol';
import { httpStatus } from '../errors.js';
import type { OriginAllowList } from '../origins.js';
import { csrfCheck } from './csrf.js';
import { closedByModerator } from '../storage/moderation-store.js';
import { meOf, type Current, type Identity } from './identity.js';
import { knownDevice, rememberDevice } from './device-cookie.js';
import type { Attempt, LoginAttempts } from './login-limits.js';
import { hashPassword, parseNewPassword, passwordMatches, verifyNothing } from './passwords.js';
import { accountLookingLike, nameSkeleton } from './name-skeletons.js';
import { nameKey, parseAccountName } from './player-names.js';

export function refuse(reply: FastifyReply, code: string, message: string) {
  const body: ErrorBody = { error: { code, message } };
  return reply.code(httpStatus(code)).send(body);
}

function parse<T>(schema: z.ZodType<T>, value: unknown, reply: FastifyReply): T | null {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  void refuse(reply, 'request.invalid', describeZodError(r.error));
  return null;
}

const isChange = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

/**
 * POSTs that change nothing and never look at the session (a computation asked with a body): no forged
 * request could do harm through them, so the cookie a browser sends along is no reason to refuse them.
 */
// Computations that change nothing and read no session (the analysis, the tables' values of a game).
const SESSION_FREE: ReadonlySet<string> = new Set(['/api/knights/analyse', '/api/knights/values']);
const identityPath = (url: string) => url.startsWith('/api/me') || url.startsWith('/api/account');

export interface IdentityRoutes {
  readonly identity: Identity;
  readonly logins: LoginAttempts;
  readonly bots: ReadonlySet<string>;
  readonly allowedOrigins: OriginAllowList;
  readonly now: () => number;
}

/** The CSRF check, before anything is parsed or done. */
export function registerCsrf(app: FastifyInstance, ctx: IdentityRoutes): void {
  app.addHook('onRequest', async (req, reply) => {
    if (!isChange(req.method) || !req.url.startsWith('/api/')) return;
    if (SESSION_FREE.has(req.url.split('?')[0])) return;
    if (!identityPath(req.url) && !ctx.identity.hasCookie(req)) return;
    const r = csrfCheck(req, ctx.allowedOrigins);
    if (!r.ok) return refuse(reply, r.error.code, r.error.message);
  });
}

export function registerIdentityRoutes(app: FastifyInstance, ctx: IdentityRoutes): void {
  const { identity } = ctx;
  const store = identity.store;

  const signedIn = async (req: FastifyRequest, reply: FastifyReply): Promise<Current | null> => {
    const current = await identity.of(req);
    if (!current) void refuse(reply, 'session.none', 'you are not signed in (no session, or it has ended)');
    return current;
  };
  const account = async (req: FastifyRequest, reply: FastifyReply): Promise<Current | null> => {
    const current = await signedIn(req, reply);
    if (current && current.player.nameKey === null) {
      void refuse(reply, 'account.guest', 'you are playing as a guest: claim an account first');
      return null;
    }
    return current;
  };

  /**
   * Counts a password attempt for the account named `key` (login-limits.ts) before any password is looked
   * at; null when refused (the 429 is sent).
   */
  const admitted = async (
    req: FastifyRequest,
    reply: FastifyReply,
    key: string,
    accountId: string | null,
  ): Promise<Attempt | null> => {
    const attempt: Attempt = {
      nameKey: key,
      address: normalizeIP(req.ip),
      device: accountId === null ? null : knownDevice(req, accountId),
    };
    const admission = await ctx.logins.admit(attempt, ctx.now());
    if (admission.allowed) return attempt;
    const wait = admission.retryAfterSeconds;
    void reply.header('retry-after', String(wait));
    void refuse(
      reply,
      'login.rate-limited',
      `too many password attempts for ${admission.limit}: try again in ${wait} seconds`,
    );
    return null;
  };

  app.get('/api/me', async (req) => {
    const current = await identity.of(req);
    return { player: current ? meOf(current.player) : null };
  });

  app.post('/api/me/guest', async (req, reply) => {
    const current = await identity.of(req);
    if (current) return { player: meOf(current.player) };
    const guest = await identity.newGuest(req, reply);
    return reply.code(201).send({ player: meOf(guest.player) });
  });

  app.post('/api/me/name', async (req, reply) => {
    const body = parse(renameSchema, req.body, reply);
    if (!body) return reply;
    const current = await signedIn(req, reply);
    if (!current) return reply;
    if (current.player.nameKey !== null)
      return refuse(reply, 'account.already', 'an account plays under its account name');
    const bot = botNameClash(body.name, ctx.bots);
    if (bot !== null)
      return refuse(reply, 'name.bot', `"${body.name}" is a bot's name: people choose another display name`);
    if (await accountLookingLike(store, body.name))
      return refuse(
        reply,
        'name.account',
        `"${body.name}" is (or looks like) an account's name: guests choose another display name`,
      );
    await store.renameGuest(current.player.id, body.name);
    return { player: meOf({ ...current.player, displayName: body.name }) };
  });

  app.post('/api/account/claim', async (req, reply) => {
    const body = parse(credentialsSchema, req.body, reply);
    if (!body) return reply;
    const current = await signedIn(req, reply);
    if (!current) return reply;
    if (current.player.nameKey !== null)
      return refuse(
        reply,
        'account.already',
        `you are signed in as the account "${current.player.displayName}"`,
      );
    const name = parseAccountName(body.name, ctx.bots);
    if (!name.ok) return refuse(reply, name.error.code, name.error.message);
    const password = parseNewPassword(body.password);
    if (!password.ok) return refuse(reply, password.error.code, password.error.message);
    const hash = await hashPassword(password.value);
    const claimed = await store.claim(
      current.player.id,
      name.value,
      nameKey(name.value),
      nameSkeleton(name.value),
      hash,
      ctx.now(),
    );
    if (!claimed)
      return refuse(
        reply,
        'account.name-taken',
        `the name "${name.value}" is taken, or looks like a taken name (names ignore case and look-alike letters): choose another`,
      );
    rememberDevice(req, reply, current.player.id);
    const player = await store.player(current.player.id);
    return { player: player ? meOf(player) : null };
  });

  app.post('/api/account/login', async (req, reply) => {
    const body = parse(credentialsSchema, req.body, reply);
    if (!body) return reply;
    const key = nameKey(body.name.normalize('NFC').trim());
    const found = await store.accountByKey(key);
    const attempt = await admitted(req, reply, key, found?.id ?? null);
    if (!attempt) return reply;
    const matches = found?.passwordHash
      ? await passwordMatches(body.password, found.passwordHash)
      : await verifyNothing(body.password);
    if (!found || !matches) return refuse(reply, 'login.failed', 'the name or the password is wrong');
    const closed = await closedByModerator(store.sql, found.id);
    if (closed !== null) return refuse(reply, 'account.closed', closed);
    await ctx.logins.succeeded(attempt);
    await identity.signInAs(req, reply, found);
    rememberDevice(req, reply, found.id);
    return { player: meOf(found) };
  });

  app.post('/api/account/logout', async (req, reply) => {
    const current = await identity.of(req);
    if (current) await store.deleteSession(current.player.id, current.session.id);
    identity.endCookie(reply);
    return { player: null };
  });

  app.post('/api/account/password', async (req, reply) => {
    const body = parse(changePasswordSchema, req.body, reply);
    if (!body) return reply;
    const current = await account(req, reply);
    if (!current) return reply;
    const attempt = await admitted(req, reply, current.player.nameKey ?? '', current.player.id);
    if (!attempt) return reply;
    if (!(await passwordMatches(body.current, current.player.passwordHash ?? '')))
      return refuse(reply, 'account.password-wrong', 'the current password is wrong; nothing was changed');
    await ctx.logins.succeeded(attempt);
    const password = parseNewPassword(body.password);
    if (!password.ok) return refuse(reply, password.error.code, password.error.message);
    await store.setPassword(current.player.id, await hashPassword(password.value));
    // Whoever knew the old password is signed out everywhere else.
    const ended = await store.deleteOtherSessions(current.player.id, current.session.id);
    return { endedSessions: ended };
  });

  app.get('/api/account/sessions', async (req, reply) => {
    const current = await signedIn(req, reply);
    if (!current) return reply;
    const sessions: SessionInfo[] = (await store.sessionsOf(current.player.id)).map((s) => ({
      id: s.id,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      userAgent: s.userAgent,
      current: s.id === current.session.id,
    }));
    return { sessions };
  });

  app.post<{ Params: { id: string } }>('/api/account/sessions/:id/revoke', async (req, reply) => {
    const current = await signedIn(req, reply);
    if (!current) return reply;
    if (!(await store.deleteSession(current.player.id, req.params.id)))
      return refuse(reply, 'session.not-found', 'you have no such session (it may have ended already)');
    if (req.params.id === current.session.id) identity.endCookie(reply);
    return { revoked: req.params.id };
  });

  // Lesson progress follows the account: the browser sends what it has done and keeps the union.
  app.get('/api/account/lessons', async (req, reply) => {
    const current = await account(req, reply);
    if (!current) return reply;
    const body: LessonProgressBody = { done: await store.lessonsDone(current.player.id) };
    return body;
  });

  app.post('/api/account/lessons', async (req, reply) => {
    const body = parse(lessonProgressSchema, req.body, reply);
    if (!body) return reply;
    const current = await account(req, reply);
    if (!current) return reply;
    const done = await store.addLessonsDone(current.player.id, body.done, ctx.now(), MAX_LESSONS);
    const answer: LessonProgressBody = { done };
    return answer;
  });

  app.post('/api/account/delete', async (req, reply) => {
    const body = parse(deleteAccountSchema, req.body, reply);
    if (!body) return reply;
    const current = await account(req, reply);
    if (!current) return reply;
    const attempt = await admitted(req, reply, current.player.nameKey ?? '', current.player.id);
    if (!attempt) return reply;
    if (!(await passwordMatches(body.password, current.player.passwordHash ?? '')))
      return refuse(reply, 'account.password-wrong', 'the password is wrong; the account was not deleted');
    await ctx.logins.succeeded(attempt);
    const playing = await store.unfinishedTablesOf(current.player.id);
    if (playing.length > 0)
      return refuse(
        reply,
        'account.playing',
        `you hold a seat at ${playing.length} game(s) not finished (${playing.join(', ')}): finish or leave them first`,
      );
    await store.deleteAccount(current.player.id, ctx.now());
    identity.endCookie(reply);
    return { deleted: true };
  });
}
