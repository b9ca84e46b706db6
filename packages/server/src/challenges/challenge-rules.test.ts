import { err, ok } from '@attila/core';
import { CHALLENGE_EXPIRY_MS } from '@attila/protocol/challenges';
import { describe, expect, it } from 'vitest';
import {
  challengeView,
  decideAnswer,
  decideCancel,
  decideChallenge,
  statusAt,
  type ChallengeParty,
  type NewChallenge,
  type StoredChallenge,
} from './challenge-rules.js';

const party = (id: string, over: Partial<ChallengeParty> = {}): ChallengeParty => ({
  id,
  name: id.toUpperCase(),
  guest: false,
  deleted: false,
  ...over,
});
const NOW = 1_000_000;

function knights(over: Partial<NewChallenge> = {}): NewChallenge {
  return {
    id: 'c1',
    game: 'knights',
    settings: {},
    clock: null,
    rated: false,
    seat: 0,
    challenger: party('a'),
    invited: [{ name: 'b', player: party('b') }],
    players: ok(2),
    waiting: 0,
    now: NOW,
    ...over,
  };
}

function made(n: NewChallenge): StoredChallenge {
  const r = decideChallenge(n);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const tribes3 = () =>
  made(
    knights({
      game: 'tribes',
      seat: 1,
      invited: [
        { name: 'b', player: party('b') },
        { name: 'c', player: party('c') },
      ],
      players: ok(3),
    }),
  );

const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error!.code);

describe('making a challenge', () => {
  it('seats the challenger where asked and the players challenged in the order named', () => {
    const c = tribes3();
    expect(c.seats.map((s) => [s.seat, s.playerId, s.answer])).toEqual([
      [0, 'b', 'pending'],
      [1, 'a', 'accepted'],
      [2, 'c', 'pending'],
    ]);
    expect(c.status).toBe('pending');
  });

  it('refuses a challenge of yourself', () => {
    expect(code(decideChallenge(knights({ invited: [{ name: 'a', player: party('a') }] })))).toBe(
      'challenge.self',
    );
  });

  it('refuses an unknown or deleted player, and one named twice', () => {
    expect(code(decideChallenge(knights({ invited: [{ name: 'zed', player: null }] })))).toBe(
      'challenge.unknown-player',
    );
    const gone = party('b', { deleted: true });
    expect(code(decideChallenge(knights({ invited: [{ name: 'b', player: gone }] })))).toBe(
      'challenge.deleted-player',
    );
    const twice = [
      { name: 'b', player: party('b') },
      { name: 'B', player: party('b') },
    ];
    expect(code(decideChallenge(knights({ game: 'tribes', invited: twice, players: ok(3) })))).toBe(
      'challenge.duplicate-player',
    );
  });

  it('refuses a rated game from a guest or to a guest; casual is fine', () => {
    const guest = party('a', { guest: true });
    expect(code(decideChallenge(knights({ rated: true, challenger: guest })))).toBe('challenge.rated-guest');
    expect(code(decideChallenge(knights({ challenger: guest })))).toBe('ok');
    const guestB = [{ name: 'b', player: party('b', { guest: true }) }];
    const clock = { mode: 'move', moveMs: 30_000 } as const;
    expect(code(decideChallenge(knights({ rated: true, invited: guestB, clock })))).toBe(
      'challenge.rated-guest',
    );
  });

  it('refuses a rated game without a clock (a rating is per speed class); casual without one is fine', () => {
    expect(code(decideChallenge(knights({ rated: true, clock: null })))).toBe('challenge.rated-no-clock');
    expect(code(decideChallenge(knights({ rated: true, clock: { mode: 'days', days: 2 } })))).toBe('ok');
    expect(code(decideChallenge(knights({ clock: null })))).toBe('ok');
  });

  it('refuses settings the engine refuses, the wrong number of players and a seat off the table', () => {
    expect(code(decideChallenge(knights({ players: err('settings.bad', 'no such layout') })))).toBe(
      'challenge.settings',
    );
    expect(code(decideChallenge(knights({ game: 'tribes', players: ok(3) })))).toBe('challenge.settings');
    expect(code(decideChallenge(knights({ seat: 2 })))).toBe('challenge.settings');
  });

  it('refuses an 11th challenge waiting at once', () => {
    expect(code(decideChallenge(knights({ waiting: 9 })))).toBe('ok');
    expect(code(decideChallenge(knights({ waiting: 10 })))).toBe('challenge.too-many');
  });

  it('expires after 10 minutes live, 3 days by correspondence', () => {
    expect(made(knights()).expiresAt - NOW).toBe(CHALLENGE_EXPIRY_MS.live);
    const days = made(knights({ clock: { mode: 'days', days: 2 } }));
    expect(days.expiresAt - NOW).toBe(CHALLENGE_EXPIRY_MS.correspondence);
    expect(statusAt(days, days.expiresAt - 1)).toBe('pending');
    expect(statusAt(days, days.expiresAt)).toBe('expired');
  });
});

