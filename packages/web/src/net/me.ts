/**
 * Who this browser plays as: its session's player, fetched once at start. A visitor without a session
 * becomes a guest at once (the server makes the name): nothing to fill in before playing.
 */
import { useEffect, useState } from 'preact/hooks';
import type {
  Leaderboard,
  Me,
  MeResponse,
  PlayerProfile,
  RatingHistory,
  RatingSpeed,
  SessionInfo,
} from '@attila/protocol';
import { err, ok, type Result } from '@attila/core';
import {
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { call } from './api.js';

export const accountApi = {
  me: () => call<MeResponse>('GET', '/api/me'),
  guest: () => call<MeResponse>('POST', '/api/me/guest', {}),
  claim: (name: string, password: string) =>
    call<MeResponse>('POST', '/api/account/claim', { name, password }),
  login: (name: string, password: string) =>
    call<MeResponse>('POST', '/api/account/login', { name, password }),
  rename: (name: string) => call<MeResponse>('POST', '/api/me/name', { name }),
  logout: () => call<MeResponse>('POST', '/api/account/logout', {}),
  changePassword: (current: string, password: string) =>
    call<{ endedSessions: number }>('POST', '/api/account/password', { current, password }),
  sessions: () => call<{ sessions: SessionInfo[] }>('GET', '/api/account/sessions'),
  revoke: (id: string) =>
    call<{ revoked: string }>('POST', `/api/account/sessions/${encodeURIComponent(id)}/revoke`, {}),
  deleteAccount: (password: string) => call<{ deleted: true }>('POST', '/api/account/delete', { password }),
  passkeys: () =>
    call<{ passkeys: { id: string; createdAt: number; lastUsedAt: number | null }[] }>(
      'GET',
      '/api/account/passkeys',
    ),
  passkeyOptions: () =>
    call<{ options: PublicKeyCredentialCreationOptionsJSON }>('POST', '/api/account/passkeys/options', {}),
  addPasskey: (response: RegistrationResponseJSON) =>
    call<{ passkey: { id: string } }>('POST', '/api/account/passkeys', { response }),
  removePasskey: (id: string) =>
    call<{ removed: string }>('POST', `/api/account/passkeys/${encodeURIComponent(id)}/remove`, {}),
  passkeyLoginOptions: () =>
    call<{ options: PublicKeyCredentialRequestOptionsJSON }>(
      'POST',
      '/api/account/passkey-login/options',
      {},
    ),
  passkeyLogin: (response: AuthenticationResponseJSON) =>
    call<MeResponse>('POST', '/api/account/passkey-login', { response }),
  myGames: (query = '') => call<{ profile: PlayerProfile }>('GET', `/api/me/games${query}`),
  profile: (name: string, query = '') =>
    call<{ profile: PlayerProfile }>('GET', `/api/players/${encodeURIComponent(name)}${query}`),
  ratingHistory: (name: string) =>
    call<{ histories: RatingHistory[] }>('GET', `/api/players/${encodeURIComponent(name)}/ratings/history`),
  leaderboard: (game: 'knights' | 'tribes', speed: RatingSpeed) =>
    call<{ leaderboard: Leaderboard }>('GET', `/api/leaderboard?game=${game}&speed=${speed}`),
};

let current: Me | null = null;
const listeners = new Set<(me: Me | null) => void>();

export function currentMe(): Me | null {
  return current;
}

/** Tells every screen who the player is now (after signing in or out, claiming, deleting). */
export function setMe(me: Me | null): void {
  current = me;
  for (const l of listeners) l(me);
}

/** Calls `listener` with every change of who the player is; returns the way to stop. */
export function onMeChange(listener: (me: Me | null) => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The player, or a new guest when there is no session (after signing out too). */
export async function ensureMe(): Promise<void> {
  const r = await accountApi.me();
  if (r.ok && r.value.player) return setMe(r.value.player);
  const guest = await accountApi.guest();
  if (guest.ok) setMe(guest.value.player);
}

export function useMe(): Me | null {
  const [me, set] = useState(current);
  useEffect(() => {
    listeners.add(set);
    set(current);
    return () => void listeners.delete(set);
  }, []);
  return me;
}

/**
 * The name to sit down under: an account's own; a guest's typed name becomes its display name first (the
 * server seats a session's player under its name); without a session, the typed name.
 */
export async function nameToSitAs(typed: string): Promise<Result<string>> {
  if (!current) return ok(typed);
  if (current.kind === 'account' || typed === current.name) return ok(current.name);
  const r = await accountApi.rename(typed);
  if (!r.ok) return r;
  setMe(r.value.player);
  return ok(r.value.player?.name ?? typed);
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Adds a passkey to the signed-in account: the browser makes it, the server keeps its public key. */
export async function addPasskey(): Promise<Result<void>> {
  const options = await accountApi.passkeyOptions();
  if (!options.ok) return options;
  let response: RegistrationResponseJSON;
  try {
    response = await startRegistration({ optionsJSON: options.value.options });
  } catch (e) {
    return err('passkey.browser', messageOf(e));
  }
  const added = await accountApi.addPasskey(response);
  return added.ok ? ok(undefined) : added;
}

/** Signs in with a passkey this browser (or a phone, a key) holds: no name to type. */
export async function signInWithPasskey(): Promise<Result<void>> {
  const options = await accountApi.passkeyLoginOptions();
  if (!options.ok) return options;
  let response: AuthenticationResponseJSON;
  try {
    response = await startAuthentication({ optionsJSON: options.value.options });
  } catch (e) {
    return err('passkey.browser', messageOf(e));
  }
  const r = await accountApi.passkeyLogin(response);
  if (!r.ok) return r;
  setMe(r.value.player);
  return ok(undefined);
}
