/**
 * A table's game as a log of moves: checking a new move against the state and the log (pure: nothing is
 * changed until the table has stored it), and replaying moves another process stored.
 */
import { err, formatRecordedMove, ok, playRecordedMoves, type GameEvent, type Result } from '@attila/core';
import { afterMove, flagged, stopClock, type ClockState } from './clock.js';
import type { AnyGame } from './games.js';
import type { GameResult } from '@attila/protocol';
import { playOf, type StoredMove, type StoredTable } from './storage/types.js';
import { tokenMatches } from './tokens.js';

export interface HistoryEntry {
  readonly seat: number;
  readonly events: readonly GameEvent[];
  /** Who could act before this move: decides whether a late move in a simultaneous phase is stale. */
  readonly toActBefore: readonly number[];
}

export interface MoveRequest {
  readonly seat: number;
  /** The seat's token, or null for the seat's bot. */
  readonly token: string | null;
  /** The move number the mover decided at. */
  readonly seq: number;
  readonly move: string;
}

/** What the game is and who plays each seat now, as a move is checked. */
export interface GameLog {
  readonly game: AnyGame;
  readonly meta: StoredTable;
  readonly state: unknown;
  readonly history: readonly HistoryEntry[];
  /** The bot playing `seat` now, or null when its player does. */
  readonly botFor: (seat: number) => string | null;
}

export interface CheckedMove {
  readonly next: unknown;
  readonly events: readonly GameEvent[];
  readonly result: GameResult | null;
  readonly clock: ClockState | null;
  /** As the game record has it (prefixed by the seat when several could act). */
  readonly recorded: string;
  readonly toActBefore: readonly number[];
}

/** Every rule a move must pass at a table, in the order a player would want to be told. */
export function checkMove(log: GameLog, req: MoveRequest, now: number): Result<CheckedMove> {
  const { game, meta, state } = log;
  const { seat, token, seq, move } = req;
  const s = meta.seats[seat];
  if (!s) return err('move.seat', `there is no seat ${seat} at this table`);
  if (token !== null) {
    if (!tokenMatches(token, s.tokenHash)) return err('auth.token', `the token does not hold seat ${seat}`);
    if (s.controller === 'bot') {
      return err('move.bot-controlled', 'a bot plays this seat now; send "reclaim" to take it back first');
    }
  } else if (log.botFor(seat) === null) {
    // The seat was given back to its player while the bot was thinking.
    return err('move.not-bot', `seat ${seat} is played by its player now`);
  }
  if (meta.status !== 'playing') {
    return err(
      'move.not-playing',
      meta.status === 'open'
        ? 'the game has not started: it starts when every seat is taken'
        : 'the game is over',
    );
  }
  const toAct = game.toAct(state);
  if (!toAct.includes(seat))
    return err('move.not-your-turn', `it is not seat ${seat}'s turn; to act: seat ${toAct.join(', ')}`);
  if (seq !== log.history.length && !stillCurrentFor(log.history, seat, seq))
    return stale(log.history.length, seq);
  if (
    meta.clock &&
    meta.clockSettings &&
    s.controller === 'human' &&
    flagged(meta.clock, [seat], now).length
  ) {
    return err('clock.flagged', `seat ${seat} has run out of time`);
  }
  const played = game.play(state, seat, move);
  if (!played.ok) return played;
  const next = played.value.state;
  const result = withLeavers(meta, game.result(next));
  let clock: ClockState | null = meta.clock;
  if (clock && meta.clockSettings) {
    clock = result
      ? stopClock(clock, now)
      : afterMove(meta.clockSettings, clock, seat, game.toAct(next), now);
  }
  return ok({
    next,
    events: played.value.events,
    result,
    clock,
    recorded: formatRecordedMove(seat, move, toAct),
    toActBefore: toAct,
  });
}

/**
 * A result that says which seats' players left: people's seats a take-over bot plays at the end, their
 * player gone (left or out of time; resigned seats are said apart). A Tribes table that lost a player to
 * leaving says so, and the others know why a bot sat there.
 */
function withLeavers(meta: StoredTable, result: GameResult | null): GameResult | null {
  if (!result) return result;
  const resigned = playOf(meta).resigned;
  const left = meta.seats
    .filter((s) => s.kind === 'human' && s.controller === 'bot' && !resigned.includes(s.seat))
    .map((s) => s.seat);
  return left.length ? { ...result, left } : result;
}

/** A person's move as it may arrive again: the same seat, token, move number, line and move. */
export interface MoveAgain extends MoveRequest {
  readonly token: string;
  /** The line (takebacks so far) it was decided on, when the mover said. */
  readonly line?: number;
}

/** What a repeat is checked against: the table, who moved at each number, the moves as recorded. */
export interface StoredLog {
  readonly meta: StoredTable;
  readonly history: readonly HistoryEntry[];
  readonly moves: readonly string[];
}

/**
 * The sequence number after the stored move that `req` repeats, or null when it repeats none. A client
 * resends a move it has no answer for (the socket dropped before the ack came); the repeat must be
 * answered with the ack, never applied twice. A seat makes at most one move decided at a given number on
 * a line: after its own move, a move decided at that number is stale (`stillCurrentFor`). So the first
 * move of `req.seat` at or after `req.seq` is the only one `req` can repeat, and it does when its text is
 * the same. Anything else (another move at a passed number, another line, another token) is not a repeat
 * and goes on to `checkMove`, which refuses it as stale.
 */
export function repeatedMove(log: StoredLog, req: MoveAgain): number | null {
  const s = log.meta.seats[req.seat];
  if (!s || !tokenMatches(req.token, s.tokenHash)) return null;
  if (req.line !== undefined && req.line !== playOf(log.meta).line) return null;
  for (let k = req.seq; k < log.history.length; k++) {
    const h = log.history[k];
    if (h.seat === req.seat) {
      return log.moves[k] === formatRecordedMove(req.seat, req.move, h.toActBefore) ? k + 1 : null;
    }
    // The seat could not act here: its move cannot have been decided before this one.
    if (!h.toActBefore.includes(req.seat)) return null;
  }
  return null;
}

/** The refusal of a move decided at `seq` when the game is at move `current`. */
export function stale(current: number, seq: number): Result<never> {
  return err('move.stale', `the game is at move ${current}, not ${seq}: refresh and decide again`);
}

/** In a simultaneous phase, a move decided at `seq` stays valid while only other seats have acted since. */
function stillCurrentFor(history: readonly HistoryEntry[], seat: number, seq: number): boolean {
  if (seq > history.length) return false;
  for (let k = seq; k < history.length; k++) {
    const h = history[k];
    if (h.seat === seat || !h.toActBefore.includes(seat)) return false;
  }
  return true;
}

/**
 * Plays moves another process stored onto `state`. They were checked when they were made, so a refusal
 * here means storage and engine disagree: a programmer error, thrown.
 */
export function replayStored(
  game: AnyGame,
  tableId: string,
  state: unknown,
  moves: readonly StoredMove[],
): { state: unknown; entries: HistoryEntry[] } {
  const replayed = playRecordedMoves(
    game,
    state,
    moves.map((m) => m.move),
    (moves[0]?.seq ?? 1) - 1,
  );
  if (!replayed.ok) throw new Error(`table ${tableId}: stored ${replayed.error.message}`);
  const entries = replayed.value.played.map((p, i) => ({
    seat: moves[i].seat,
    events: p.events,
    toActBefore: p.toActBefore,
  }));
  return { state: replayed.value.state, entries };
}
