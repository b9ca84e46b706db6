/**
 * Every change to a table is one of these commands, and `decide` turns a command into the change to store
 * (pure: it reads the table as it is and changes nothing). The table (table.ts) is the one door: it runs
 * `decide`, commits the change, applies it to its copy, then tells everyone. The rules themselves live in
 * moves.ts (a move) and seating.ts (a seat, the clock running out); this module only routes to them.
 * A new kind of change is a new member of `TableCommand`, its outcome in `Outcomes`, and a case in `decide`.
 */
import { err, ok, type Result } from '@attila/core';
import type { ChatMessage } from '@attila/protocol';
import { flagged, startClock, withGrace, type ClockState } from './clock.js';
import { checkMove } from './moves.js';
import {
  botFor,
  everySeatTaken,
  joinedSeat,
  leftSeat,
  reclaimedSeat,
  timeOut,
  watchedSeats,
} from './seating.js';
import {
  decideAbort,
  decideRematch,
  decideResign,
  decideTakebackAnswer,
  decideTakebackAsk,
  rankResigned,
} from './live-play.js';
import {
  playOf,
  type SeatPlayer,
  type StoredSeat,
  type StoredTable,
  type TablePatch,
} from './storage/types.js';
import { hashToken, tokenMatches } from './tokens.js';
import { decideDeadline } from './hard-deadline.js';
import { vacationPatch } from './vacation.js';
import { patched, type Change, type DecideContext, type JoinOutcome, type TableNow } from './change.js';

export type TableCommand =
  /** A person's move, with the seat's token, decided at `seq`. */
  | {
      readonly kind: 'move';
      readonly seat: number;
      readonly token: string;
      readonly seq: number;
      readonly move: string;
      /** The line (takebacks so far) it was decided on, when the mover said. */
      readonly line?: number;
    }
  /** A bot's move for `seat`; `move` null when the bot failed: its first legal move is played instead. */
  | {
      readonly kind: 'bot-move';
      readonly seat: number;
      readonly seq: number;
      readonly move: string | null;
      readonly line?: number;
    }
  /** The clock's timer went off: the seats out of time are taken over by the bot, or lose. */
  | { readonly kind: 'clock' }
  /** A person sits down (`seat`, or the first free one); the game starts once every seat is taken. */
  | {
      readonly kind: 'join';
      readonly name: string;
      readonly seat?: number;
      /** The seat's token when the joiner brings one: a bot account's (bot-api/bearer.ts `seatToken`). */
      readonly token?: string;
      /** Who joins (null: a client without a session): one player, one seat (seating.ts). */
      readonly player?: SeatPlayer | null;
    }
  | { readonly kind: 'leave'; readonly seat: number; readonly token: string }
  | { readonly kind: 'reclaim'; readonly seat: number; readonly token: string }
  | { readonly kind: 'chat'; readonly seat: number; readonly token: string; readonly text: string }
  /** A seat goes on vacation (`away`) or comes back: correspondence clocks only (vacation.ts). */
  | { readonly kind: 'vacation'; readonly seat: number; readonly token: string; readonly away: boolean }
  /** Start the game if every seat is taken (a table of bots only, right after it is made). */
  | { readonly kind: 'start' }
  /**
   * End a table that never started (its creator closed it, or it waited too long): finished with no winner
   * and `reason`, so it leaves the lobby and its watchers are told. Refused once the game started.
   */
  | { readonly kind: 'close'; readonly reason: string }
  /**
   * A hard deadline (an event's correspondence round closed): the game under way ends as if time ran out
   * now for the seats to move (hard-deadline.ts). Nothing to do once the game is over.
   */
  | { readonly kind: 'deadline'; readonly reason: string }
  /** Give up (live-play.ts has the rules of each of these five). */
  | { readonly kind: 'resign'; readonly seat: number; readonly token: string }
  /** Call the game off before every seat has moved. */
  | { readonly kind: 'abort'; readonly seat: number; readonly token: string }
  /** Ask the opponent to take back this seat's last move. */
  | { readonly kind: 'takeback'; readonly seat: number; readonly token: string }
  | {
      readonly kind: 'takeback-answer';
      readonly seat: number;
      readonly token: string;
      readonly answer: 'accept' | 'refuse' | 'never';
    }
  /** Play again once the game is over (or not, which calls the rematch off). */
  | { readonly kind: 'rematch'; readonly seat: number; readonly token: string; readonly accept: boolean };

