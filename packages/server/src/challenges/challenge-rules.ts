/**
 * Challenges as pure decisions on what is stored: who may challenge whom with which settings, who may
 * accept, decline or cancel, and when a challenge has expired. Each decision returns the challenge to store
 * (or a refusal with its code, changing nothing); the routes (challenge-routes.ts) look players up, store
 * the result and, once everyone accepted, create the table.
 */
import { err, ok, type GameKind, type Result } from '@attila/core';
import type { ClockSettings } from '@attila/protocol';
import {
  CHALLENGE_EXPIRY_MS,
  type ChallengeAnswer,
  type ChallengeStatus,
  type ChallengeView,
} from '@attila/protocol/challenges';

export interface StoredChallengeSeat {
  readonly seat: number;
  readonly playerId: string;
  readonly name: string;
  readonly answer: ChallengeAnswer;
  /** Why this seat declined, when it said (kept in the challenge's JSON body: no column of its own). */
  readonly reason?: string;
}

export interface StoredChallenge {
  readonly id: string;
  readonly challengerId: string;
  readonly game: GameKind;
  readonly settings: Record<string, unknown>;
  readonly clock: ClockSettings | null;
  readonly rated: boolean;
  /** Every seat of the table, in seat order: the challenger's and those of the players challenged. */
  readonly seats: readonly StoredChallengeSeat[];
  /** As stored; `statusAt` tells a pending challenge that has expired. */
  readonly status: ChallengeStatus;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly tableId: string | null;
  /** Bumped by every change: a write names the version it read, so two processes never both decide. */
  readonly version: number;
}

/** A player as the decisions need them: looked up by name (null: no such account). */
export interface ChallengeParty {
  readonly id: string;
  readonly name: string;
  /** A guest has no account name: it cannot play rated games. */
  readonly guest: boolean;
  /** A bot account: it plays rated games only on its ladder, never a rated challenge (seat-players.ts). */
  readonly bot?: boolean;
  readonly deleted: boolean;
}

export interface NewChallenge {
  readonly id: string;
  readonly game: GameKind;
  readonly settings: Record<string, unknown>;
  readonly clock: ClockSettings | null;
  readonly rated: boolean;
  readonly seat: number;
  readonly challenger: ChallengeParty;
  /** The names as typed, and the player each names (null: none), in the order given. */
  readonly invited: readonly { readonly name: string; readonly player: ChallengeParty | null }[];
  /** The seats the engine's settings make (or why the settings are refused). */
  readonly players: Result<number>;
  /** The challenger's challenges still waiting for answers. */
  readonly waiting: number;
  readonly now: number;
}

const isCorrespondence = (clock: ClockSettings | null) =>
  clock !== null && (clock.mode === 'days' || clock.mode === 'bank');

/**
 * When an unanswered challenge lapses: 10 minutes for a live game (or one without a clock), whose players
 * are at their screens; 3 days for a correspondence game (days per move, or a bank).
 */
export function expiryFor(clock: ClockSettings | null, now: number): number {
  return now + (isCorrespondence(clock) ? CHALLENGE_EXPIRY_MS.correspondence : CHALLENGE_EXPIRY_MS.live);
}

/** The status now: a pending challenge past its expiry is expired (whether or not that was stored). */
export function statusAt(c: StoredChallenge, now: number): ChallengeStatus {
  return c.status === 'pending' && now >= c.expiresAt ? 'expired' : c.status;
}

/** Challenges one player may have waiting at once: enough for any use, too few to flood anyone. */
export const MAX_WAITING = 10;

