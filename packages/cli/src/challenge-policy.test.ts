import type { ChallengeView } from '@attila/protocol/challenges';
import { describe, expect, it } from 'vitest';
import { awaitsAnswer, judgeChallenge, parseClocks, type ChallengePolicy } from './challenge-policy.js';

const challenge = (over: Partial<ChallengeView> = {}): ChallengeView => ({
  id: 'c1',
  game: 'knights',
  settings: {},
  clock: null,
  rated: false,
  from: 'Gaiseric',
  seats: [
    { seat: 0, name: 'Gaiseric', answer: 'accepted', challenger: true, reason: null },
    { seat: 1, name: 'Bot', answer: 'pending', challenger: false, reason: null },
  ],
  status: 'pending',
  createdAt: 0,
  expiresAt: 1,
  table: null,
  seat: 1,
  token: null,
  ...over,
});

const policy: ChallengePolicy = {
  games: new Set(['knights']),
  clocks: new Set(['untimed', 'move']),
  maxGames: 2,
  reason: null,
};

describe('the bridge judges challenges by its author’s rules', () => {
  it('a casual challenge of an accepted game and clock, with room, is accepted', () => {
    expect(judgeChallenge(challenge(), 1, policy)).toEqual({ accept: true });
    expect(judgeChallenge(challenge({ clock: { mode: 'move', moveMs: 5000 } }), 0, policy).accept).toBe(true);
  });

  it('rated challenges are declined, saying bots play rated games only on the ladder', () => {
    const v = judgeChallenge(challenge({ rated: true }), 0, policy);
    expect(v).toEqual({ accept: false, reason: expect.stringMatching(/rated games only on the bot ladder/) });
  });

  it('another game, another clock, or the most games at once: declined with the rule broken', () => {
    expect(judgeChallenge(challenge({ game: 'tribes' }), 0, policy)).toMatchObject({ reason: /not tribes/ });
    const fischer = challenge({ clock: { mode: 'game', initialMs: 60_000, incrementMs: 0 } });
    expect(judgeChallenge(fischer, 0, policy)).toMatchObject({ reason: /not game/ });
    expect(judgeChallenge(challenge(), 2, policy)).toMatchObject({ reason: /playing 2 games/ });
  });

  it('the author’s own reason replaces the bridge’s', () => {
    expect(judgeChallenge(challenge({ rated: true }), 0, { ...policy, reason: 'busy' })).toEqual({
      accept: false,
      reason: 'busy',
    });
  });

  it('only a waiting challenge whose own seat has not answered awaits an answer', () => {
    expect(awaitsAnswer(challenge())).toBe(true);
    expect(awaitsAnswer(challenge({ status: 'expired' }))).toBe(false);
    expect(awaitsAnswer(challenge({ seat: 0 }))).toBe(false);
    const answered = challenge();
    expect(
      awaitsAnswer({ ...answered, seats: [answered.seats[0], { ...answered.seats[1], answer: 'accepted' }] }),
    ).toBe(false);
  });

  it('--clocks reads any or a list, and names what it allows when refused', () => {
    expect(parseClocks('any')).toMatchObject({ ok: true });
    expect(parseClocks('untimed,days')).toEqual({ ok: true, value: new Set(['untimed', 'days']) });
    expect(parseClocks('blitz')).toMatchObject({
      ok: false,
      error: { message: /untimed, move, game, days, bank/ },
    });
  });
});
