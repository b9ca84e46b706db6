/**
 * The seat rules of a table, as pure decisions on its stored state: who may join, leave or reclaim a seat,
 * who plays a seat now, and what running out of time does. The table (table.ts) checks the seat's token,
 * then stores what these return.
 */
import { err, ok, type Result } from '@attila/core';
import { stopClock, type ClockState } from './clock.js';
import type { GameResult } from '@attila/protocol';
import { playOf, type SeatPlayer, type StoredSeat, type StoredTable } from './storage/types.js';

/** The bot that plays on a resigned seat when the table names no take-over bot (fast, and plays sensibly). */
export const RESIGNED_SEAT_BOT = 'greedy';

/** The seat `player` already holds at this table, or null (a client without a session is nobody's). */
export function seatOfPlayer(meta: StoredTable, player: SeatPlayer | null | undefined): number | null {
  if (!player) return null;
  return meta.seats.find((s) => s.tokenHash !== null && s.player?.id === player.id)?.seat ?? null;
}

/**
 * A player holding two seats of this table, or null. Joins refuse it now; a table stored before they did
 * may still have one: if rated, it goes on casual (Lobby.load), so the others may finish their game.
 */
export function doublySeated(meta: StoredTable): SeatPlayer | null {
  const seen = new Set<string>();
  for (const s of meta.seats) {
    if (!s.player) continue;
    if (seen.has(s.player.id)) return s.player;
    seen.add(s.player.id);
  }
  return null;
}

/**
 * The seat a new player takes (`wanted`, or the first free one), held from now on by `tokenHash`. One
 * player (account, guest or bot account) holds one seat of a table: a second seat would show them two
 * hidden hands and let them play against themselves (and a rated result would rate them twice).
 */
export function joinedSeat(
  meta: StoredTable,
  name: string,
  wanted: number | undefined,
  tokenHash: string,
  player: SeatPlayer | null = null,
): Result<StoredSeat> {
  if (meta.status !== 'open')
    return err('join.started', 'this table has started: you can watch it, not join it');
  const held = seatOfPlayer(meta, player);
  if (held !== null)
    return err(
      'join.already-seated',
      `you already sit at seat ${held} of this table: one player takes one seat (to play it, use that seat's token)`,
    );
  const free = meta.seats.filter((s) => s.kind === 'human' && s.tokenHash === null).map((s) => s.seat);
  if (free.length === 0) return err('join.full', 'every seat at this table is taken');
  const seat = wanted ?? free[0];
  if (!free.includes(seat))
    return err('join.seat', `seat ${seat} is not free; free seats: ${free.join(', ')}`);
  return ok({ ...meta.seats[seat], name, tokenHash, controller: 'human', player });
}

/** Whether every human seat is taken, so that the game starts. */
export function everySeatTaken(meta: StoredTable): boolean {
  return !meta.seats.some((s) => s.kind === 'human' && s.tokenHash === null);
}

/**
 * The seat after its player leaves: free again before the game starts; during the game played by the takeover
 * bot (the token stays valid, so the player may come back); nothing to leave once it is over.
 */
export function leftSeat(meta: StoredTable, seat: number): Result<StoredSeat> {
  const s = meta.seats[seat];
  if (meta.status === 'open') return ok({ ...s, name: null, tokenHash: null, player: null });
  if (meta.status === 'finished') return err('leave.finished', 'the game is over; there is nothing to leave');
  if (!meta.takeover) {
    return err(
      'leave.no-takeover',
      'this table has no bot to take over a seat: a game in progress cannot be left',
    );
  }
  return ok({ ...s, controller: 'bot' });
}

/** The seat its player takes back from the takeover bot. */
export function reclaimedSeat(meta: StoredTable, seat: number): Result<StoredSeat> {
  const s = meta.seats[seat];
  if (playOf(meta).resigned.includes(seat)) {
    return err('reclaim.resigned', 'this seat resigned: a bot plays it to the end of the game');
  }
  if (s.controller === 'human') return err('reclaim.not-taken', 'this seat is already played by you');
  if (meta.status !== 'playing') return err('reclaim.not-playing', 'the game is not in progress');
  return ok({ ...s, controller: 'human' });
}

/** The bot that plays `seat` now: its own for a bot seat, the takeover bot for a seat its player left. */
export function botFor(meta: StoredTable, seat: number): string | null {
  const s = meta.seats[seat];
  if (s.kind === 'bot') return s.bot;
  if (s.controller !== 'bot') return null;
  // A resigned seat is played on to the end even at a table without a take-over bot.
  return meta.takeover ?? (playOf(meta).resigned.includes(seat) ? RESIGNED_SEAT_BOT : null);
}

/** The seats a person plays now: only their time runs out. */
export function watchedSeats(meta: StoredTable): number[] {
  return meta.seats.filter((s) => s.controller === 'human').map((s) => s.seat);
}

/** What the seats in `out`, out of time, lead to: the takeover bot plays them, or the others win. */
export type TimeOut =
  | { readonly kind: 'takeover'; readonly seats: readonly StoredSeat[] }
  | {
      readonly kind: 'lost';
      readonly result: GameResult;
      readonly finishedAt: string;
      readonly clock: ClockState;
    };

export function timeOut(meta: StoredTable, clock: ClockState, out: readonly number[], now: number): TimeOut {
  if (meta.takeover) {
    return {
      kind: 'takeover',
      seats: out.map((seat) => ({ ...meta.seats[seat], controller: 'bot' as const })),
    };
  }
  const winners = meta.seats.map((s) => s.seat).filter((seat) => !out.includes(seat));
  return {
    kind: 'lost',
    result: { winners, reason: `seat ${out.join(', ')} ran out of time` },
    finishedAt: new Date(now).toISOString(),
    clock: stopClock(clock, now),
  };
}

/** A game as a record that replays it. */
export function recordOf(meta: StoredTable, moves: readonly string[]) {
  return {
    game: meta.game,
    id: meta.id,
    rulesVersion: meta.rulesVersion,
    settings: meta.settings,
    seed: meta.seed,
    players: meta.seats.map((s) =>
      s.kind === 'bot'
        ? { name: s.name ?? `bot ${s.seat}`, kind: 'bot' as const, bot: s.bot ?? undefined }
        : { name: s.name ?? `seat ${s.seat}`, kind: 'human' as const },
    ),
    moves: [...moves],
    result: meta.result,
    createdAt: meta.createdAt,
    finishedAt: meta.finishedAt ?? undefined,
  };
}