export type CommandKind = TableCommand['kind'];

/** What each command answers once it is stored. */
export interface Outcomes {
  /** The new sequence number. */
  readonly move: number;
  readonly 'bot-move': number;
  readonly clock: null;
  readonly join: JoinOutcome;
  readonly leave: null;
  readonly reclaim: null;
  readonly chat: ChatMessage;
  readonly vacation: null;
  readonly start: null;
  readonly close: null;
  readonly deadline: null;
  readonly resign: null;
  readonly abort: null;
  readonly takeback: null;
  readonly 'takeback-answer': null;
  readonly rematch: null;
}
export type Outcome<C extends TableCommand> = Outcomes[C['kind']];

export type { Change, DecideContext, TableNow } from './change.js';

const tokenRefused = (seat: number) => err('auth.token', `the token does not hold seat ${seat}`);

function holds(meta: StoredTable, seat: number, token: string): boolean {
  const s = meta.seats[seat];
  return s !== undefined && tokenMatches(token, s.tokenHash);
}

/** The start of the game, when every seat of `meta` is taken: status, start time and clock. */
function startPatch(t: TableNow, meta: StoredTable, now: number): TablePatch | null {
  if (meta.status !== 'open' || !everySeatTaken(meta)) return null;
  const clock = meta.clockSettings
    ? startClock(meta.clockSettings, meta.seats.length, t.game.toAct(t.state), now)
    : null;
  return { status: 'playing', startedAt: new Date(now).toISOString(), clock };
}

function seatChange(
  meta: StoredTable,
  seat: StoredSeat,
  patch: TablePatch,
  outcome: JoinOutcome | null = null,
): Change {
  return { kind: 'seats', seats: [seat], patch, meta: patched(meta, [seat], patch), outcome };
}

function decideMove(
  t: TableNow,
  seat: number,
  token: string | null,
  seq: number,
  move: string | null,
  now: number,
  line: number | undefined,
): Result<Change> {
  const play = playOf(t.meta);
  if (line !== undefined && line !== play.line) {
    return err('move.stale', 'moves were taken back since this move was decided: refresh and decide again');
  }
  const played = move ?? t.game.legalMoves(t.state, seat)[0];
  if (played === undefined) return err('move.not-your-turn', `seat ${seat} has no move to make`);
  const log = { ...t, botFor: (n: number) => botFor(t.meta, n) };
  const checked = checkMove(log, { seat, token, seq, move: played }, now);
  if (!checked.ok) return checked;
  const { next, events, clock, recorded, toActBefore } = checked.value;
  const result = checked.value.result && rankResigned(checked.value.result, play, t.meta.seats.length);
  const finishedAt = result ? new Date(now).toISOString() : undefined;
  // A move answers a takeback request still waiting: the position it asked about is gone.
  const playPatch: TablePatch = play.takeback ? { play: { ...play, takeback: null } } : {};
  const patch: TablePatch = result
    ? { clock, status: 'finished', result, finishedAt, ...playPatch }
    : clock
      ? { clock, ...playPatch }
      : playPatch;
  return ok({
    kind: 'move',
    move: { seq: t.history.length + 1, seat, move: recorded, at: now },
    patch,
    next,
    entry: { seat, events, toActBefore },
    events,
    meta: patched(t.meta, [], { ...patch, clock }),
    byBot: token === null,
  });
}