describe('answering a challenge', () => {
  it('a two-player challenge is accepted (complete) by its one player challenged', () => {
    const r = decideAnswer(made(knights()), 'b', 'accept', NOW + 1);
    expect(r.ok && r.value.complete).toBe(true);
    expect(r.ok && r.value.challenge.status).toBe('accepted');
    if (r.ok)
      expect(code(decideAnswer(r.value.challenge, 'b', 'accept', NOW + 2))).toBe('challenge.answered');
  });

  it('a 3-seat challenge starts only when both others accept; accepting twice is refused', () => {
    const first = decideAnswer(tribes3(), 'b', 'accept', NOW);
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.complete).toBe(false);
    expect(first.value.challenge.status).toBe('pending');
    expect(code(decideAnswer(first.value.challenge, 'b', 'accept', NOW))).toBe('challenge.answered');
    const second = decideAnswer(first.value.challenge, 'c', 'accept', NOW);
    expect(second.ok && second.value.complete).toBe(true);
  });

  it('one decline calls a 3-seat challenge off for everyone', () => {
    const first = decideAnswer(tribes3(), 'b', 'accept', NOW);
    if (!first.ok) throw new Error(first.error.message);
    const declined = decideAnswer(first.value.challenge, 'c', 'decline', NOW);
    expect(declined.ok && declined.value.challenge.status).toBe('declined');
    if (!declined.ok) return;
    expect(code(decideAnswer(declined.value.challenge, 'b', 'decline', NOW))).toBe('challenge.answered');
  });

  it('refuses an answer from a player not challenged, from the challenger, and after expiry', () => {
    const c = made(knights());
    expect(code(decideAnswer(c, 'x', 'accept', NOW))).toBe('challenge.not-addressed');
    expect(code(decideAnswer(c, 'a', 'accept', NOW))).toBe('challenge.own');
    expect(code(decideAnswer(c, 'b', 'accept', c.expiresAt))).toBe('challenge.expired');
  });

  it('every change bumps the version (the store writes only over the version it read)', () => {
    const c = made(knights());
    const r = decideAnswer(c, 'b', 'decline', NOW);
    expect(r.ok && r.value.challenge.version).toBe(c.version + 1);
  });
});

describe('cancelling a challenge', () => {
  it('only the challenger cancels, and only while it waits', () => {
    const c = made(knights());
    expect(code(decideCancel(c, 'b', NOW))).toBe('challenge.not-challenger');
    const r = decideCancel(c, 'a', NOW);
    expect(r.ok && r.value.status).toBe('cancelled');
    if (!r.ok) return;
    expect(code(decideCancel(r.value, 'a', NOW))).toBe('challenge.closed');
    expect(code(decideAnswer(r.value, 'b', 'accept', NOW))).toBe('challenge.closed');
  });
});

describe('what a player sees', () => {
  it('their own seat, the challenger by name, the status now', () => {
    const c = tribes3();
    const v = challengeView(c, 'c', c.expiresAt + 1, null);
    expect(v.seat).toBe(2);
    expect(v.from).toBe('A');
    expect(v.status).toBe('expired');
    expect(v.seats.find((s) => s.challenger)?.seat).toBe(1);
  });
});
