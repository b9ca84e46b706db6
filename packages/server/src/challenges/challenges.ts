/**
 * Challenges at work: looks the players up, applies the decisions (challenge-rules.ts), stores the result
 * (challenge-store.ts), and tells every player of a changed challenge at once over the broadcast (their
 * channel `player:<id>`, heard by their sockets `/ws/me` and a bot account's event stream, on any
 * process). Once everyone accepted, the table is made through the lobby's normal creation and each player
 * sits at their seat with a seat token derived for their account (as a bot account's), so every one of
 * their browsers can fetch it with their session: nothing secret is stored or broadcast.
 */
import { err, ok, type Result } from '@attila/core';
import type { ChallengeView, ChallengeRequest } from '@attila/protocol/challenges';
import type { Logger } from 'pino';
import type { Broadcast } from '../broadcast/types.js';
import { nameKey } from '../identity/player-names.js';
import type { Lobby } from '../lobby.js';
import type { AccountStore, StoredPlayer } from '../storage/accounts.js';
import { seatPlayerOf } from '../seat-players.js';
import { hashToken, newTableId } from '../tokens.js';
import {
  challengeView,
  decideAnswer,
  decideCancel,
  decideChallenge,
  type ChallengeParty,
  type StoredChallenge,
} from './challenge-rules.js';
import type { ChallengeStore } from './challenge-store.js';

/** A parsed challenge request (defaults filled in). */
export type ChallengeInput = Required<ChallengeRequest>;

/** How often a decision is tried again when another process changed the challenge meanwhile. */
const RETRIES = 5;
/** Challenges listed: those waiting and those of the last day. */
const LISTED_MS = 24 * 3600_000;

export const playerChannel = (playerId: string) => `player:${playerId}`;

export interface ChallengeDeps {
  readonly store: ChallengeStore;
  readonly accounts: AccountStore;
  readonly lobby: Lobby;
  readonly broadcast: Broadcast;
  /** The seat token derived for an account (bot-api/bearer.ts `seatToken`). */
  readonly seatToken: (table: string, seat: number, playerId: string) => string;
  readonly now: () => number;
  readonly log: Logger;
  /** Blocks and rated-play limits (community/community.ts); absent: none. */
  readonly community?: ChallengeCommunity;
}

export interface ChallengeCommunity {
  eitherBlocked(a: string, b: string): Promise<boolean>;
  mayPlayRated(playerId: string): Promise<Result<void>>;
}

const partyOf = (p: StoredPlayer, bot: boolean): ChallengeParty => ({
  id: p.id,
  name: p.displayName,
  guest: p.nameKey === null,
  bot,
  deleted: p.deletedAt !== null,
});

export class Challenges {
  constructor(private readonly d: ChallengeDeps) {}

  view(c: StoredChallenge, playerId: string): ChallengeView {
    const seat = c.seats.find((s) => s.playerId === playerId)?.seat;
    const token =
      c.tableId !== null && seat !== undefined ? this.d.seatToken(c.tableId, seat, playerId) : null;
    return challengeView(c, playerId, this.d.now(), token);
  }

  private async isBot(p: StoredPlayer): Promise<boolean> {
    return (await seatPlayerOf(this.d.accounts.sql, p))?.kind === 'bot-account';
  }

  async create(challenger: StoredPlayer, request: ChallengeInput): Promise<Result<ChallengeView>> {
    const invited = [];
    for (const name of request.players) {
      const key = nameKey(name.normalize('NFC').trim());
      const player = await this.d.accounts.accountByKey(key);
      invited.push({ name, player: player ? partyOf(player, await this.isBot(player)) : null });
      // Nobody is challenged by someone they blocked, nor challenges someone they blocked (who blocked
      // whom is not said).
      if (player && this.d.community && (await this.d.community.eitherBlocked(challenger.id, player.id)))
        return err('challenge.blocked', `you cannot challenge "${name}": one of you blocked the other`);
    }
    if (request.rated && this.d.community) {
      const allowed = await this.d.community.mayPlayRated(challenger.id);
      if (!allowed.ok) return allowed;
    }
    const decided = decideChallenge({
      id: newTableId(),
      game: request.game,
      settings: request.settings,
      clock: request.clock,
      rated: request.rated,
      seat: request.seat,
      challenger: partyOf(challenger, await this.isBot(challenger)),
      invited,
      players: this.d.lobby.seatsFor(request.game, request.settings),
      waiting: await this.d.store.waitingFrom(challenger.id, this.d.now()),
      now: this.d.now(),
    });
    if (!decided.ok) return decided;
    await this.d.store.create(decided.value);
    this.publish(decided.value);
    return ok(this.view(decided.value, challenger.id));
  }

  /** The player's challenges: waiting ones and those of the last day, newest first. */
  async list(playerId: string): Promise<ChallengeView[]> {
    const all = await this.d.store.of(playerId, this.d.now() - LISTED_MS);
    return all.map((c) => this.view(c, playerId));
  }

  async get(id: string, playerId: string): Promise<Result<ChallengeView>> {
    const c = await this.d.store.get(id);
    if (!c) return notFound(id);
    if (!c.seats.some((s) => s.playerId === playerId))
      return err('challenge.not-addressed', 'this challenge is not addressed to you');
    return ok(this.view(c, playerId));
  }