export function decideChallenge(n: NewChallenge): Result<StoredChallenge> {
  const { challenger } = n;
  if (n.waiting >= MAX_WAITING) {
    return err(
      'challenge.too-many',
      `you have ${n.waiting} challenges waiting for answers (at most ${MAX_WAITING}): cancel one, or wait until they are answered or expire`,
    );
  }
  if (n.rated && challenger.guest) {
    return err(
      'challenge.rated-guest',
      'rated games are for accounts: claim an account (a name and a password) or challenge to a casual game',
    );
  }
  if (n.rated && challenger.bot) {
    return err(
      'challenge.rated-bot',
      'rated games are for people: a bot account challenges to casual games (it plays rated games on the bot ladder)',
    );
  }
  if (n.rated && n.clock === null) {
    return err(
      'challenge.rated-no-clock',
      'a rated game needs a clock (its rating is per speed: fast, slow or correspondence); choose a clock or challenge to a casual game',
    );
  }
  const seen = new Set<string>();
  for (const { name, player } of n.invited) {
    if (!player) return err('challenge.unknown-player', `there is no player with the account name "${name}"`);
    if (player.deleted) return err('challenge.deleted-player', `the account "${name}" was deleted`);
    if (player.id === challenger.id)
      return err('challenge.self', 'you cannot challenge yourself: name another player');
    if (seen.has(player.id))
      return err('challenge.duplicate-player', `"${name}" is named twice: name each player once`);
    seen.add(player.id);
    if (n.rated && player.guest)
      return err('challenge.rated-guest', `"${name}" plays as a guest: a rated game is for accounts only`);
    if (n.rated && player.bot)
      return err(
        'challenge.rated-bot',
        `"${name}" is a bot account: rated games are for people; challenge it to a casual game`,
      );
  }
  if (!n.players.ok) return err('challenge.settings', n.players.error.message);
  const players = n.players.value;
  if (players !== n.invited.length + 1) {
    return err(
      'challenge.settings',
      `these settings are for ${players} players: name ${players - 1} player${players === 2 ? '' : 's'} besides you, not ${n.invited.length}`,
    );
  }
  if (n.seat >= players) {
    return err('challenge.settings', `your seat must be one of 0 to ${players - 1}, not ${n.seat}`);
  }
  const others = [...n.invited];
  const seats: StoredChallengeSeat[] = Array.from({ length: players }, (_, seat) => {
    if (seat === n.seat)
      return { seat, playerId: challenger.id, name: challenger.name, answer: 'accepted' as const };
    const p = others.shift()!.player!;
    return { seat, playerId: p.id, name: p.name, answer: 'pending' as const };
  });
  return ok({
    id: n.id,
    challengerId: challenger.id,
    game: n.game,
    settings: n.settings,
    clock: n.clock,
    rated: n.rated,
    seats,
    status: 'pending',
    createdAt: n.now,
    expiresAt: expiryFor(n.clock, n.now),
    tableId: null,
    version: 0,
  });
}

function stillOpen(c: StoredChallenge, now: number): Result<true> {
  const status = statusAt(c, now);
  if (status === 'expired') return err('challenge.expired', 'this challenge has expired: send a new one');
  if (status !== 'pending') return err('challenge.closed', `this challenge is ${status}: nothing to answer`);
  return ok(true);
}

/** What an answer makes of the challenge: `complete` when every seat has now accepted (start the table). */
export interface Answered {
  readonly challenge: StoredChallenge;
  readonly complete: boolean;
}

/** `playerId` accepts or declines; one decline calls the whole challenge off (a table needs every seat). */
export function decideAnswer(
  c: StoredChallenge,
  playerId: string,
  answer: 'accept' | 'decline',
  now: number,
  reason?: string,
): Result<Answered> {
  if (playerId === c.challengerId) {
    return err(
      'challenge.own',
      'you made this challenge: only the players challenged answer it (or cancel it)',
    );
  }
  const mine = c.seats.find((s) => s.playerId === playerId);
  if (!mine) return err('challenge.not-addressed', 'this challenge is not addressed to you');
  if (mine.answer !== 'pending') {
    return err('challenge.answered', `you have ${mine.answer} this challenge already`);
  }
  const open = stillOpen(c, now);
  if (!open.ok) return open;
  const seats = c.seats.map((s) =>
    s.playerId === playerId
      ? answer === 'accept'
        ? { ...s, answer: 'accepted' as const }
        : { ...s, answer: 'declined' as const, ...(reason ? { reason } : {}) }
      : s,
  );
  const complete = seats.every((s) => s.answer === 'accepted');
  const status: ChallengeStatus = answer === 'decline' ? 'declined' : complete ? 'accepted' : 'pending';
  return ok({ challenge: { ...c, seats, status, version: c.version + 1 }, complete });
}

/** The challenger takes the challenge back while it waits. */
export function decideCancel(c: StoredChallenge, playerId: string, now: number): Result<StoredChallenge> {
  if (playerId !== c.challengerId) {
    return err(
      'challenge.not-challenger',
      'only the player who made a challenge can cancel it; decline it instead',
    );
  }
  const open = stillOpen(c, now);
  if (!open.ok) return open;
  return ok({ ...c, status: 'cancelled', version: c.version + 1 });
}

/** The challenge as `playerId` (one of its seats) sees it; `token` is theirs at the table once it exists. */
export function challengeView(
  c: StoredChallenge,
  playerId: string,
  now: number,
  token: string | null,
): ChallengeView {
  const challenger = c.seats.find((s) => s.playerId === c.challengerId);
  return {
    id: c.id,
    game: c.game,
    settings: c.settings,
    clock: c.clock,
    rated: c.rated,
    from: challenger?.name ?? '',
    seats: c.seats.map((s) => ({
      seat: s.seat,
      name: s.name,
      answer: s.answer,
      challenger: s.playerId === c.challengerId,
      reason: s.reason ?? null,
    })),
    status: statusAt(c, now),
    createdAt: c.createdAt,
    expiresAt: c.expiresAt,
    table: c.tableId,
    seat: c.seats.find((s) => s.playerId === playerId)?.seat ?? -1,
    token,
  };
}
