/**
 * Passkeys (WebAuthn, @simplewebauthn/server): an account adds one (registration) and signs in with it
 * instead of its password (authentication, with discoverable credentials: no name to type). The challenge
 * travels in a short-lived signed httpOnly cookie (`attila_webauthn`, 5 minutes), so any server process can
 * check the answer; it is cleared once used. The relying party is the host the page was served from
 * (`Host`; the origin expected is that host over the request's scheme), so the same server works on
 * localhost and behind a TLS proxy.
 */
import { closedByModerator } from '../storage/moderation-store.js';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Current, Identity } from './identity.js';
import { meOf } from './identity.js';
import { refuse } from './routes.js';

const CHALLENGE_COOKIE = 'attila_webauthn';
const CHALLENGE_SECONDS = 300;

/** The browser's answer as JSON: its shape is checked by the library; here only that it is an object. */
const answerSchema = z.object({ response: z.record(z.string(), z.unknown()) }).strict();

function party(req: FastifyRequest): { rpID: string; origin: string } {
  const host = req.headers.host ?? 'localhost';
  return { rpID: host.replace(/:\d+$/, '').replace(/^\[|\]$/g, ''), origin: `${req.protocol}://${host}` };
}

function setChallenge(reply: FastifyReply, purpose: 'add' | 'sign-in', challenge: string): void {
  reply.setCookie(CHALLENGE_COOKIE, `${purpose}:${challenge}`, {
    path: '/api/account',
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    signed: true,
    maxAge: CHALLENGE_SECONDS,
  });
}

/** The challenge this browser was given for `purpose`, once (the cookie is cleared). */
function takeChallenge(req: FastifyRequest, reply: FastifyReply, purpose: 'add' | 'sign-in'): string | null {
  const raw = req.cookies[CHALLENGE_COOKIE];
  reply.clearCookie(CHALLENGE_COOKIE, { path: '/api/account' });
  if (raw === undefined) return null;
  const unsigned = req.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  const [p, challenge] = unsigned.value.split(':');
  return p === purpose && challenge ? challenge : null;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

export function registerPasskeys(app: FastifyInstance, identity: Identity, now: () => number): void {
  const store = identity.store;
  const keys = store.passkeys;
  const account = async (req: FastifyRequest, reply: FastifyReply): Promise<Current | null> => {
    const current = await identity.of(req);
    if (!current) void refuse(reply, 'session.none', 'you are not signed in (no session, or it has ended)');
    else if (current.player.nameKey === null)
      void refuse(reply, 'account.guest', 'you are playing as a guest: claim an account first');
    else return current;
    return null;
  };
  const noChallenge = (reply: FastifyReply) =>
    refuse(
      reply,
      'passkey.challenge',
      'no passkey request is under way in this browser (or it took over 5 minutes): start again',
    );

  app.get('/api/account/passkeys', async (req, reply) => {
    const current = await account(req, reply);
    if (!current) return reply;
    const list = await keys.of(current.player.id);
    return { passkeys: list.map((k) => ({ id: k.id, createdAt: k.createdAt, lastUsedAt: k.lastUsedAt })) };
  });

  app.post('/api/account/passkeys/options', async (req, reply) => {
    const current = await account(req, reply);
    if (!current) return reply;
    const { rpID } = party(req);
    const options = await generateRegistrationOptions({
      rpName: 'Attila',
      rpID,
      userName: current.player.displayName,
      userID: new TextEncoder().encode(current.player.id),
      attestationType: 'none',
      excludeCredentials: (await keys.of(current.player.id)).map((k) => ({
        id: k.id,
        transports: [...k.transports],
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    setChallenge(reply, 'add', options.challenge);
    return { options };
  });

  app.post('/api/account/passkeys', async (req, reply) => {
    const current = await account(req, reply);
    if (!current) return reply;
    const body = answerSchema.safeParse(req.body);
    if (!body.success)
      return refuse(reply, 'request.invalid', 'the body is {response: the browser’s answer}');
    const challenge = takeChallenge(req, reply, 'add');
    if (!challenge) return noChallenge(reply);
    const { rpID, origin } = party(req);
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        // The library checks every field of the answer; a malformed one throws.
        response: body.data.response as unknown as Parameters<
          typeof verifyRegistrationResponse
        >[0]['response'],
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      });
    } catch (e) {
      return refuse(reply, 'passkey.invalid', `the passkey was not accepted: ${(e as Error).message}`);
    }
    if (!verified.verified) return refuse(reply, 'passkey.invalid', 'the passkey was not accepted');
    const c = verified.registrationInfo.credential;
    await keys.add({
      id: c.id,
      playerId: current.player.id,
      publicKey: b64url(c.publicKey),
      counter: c.counter,
      transports: c.transports ?? [],
      createdAt: now(),
      lastUsedAt: null,
    });
    return reply.code(201).send({ passkey: { id: c.id, createdAt: now(), lastUsedAt: null } });
  });

  app.post<{ Params: { id: string } }>('/api/account/passkeys/:id/remove', async (req, reply) => {
    const current = await account(req, reply);
    if (!current) return reply;
    if (!(await keys.remove(current.player.id, req.params.id)))
      return refuse(reply, 'passkey.not-found', 'you have no such passkey');
    return { removed: req.params.id };
  });

  app.post('/api/account/passkey-login/options', async (req, reply) => {
    const options = await generateAuthenticationOptions({
      rpID: party(req).rpID,
      userVerification: 'preferred',
    });
    setChallenge(reply, 'sign-in', options.challenge);
    return { options };
  });

  app.post('/api/account/passkey-login', async (req, reply) => {
    const body = answerSchema.safeParse(req.body);
    if (!body.success)
      return refuse(reply, 'request.invalid', 'the body is {response: the browser’s answer}');
    const challenge = takeChallenge(req, reply, 'sign-in');
    if (!challenge) return noChallenge(reply);
    const id = body.data.response.id;
    const key = typeof id === 'string' ? await keys.byId(id) : null;
    const player = key ? await store.player(key.playerId) : null;
    if (!key || !player || player.nameKey === null)
      return refuse(reply, 'passkey.invalid', 'this passkey belongs to no account here');
    const { rpID, origin } = party(req);
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response: body.data.response as unknown as Parameters<
          typeof verifyAuthenticationResponse
        >[0]['response'],
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: key.id,
          publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
          counter: key.counter,
          transports: [...key.transports] as never,
        },
        requireUserVerification: false,
      });
    } catch (e) {
      return refuse(reply, 'passkey.invalid', `the passkey was not accepted: ${(e as Error).message}`);
    }
    if (!verified.verified) return refuse(reply, 'passkey.invalid', 'the passkey was not accepted');
    const closed = await closedByModerator(identity.store.sql, player.id);
    if (closed !== null) return refuse(reply, 'account.closed', closed);
    await keys.used(key.id, verified.authenticationInfo.newCounter, now());
    await identity.signInAs(req, reply, player);
    return { player: meOf(player) };
  });
}