function decideClock(t: TableNow, now: number): Result<Change> {
  const clock: ClockState | null = t.meta.clock;
  if (t.meta.status !== 'playing' || !clock) return ok({ kind: 'none' });
  const out = flagged(clock, watchedSeats(t.meta), now);
  if (out.length === 0) return ok({ kind: 'none' });
  const outcome = timeOut(t.meta, clock, out, now);
  if (outcome.kind === 'takeover') {
    return ok({
      kind: 'seats',
      seats: outcome.seats,
      patch: {},
      meta: patched(t.meta, outcome.seats, {}),
      outcome: null,
    });
  }
  const { result, finishedAt, clock: stopped } = outcome;
  const patch: TablePatch = { status: 'finished', result, finishedAt, clock: stopped };
  return ok({ kind: 'table', patch, meta: patched(t.meta, [], patch) });
}

/** The change `command` makes to the table as it is now, or why it is refused (nothing is changed). */
export function decide(t: TableNow, command: TableCommand, ctx: DecideContext): Result<Change> {
  const { meta } = t;
  const { now } = ctx;
  switch (command.kind) {
    case 'move':
      return decideMove(t, command.seat, command.token, command.seq, command.move, now, command.line);
    case 'bot-move':
      return decideMove(t, command.seat, null, command.seq, command.move, now, command.line);
    case 'clock':
      return decideClock(t, now);
    case 'join': {
      const { token, hash } =
        command.token === undefined
          ? ctx.newToken()
          : { token: command.token, hash: hashToken(command.token) };
      const joined = joinedSeat(meta, command.name, command.seat, hash, command.player ?? null);
      if (!joined.ok) return joined;
      // The seat and the start are one write: a full table is never stored as open.
      const start = startPatch(t, patched(meta, [joined.value], {}), now) ?? {};
      return ok(seatChange(meta, joined.value, start, { seat: joined.value.seat, token }));
    }
    case 'leave': {
      if (!holds(meta, command.seat, command.token)) return tokenRefused(command.seat);
      const left = leftSeat(meta, command.seat);
      return left.ok ? ok(seatChange(meta, left.value, {})) : left;
    }
    case 'reclaim': {
      if (!holds(meta, command.seat, command.token)) return tokenRefused(command.seat);
      const reclaimed = reclaimedSeat(meta, command.seat);
      if (!reclaimed.ok) return reclaimed;
      const patch = meta.clock ? { clock: withGrace(meta.clock, command.seat, now) } : {};
      return ok(seatChange(meta, reclaimed.value, patch));
    }
    case 'chat': {
      if (!holds(meta, command.seat, command.token)) return tokenRefused(command.seat);
      const name = meta.seats[command.seat].name ?? `seat ${command.seat}`;
      const at = new Date(now).toISOString();
      return ok({ kind: 'chat', chat: { seat: command.seat, name, text: command.text, at } });
    }
    case 'vacation': {
      if (!holds(meta, command.seat, command.token)) return tokenRefused(command.seat);
      const patch = vacationPatch(meta, command.seat, command.away, now);
      return patch.ok
        ? ok({ kind: 'table', patch: patch.value, meta: patched(meta, [], patch.value) })
        : patch;
    }
    case 'start': {
      const patch = startPatch(t, meta, now);
      return ok(patch ? { kind: 'table', patch, meta: patched(meta, [], patch) } : { kind: 'none' });
    }
    case 'close': {
      if (meta.status !== 'open') {
        return err('close.started', 'only a table that has not started can be closed; this one has');
      }
      const patch: TablePatch = {
        status: 'finished',
        result: { winners: [], reason: command.reason },
        finishedAt: new Date(now).toISOString(),
      };
      return ok({ kind: 'table', patch, meta: patched(meta, [], patch) });
    }
    case 'deadline':
      return decideDeadline(t, command.reason, now);
    case 'resign':
    case 'abort':
    case 'takeback':
    case 'takeback-answer':
    case 'rematch': {
      if (!holds(meta, command.seat, command.token)) return tokenRefused(command.seat);
      switch (command.kind) {
        case 'resign':
          return decideResign(t, command.seat, now);
        case 'abort':
          return decideAbort(t, now);
        case 'takeback':
          return decideTakebackAsk(t, command.seat, now);
        case 'takeback-answer':
          return decideTakebackAnswer(t, command.seat, command.answer, now);
        case 'rematch':
          return decideRematch(t, command.seat, command.accept, ctx);
      }
    }
  }
}
