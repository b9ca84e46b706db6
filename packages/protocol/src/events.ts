/**
 * Events (tournaments) run by the server: a Knights arena (time-boxed, players paired again as soon as they
 * finish), a Knights Swiss (a fixed number of rounds, no repeat opponents) and Tribes rounds (tables of 2-5
 * grouped by standing). Any account creates one (public, or private behind an invitation code); the server
 * also runs the ones its schedule file lists. The server's README has the routes; the formats' rules are in
 * its "Events" section.
 */
import { z } from 'zod';
import { clockSettingsSchema, type ClockSettings } from './fields.js';

export const EVENT_FORMATS = ['arena', 'swiss', 'tribes-rounds'] as const;
export type EventFormat = (typeof EVENT_FORMATS)[number];
export type EventStatus = 'upcoming' | 'running' | 'finished';

/** An event's name: what the list shows. */
export const eventNameSchema = z.string().trim().min(3).max(60);

/** How long ahead an event may be created, and the most rounds or minutes. */
export const EVENT_LIMITS = {
  aheadMs: 30 * 24 * 3600_000,
  maxRounds: 15,
  minArenaMinutes: 5,
  maxArenaMinutes: 24 * 60,
  /** An event's start may lie this far in the past (a form filled in slowly starts at once). */
  lateStartMs: 60_000,
  /** A correspondence round stays open this many days unless the event says (`roundDays`, at most 60). */
  defaultRoundDays: 14,
  maxRoundDays: 60,
} as const;

export const createEventSchema = z
  .object({
    name: eventNameSchema,
    format: z.enum(EVENT_FORMATS),
    /** When play starts (ms since the epoch). */
    startsAt: z.number().int().nonnegative(),
    /** Arena: how long it lasts. */
    minutes: z.number().int().min(EVENT_LIMITS.minArenaMinutes).max(EVENT_LIMITS.maxArenaMinutes).optional(),
    /** Swiss and Tribes rounds: how many rounds. */
    rounds: z.number().int().min(1).max(EVENT_LIMITS.maxRounds).optional(),
    /**
     * Correspondence Swiss and Tribes rounds: how many days each round stays open (default 14); when it
     * closes every game still under way is decided on its clock (the player to move loses).
     */
    roundDays: z.number().int().min(1).max(EVENT_LIMITS.maxRoundDays).optional(),
    /** The clock of every game: minutes per player (live) or days per move (correspondence). */
    clock: clockSettingsSchema,
    rated: z.boolean().default(false),
    /** Private: only those given the invitation code may join (and see it). */
    private: z.boolean().default(false),
    /** Players whose rating (in the game, at the event's speed) lies outside are refused. */
    minRating: z.number().int().min(0).max(4000).nullable().default(null),
    maxRating: z.number().int().min(0).max(4000).nullable().default(null),
    /** Tribes rounds: the preferred table size, the smallest allowed, and whether bots fill short tables. */
    tableSize: z.number().int().min(2).max(5).default(3),
    minTable: z.number().int().min(2).max(5).default(3),
    bots: z.boolean().default(false),
  })
  .strict();
export type CreateEvent = z.input<typeof createEventSchema>;
export type CreateEventParsed = z.output<typeof createEventSchema>;

export const joinEventSchema = z.object({ code: z.string().trim().min(1).max(64).optional() }).strict();

export interface EventStandingView {
  readonly rank: number;
  readonly player: string;
  readonly name: string;
  /** Points: Swiss wins (+ byes), arena points, Tribes rank points. */
  readonly score: number;
  /** Swiss: Buchholz and Sonneborn-Berger; arena: performance and streak; Tribes: tables played. */
  readonly tieBreaks: Readonly<Record<string, number | null>>;
  readonly withdrawn: boolean;
  /** Arena: on a winning streak (the next win counts double). */
  readonly onFire?: boolean;
}

export interface EventGameView {
  readonly ordinal: number;
  readonly round: number;
  readonly table: string | null;
  /** Player ids in seat order (null: a bot); a bye has one player. */
  readonly players: readonly (string | null)[];
  readonly names: readonly string[];
  readonly over: boolean;
  /** Each seat's place once over (0 best); null while played, for a bye, or without a result. */
  readonly places: readonly number[] | null;
}

export interface EventView {
  readonly id: string;
  readonly name: string;
  readonly format: EventFormat;
  readonly game: 'knights' | 'tribes';
  readonly status: EventStatus;
  readonly startsAt: number;
  /** Arena: when pairing stops. */
  readonly endsAt: number | null;
  readonly rounds: number | null;
  /** The round under way (0 before the start). */
  readonly round: number;
  /** Correspondence rounds: the days each stays open (null: live, or a round lasts until its games end). */
  readonly roundDays: number | null;
  /** When the round under way closes (its games decided on their clocks), if it has a deadline. */
  readonly roundEndsAt: number | null;
  readonly clock: ClockSettings;
  readonly rated: boolean;
  readonly private: boolean;
  readonly minRating: number | null;
  readonly maxRating: number | null;
  readonly createdBy: string | null;
  readonly entrants: number;
  readonly standings: readonly EventStandingView[];
  /** The games of the current round (arena: those under way), then the most recent. */
  readonly games: readonly EventGameView[];
  /** The viewer's entry: their current game and seat token to play it. */
  readonly you: {
    readonly entered: boolean;
    readonly withdrawn: boolean;
    readonly table: string | null;
    readonly seat: number | null;
    readonly token: string | null;
  } | null;
  /** The invitation code, for its creator only. */
  readonly code: string | null;
}

export interface EventSummary {
  readonly id: string;
  readonly name: string;
  readonly format: EventFormat;
  readonly status: EventStatus;
  readonly startsAt: number;
  readonly endsAt: number | null;
  readonly rounds: number | null;
  readonly round: number;
  readonly clock: ClockSettings;
  readonly rated: boolean;
  readonly private: boolean;
  readonly entrants: number;
}

/** An event a player entered, as their profile lists it (`PlayerProfile.events`). */
export interface PlayerEventEntry {
  readonly id: string;
  readonly name: string;
  readonly format: EventFormat;
  readonly status: EventStatus;
  readonly startsAt: number;
  /** Their place in the standings (1 best), null before the start. */
  readonly rank: number | null;
  readonly score: number;
  /** Everyone who entered (withdrawn players too: they keep their place in the standings). */
  readonly entrants: number;
  readonly withdrawn: boolean;
}