  async answer(
    player: StoredPlayer,
    id: string,
    answer: 'accept' | 'decline',
    reason?: string,
  ): Promise<Result<ChallengeView>> {
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      const c = await this.d.store.get(id);
      if (!c) return notFound(id);
      // An account that became a bot account since it was challenged cannot take a rated seat.
      if (answer === 'accept' && c.rated && (await this.isBot(player)))
        return err(
          'challenge.rated-bot',
          'rated games are for people: a bot account cannot accept a rated challenge; decline it',
        );
      if (answer === 'accept' && c.rated && this.d.community) {
        const allowed = await this.d.community.mayPlayRated(player.id);
        if (!allowed.ok) return allowed;
      }
      // A block made after the challenge was sent holds at once: it may be declined, never accepted.
      const apart = answer === 'accept' ? await this.blockedAmong(c, player.id) : null;
      if (apart !== null)
        return err(
          'challenge.blocked',
          `you cannot accept: you or "${apart}" blocked the other since the challenge was sent; decline it`,
        );
      const decided = decideAnswer(c, player.id, answer, this.d.now(), reason);
      if (!decided.ok) return decided;
      const gone = decided.value.complete ? await this.deletedAmong(c) : null;
      if (gone)
        return err('challenge.deleted-player', `the account of ${gone} was deleted: the challenge is off`);
      let next = decided.value.challenge;
      if (decided.value.complete) {
        const started = await this.start(next);
        if (!started.ok) return started;
        if (!started.value) continue;
        next = started.value;
      } else if (!(await this.d.store.replace(next))) continue;
      this.publish(next);
      return ok(this.view(next, player.id));
    }
    return err('challenge.closed', 'the challenge kept changing while you answered: look at it again');
  }

  async cancel(player: StoredPlayer, id: string): Promise<Result<ChallengeView>> {
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      const c = await this.d.store.get(id);
      if (!c) return notFound(id);
      const decided = decideCancel(c, player.id, this.d.now());
      if (!decided.ok) return decided;
      if (!(await this.d.store.replace(decided.value))) continue;
      this.publish(decided.value);
      return ok(this.view(decided.value, player.id));
    }
    return err('challenge.closed', 'the challenge kept changing while you cancelled it: look at it again');
  }

  /** Hears every change of `playerId`'s challenges (the returned function stops it). */
  subscribe(playerId: string, heard: (c: StoredChallenge) => void): Promise<() => void> {
    return this.d.broadcast.subscribe(playerChannel(playerId), (e) => {
      if (e.all !== undefined) heard(JSON.parse(e.all) as StoredChallenge);
    });
  }

  private publish(c: StoredChallenge): void {
    const all = JSON.stringify(c);
    for (const s of c.seats) this.d.broadcast.publish({ table: playerChannel(s.playerId), all });
  }

  /** The name of another player of the challenge of whom one blocked the other and `playerId`, or null. */
  private async blockedAmong(c: StoredChallenge, playerId: string): Promise<string | null> {
    if (!this.d.community) return null;
    for (const s of c.seats) {
      if (s.playerId !== playerId && (await this.d.community.eitherBlocked(s.playerId, playerId)))
        return s.name;
    }
    return null;
  }

  /** The display name of a player of the challenge whose account is gone, or null. */
  private async deletedAmong(c: StoredChallenge): Promise<string | null> {
    for (const s of c.seats) {
      const p = await this.d.accounts.player(s.playerId);
      if (!p || p.deletedAt !== null) return s.name;
    }
    return null;
  }

  /**
   * Everyone accepted: the last acceptance, the table (through the lobby's creation, each player at their
   * seat, started) and the challenge pointing to it commit in one transaction, so a crash leaves the
   * challenge waiting for that acceptance or accepted with its table, never accepted without one. Null
   * when another writer changed the challenge first (nothing was written: decide again).
   */
  private async start(c: StoredChallenge): Promise<Result<StoredChallenge | null>> {
    const bots = this.d.lobby.gameInfo().find((g) => g.game === c.game)?.bots ?? [];
    const table = this.d.lobby.prepare(
      {
        game: c.game,
        settings: c.settings,
        seats: c.seats.map(() => ({ type: 'human' as const })),
        listed: true,
        rated: c.rated,
        clock: c.clock,
        // As the lobby's form does: the weakest bot stands in for a player who leaves or runs out of time.
        takeover: bots[0] ?? null,
      },
      {
        address: 'challenge',
        holders: (tableId) =>
          new Map(
            c.seats.map((s) => [
              s.seat,
              {
                name: s.name,
                tokenHash: hashToken(this.d.seatToken(tableId, s.seat, s.playerId)),
                playerId: s.playerId,
              },
            ]),
          ),
      },
    );
    if (!table.ok) {
      // Nothing was written: the player may answer again once the server can tell everyone.
      if (table.error.code === 'broadcast.unavailable') return table;
      this.d.log.error({ challenge: c.id, error: table.error }, 'a challenge accepted made no table');
      const off: StoredChallenge = { ...c, status: 'cancelled' };
      return ok((await this.d.store.replace(off)) ? off : null);
    }
    const next: StoredChallenge = { ...c, tableId: table.value.id };
    const stored = await this.d.store.tx(async (store, sql) => {
      if (!(await store.replace(next))) return false;
      await table.value.write(sql);
      return true;
    });
    if (!stored) return ok(null);
    await table.value.open();
    return ok(next);
  }
}

function notFound(id: string): Result<never> {
  return err('challenge.not-found', `there is no challenge "${id}"`);
}
