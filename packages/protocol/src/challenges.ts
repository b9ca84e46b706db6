/**
 * Challenges: one player asks named players to a game with chosen settings. Everyone named accepts (the
 * table starts, every seat taken) or one declines (the challenge is off); the challenger may cancel while
 * it waits; an unanswered challenge expires (`CHALLENGE_EXPIRY_MS`). The server's README has the routes.
 */
import { GAME_KINDS, type GameKind } from '@attila/core';
import { z } from 'zod';
import { clockSettingsSchema, displayNameSchema, type ClockSettings } from './fields.js';

/** How long a challenge waits for its answers: a live game's players are at their screens, a correspondence one's not. */
export const CHALLENGE_EXPIRY_MS = { live: 10 * 60_000, correspondence: 3 * 24 * 3600_000 } as const;

export const challengeRequestSchema = z
  .object({
    game: z.enum(GAME_KINDS),
    settings: z.record(z.string(), z.unknown()).default({}),
    /** The account names of the players challenged (Knights: one; Tribes: the seats but the challenger's). */
    players: z.array(displayNameSchema).min(1).max(4),
    clock: clockSettingsSchema.nullable().default(null),
    rated: z.boolean().default(false),
    /** The challenger's seat (default 0); the players challenged take the others in the order named. */
    seat: z.number().int().min(0).max(4).default(0),
  })
  .strict();
export type ChallengeRequest = z.input<typeof challengeRequestSchema>;

export type ChallengeStatus = 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired';
export type ChallengeAnswer = 'pending' | 'accepted' | 'declined';

export interface ChallengeSeat {
  readonly seat: number;
  readonly name: string;
  /** The challenger's seat is `accepted` from the start. */
  readonly answer: ChallengeAnswer;
  readonly challenger: boolean;
  /** Why the seat declined, when it said (`{"reason"}` with the decline): shown to the challenger. */
  readonly reason: string | null;
}

/** The body of a decline: an optional reason (1–200 characters), e.g. "I play only Knights". */
export const declineSchema = z.object({ reason: z.string().trim().min(1).max(200).optional() }).strict();

/** A challenge as one of its players sees it (`seat`, and `token` once its table exists, are theirs). */
export interface ChallengeView {
  readonly id: string;
  readonly game: GameKind;
  readonly settings: Record<string, unknown>;
  readonly clock: ClockSettings | null;
  readonly rated: boolean;
  readonly from: string;
  readonly seats: readonly ChallengeSeat[];
  readonly status: ChallengeStatus;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** The table, once everyone accepted. */
  readonly table: string | null;
  /** The viewer's seat. */
  readonly seat: number;
  /** The viewer's seat token at `table` (null before it exists). */
  readonly token: string | null;
}

/** Over the player's socket (`/ws/me`) and in the bot API's event stream: a challenge is new or changed. */
export interface ChallengeMessage {
  readonly type: 'challenge';
  readonly challenge: ChallengeView;
}
