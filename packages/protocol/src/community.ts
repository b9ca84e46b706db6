/**
 * Running a community over HTTP (packages/server/README.md, "Community and moderation"): following and
 * blocking players, muting a table's chat, reporting a player, and the moderators' queue and actions. Bodies
 * are parsed once with these schemas; answers are typed here for the web app.
 */
import type { GameKind, GameResult, Result } from '@attila/core';
import { z } from 'zod';
import { displayNameSchema, tableId } from './fields.js';
import { parseWire } from './server-messages.js';

/** Who another player is to the one asking: the body of follow, unfollow, block and unblock. */
export const playerNameSchema = z.object({ name: displayNameSchema }).strict();
export type PlayerNameRequest = z.input<typeof playerNameSchema>;

/** Mute (or unmute) the chat of one table for oneself: its lines are no longer sent to one's sockets. */
export const chatMuteSchema = z.object({ table: tableId, muted: z.boolean() }).strict();
export type ChatMuteRequest = z.input<typeof chatMuteSchema>;

/** Why a player is reported. */
export const REPORT_REASONS = ['cheating', 'abuse', 'leaving', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** Where the report was filed from (the game is attached from a table or a replay). */
export const REPORT_SOURCES = ['profile', 'table', 'replay'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];
/** Characters of a report's note or a moderator's reason. */
export const NOTE_CHARS = 500;

const note = z
  .string()
  .transform((s) => s.trim())
  .pipe(z.string().max(NOTE_CHARS, `a note has at most ${NOTE_CHARS} characters`));

export const reportSchema = z
  .object({
    name: displayNameSchema,
    reason: z.enum(REPORT_REASONS, { message: `the reason is one of ${REPORT_REASONS.join(', ')}` }),
    /** What happened, in the reporter's words (required for "other"). */
    note: note.default(''),
    from: z.enum(REPORT_SOURCES, { message: `"from" is one of ${REPORT_SOURCES.join(', ')}` }),
    /** The game the report is about: required from a table or a replay. */
    table: tableId.optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.from !== 'profile' && r.table === undefined)
      ctx.addIssue({ code: 'custom', path: ['table'], message: `a report from a ${r.from} names its game` });
    if (r.reason === 'other' && r.note === '')
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'say what happened: "other" needs a note' });
  });
export type ReportRequest = z.input<typeof reportSchema>;

/** What a moderator may do to a player. */
export const MODERATION_ACTIONS = ['warn', 'mute', 'bar-rated', 'close', 'unrate'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** The longest time-limited action (a mute, a bar from rated play): 90 days. */
export const MAX_SANCTION_MINUTES = 90 * 24 * 60;

export const moderationActionSchema = z
  .object({
    name: displayNameSchema,
    action: z.enum(MODERATION_ACTIONS, { message: `the action is one of ${MODERATION_ACTIONS.join(', ')}` }),
    reason: note.pipe(z.string().min(1, 'say why: every action is logged with its reason')),
    /** How long a mute or a bar from rated play lasts. */
    minutes: z.number().int().min(1).max(MAX_SANCTION_MINUTES).optional(),
    /** The game an "unrate" takes out of the ratings. */
    table: tableId.optional(),
    /** The report this action answers (it is then closed). */
    report: z.string().min(1).max(64).optional(),
  })
  .strict()
  .superRefine((a, ctx) => {
    const timed = a.action === 'mute' || a.action === 'bar-rated';
    if (timed && a.minutes === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['minutes'],
        message: `"${a.action}" needs "minutes" (how long)`,
      });
    if (!timed && a.minutes !== undefined)
      ctx.addIssue({ code: 'custom', path: ['minutes'], message: `"${a.action}" takes no "minutes"` });
    if (a.action === 'unrate' && a.table === undefined)
      ctx.addIssue({ code: 'custom', path: ['table'], message: '"unrate" names the game ("table")' });
  });
export type ModerationActionRequest = z.input<typeof moderationActionSchema>;

export const dismissSchema = z
  .object({ reason: note.pipe(z.string().min(1, 'say why the report is dismissed')) })
  .strict();

/** A game as the home screen shows a followed player's: being played, or finished lately. */
export interface FollowedGame {
  readonly table: string;
  readonly game: GameKind;
  readonly status: 'playing' | 'finished';
  readonly rated: boolean;
  /** The followed player's seat. */
  readonly seat: number;
  readonly result: GameResult | null;
  readonly finishedAt: string | null;
}

export interface Followed {
  readonly name: string;
  /** At a game being played now (the "playing now" mark). */
  readonly playing: boolean;
  readonly games: readonly FollowedGame[];
}

/** A moderator's action as the player it concerns sees it. */
export interface ModerationNotice {
  readonly id: string;
  readonly action: ModerationAction | 'leaver';
  readonly reason: string;
  /** Who acted (a moderator's name; the server for the leaver rule). */
  readonly by: string;
  readonly at: number;
  /** When a mute or bar ends (null: it does not end by itself, or nothing to end). */
  readonly until: number | null;
  readonly table: string | null;
}

/**
 * On the player's socket `/ws/me`: a moderator acted about this player just now (an open home screen shows it
 * without a reload).
 */
export interface ModerationMessage {
  readonly type: 'moderation';
  readonly notice: ModerationNotice;
}

const moderationMessageSchema = z.looseObject({
  type: z.literal('moderation'),
  notice: z.looseObject({
    id: z.string(),
    action: z.enum([...MODERATION_ACTIONS, 'leaver']),
    reason: z.string(),
    by: z.string(),
    at: z.number(),
    until: z.number().nullable(),
    table: z.string().nullable(),
  }),
});

export const parseModerationMessage = (text: string): Result<ModerationMessage> =>
  parseWire(moderationMessageSchema, text, 'moderation message');

/** The signed-in player's side: whom they follow and block, and what moderators did about them. */
export interface CommunityState {
  readonly following: readonly Followed[];
  readonly blocked: readonly string[];
  readonly notices: readonly ModerationNotice[];
  /** Tables whose chat the player muted. */
  readonly mutedTables: readonly string[];
  /** Until when the player may not play rated games (a bar, or the leaver rule), or null. */
  readonly ratedBarredUntil: number | null;
  readonly chatMutedUntil: number | null;
}

export interface ReportView {
  readonly id: string;
  readonly reporter: string;
  readonly reported: string;
  readonly reason: ReportReason;
  readonly note: string;
  readonly from: ReportSource;
  readonly table: string | null;
  readonly at: number;
  readonly status: 'open' | 'closed';
}

export interface ChatLineView {
  readonly seat: number;
  readonly name: string;
  readonly text: string;
  readonly at: string;
}

/** What a moderator needs to judge a report. */
export interface ReportCase {
  readonly report: ReportView;
  readonly game: {
    readonly table: string;
    readonly game: GameKind;
    readonly rated: boolean;
    readonly status: string;
    readonly seats: readonly { readonly seat: number; readonly name: string | null }[];
    readonly result: GameResult | null;
  } | null;
  readonly chat: readonly ChatLineView[];
  readonly history: PlayerHistory;
  /** Every action taken about the reported player, newest first. */
  readonly actions: readonly ModerationNotice[];
}

export interface PlayerHistory {
  readonly name: string;
  readonly games: number;
  readonly abandoned: number;
  readonly timeouts: number;
  /** Rated tables where another seat was taken from the same address as this player's. */
  readonly sameAddressRated: readonly { readonly table: string; readonly with: string }[];
  readonly reports: number;
}
