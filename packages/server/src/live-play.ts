/**
 * What players of a live game may do besides moving, as pure decisions on the stored table: resign, abort
 * before every seat has moved, ask for and answer a takeback (two-player games with nothing hidden: Knights),
 * and play again once the game is over. Each returns the change to store (commands.ts routes to them); the
 * rules a player is told when refused are in each refusal's message.
 */
import { err, ok, replayMoves, type Result } from '@attila/core';
import type { GameResult } from '@attila/protocol';
import { afterTakeback, startClock, stopClock } from './clock.js';
import { patched, type Change, type DecideContext, type TableNow } from './change.js';
import type { AnyGame } from './games.js';
import { botFor } from './seating.js';
import {
  playOf,
  type StoredPlay,
  type StoredSeat,
  type StoredTable,
  type TablePatch,
} from './storage/types.js';

function finish(meta: StoredTable, result: GameResult, now: number, play?: StoredPlay): Change {
  const patch: TablePatch = {
    status: 'finished',
    result,
    finishedAt: new Date(now).toISOString(),
    ...(meta.clock ? { clock: stopClock(meta.clock, now) } : {}),
    ...(play ? { play } : {}),
  };
  return { kind: 'table', patch, meta: patched(meta, [], patch) };
}

function playChange(meta: StoredTable, play: StoredPlay): Change {
  const patch: TablePatch = { play };
  return { kind: 'table', patch, meta: patched(meta, [], patch) };
}

const notPlaying = (code: string, what: string, meta: StoredTable): Result<never> =>
  err(
    code,
    meta.status === 'open'
      ? `the game has not started: there is nothing to ${what} yet`
      : `the game is over: there is nothing to ${what}`,
  );

// ---------------------------------------------------------------- resign

/**
 * `seat` gives up. It loses: when at most one seat is left in the game, or no person is, the game ends and
 * the seats still in it win (Knights: the opponent). Otherwise (Tribes, 3–5 seats) a bot plays the seat on
 * so the others' game goes on as it was, and the seat ranks last whatever its score (`rankResigned`).
 */
export function decideResign(t: TableNow, seat: number, now: number): Result<Change> {
  const { meta } = t;
  if (meta.status !== 'playing') return notPlaying('resign.not-playing', 'resign', meta);
  const play = playOf(meta);
  if (play.resigned.includes(seat)) return err('resign.already', `seat ${seat} has resigned already`);
  const resigned = [...play.resigned, seat].sort((a, b) => a - b);
  const left = meta.seats.filter((s) => !resigned.includes(s.seat));
  const next: StoredPlay = { ...play, resigned, takeback: null };
  if (left.length <= 1 || !left.some((s) => s.kind === 'human')) {
    const winners = left.map((s) => s.seat);
    return ok(finish(meta, { winners, reason: `seat ${seat} resigned`, resigned }, now, next));
  }
  const seatNow: StoredSeat = { ...meta.seats[seat], controller: 'bot' };
  const patch: TablePatch = { play: next };
  return ok({
    kind: 'seats',
    seats: [seatNow],
    patch,
    meta: patched(meta, [seatNow], patch),
    outcome: null,
  });
}

/** The engine's result with resigned seats out of the winners: the best score among the others wins. */
export function rankResigned(result: GameResult, play: StoredPlay, seats: number): GameResult {
  if (play.resigned.length === 0) return result;
  const resigned = play.resigned;
  let winners = result.winners.filter((s) => !resigned.includes(s));
  const scores = result.scores;
  if (winners.length === 0 && scores) {
    const inGame = Array.from({ length: seats }, (_, s) => s).filter((s) => !resigned.includes(s));
    const best = Math.max(...inGame.map((s) => scores[s]));
    winners = inGame.filter((s) => scores[s] === best);
  }
  return { ...result, winners, resigned: [...resigned] };
}

// ---------------------------------------------------------------- abort

/**
 * Any seated player calls the game off while some seat has not moved yet: no winner, counted nowhere. Not an
 * event's game: it counts in the event's standings, and an abort would let a player skip an opponent.
 */
export function decideAbort(t: TableNow, now: number): Result<Change> {
  const may = mayAbort(t);
  return may.ok ? ok(finish(t.meta, { winners: [], reason: 'aborted', aborted: true }, now)) : may;
}

/** Whether a seated player may abort the game now (the table's `abortable`), or why not. */
export function mayAbort({ meta, history }: Pick<TableNow, 'meta' | 'history'>): Result<true> {
  if (meta.status !== 'playing') return notPlaying('abort.not-playing', 'abort', meta);
  if (meta.event !== undefined) {
    return err(
      'abort.event',
      "an event's game cannot be aborted: it counts in the event's standings; resign instead, or play it",
    );
  }
  if (meta.seats.every((s) => history.some((h) => h.seat === s.seat))) {
    return err(
      'abort.moved',
      'every seat has moved: a game can be aborted only before each seat has made its first move; resign instead',
    );
  }
  return ok(true);
}

// ---------------------------------------------------------------- takeback

/** Takebacks need a position everyone sees alike and one opponent to ask: two-player games like Knights. */
export function takebacksAllowed(game: AnyGame, meta: StoredTable): boolean {
  return game.sameViewForEveryone === true && meta.seats.length === 2 && meta.event === undefined;
}

function mayTakeBack(t: TableNow): Result<true> {
  if (takebacksAllowed(t.game, t.meta)) return ok(true);
  // As on lichess: an event's games are played as they go, every move of them counting in its standings.
  if (t.meta.event !== undefined)
    return err('takeback.event', "takebacks are not offered in an event's games: every move counts");
  return err(
    'takeback.game',
    'takebacks are offered only in two-player games with nothing hidden (Knights), not in this game',
  );
}

/** The number of moves kept when `seat`'s last move is taken back (with the replies made since). */
function keptBefore(t: TableNow, seat: number): number | null {
  for (let i = t.history.length - 1; i >= 0; i--) if (t.history[i].seat === seat) return i;
  return null;
}

/** `seat` asks its opponent to take back its last move; a bot opponent agrees at once. */
export function decideTakebackAsk(t: TableNow, seat: number, now: number): Result<Change> {
  const allowed = mayTakeBack(t);
  if (!allowed.ok) return allowed;
  const { meta } = t;
  if (meta.status !== 'playing') return notPlaying('takeback.not-playing', 'take back', meta);
  const play = playOf(meta);
  if (play.takeback) {
    return err('takeback.pending', `seat ${play.takeback.seat} asked for a takeback: wait for the answer`);
  }
  const keep = keptBefore(t, seat);
  if (keep === null) return err('takeback.no-move', 'you have not moved yet: there is no move to take back');
  const opponent = 1 - seat;
  if (play.noTakebacks.includes(opponent)) {
    return err('takeback.refused-for-good', `seat ${opponent} refuses every takeback in this game`);
  }
  if (botFor(meta, opponent) !== null) return takeBack(t, keep, play, now);
  return ok(playChange(meta, { ...play, takeback: { seat, seq: t.history.length } }));
}

/** `seat` answers the takeback request pending (or, with `never`, refuses every takeback from now on). */
export function decideTakebackAnswer(
  t: TableNow,
  seat: number,
  answer: 'accept' | 'refuse' | 'never',
  now: number,
): Result<Change> {
  const allowed = mayTakeBack(t);
  if (!allowed.ok) return allowed;
  const { meta } = t;
  if (meta.status !== 'playing') return notPlaying('takeback.not-playing', 'take back', meta);
  const play = playOf(meta);
  const request = play.takeback;
  if (request?.seat === seat) {
    return err('takeback.own', 'you asked for this takeback: only your opponent can answer it');
  }
  if (answer === 'never') {
    const noTakebacks = play.noTakebacks.includes(seat) ? play.noTakebacks : [...play.noTakebacks, seat];
    return ok(playChange(meta, { ...play, noTakebacks, takeback: null }));
  }
  if (!request) {
    return err(
      'takeback.none',
      'no takeback request is waiting: you can accept or refuse one only after your opponent asks',
    );
  }
  if (answer === 'refuse') return ok(playChange(meta, { ...play, takeback: null }));
  const keep = keptBefore(t, request.seat);
  if (keep === null) return err('takeback.none', 'the move asked to be taken back is gone');
  return takeBack(t, keep, play, now);
}

/** The game with only its first `keep` moves: replayed from settings and seed, on a new line. */
function takeBack(t: TableNow, keep: number, play: StoredPlay, now: number): Result<Change> {
  const { game, meta } = t;
  const settings = game.parseSettings(meta.settings);
  if (!settings.ok) return settings;
  const replayed = replayMoves(game, settings.value, meta.seed, t.moves.slice(0, keep));
  if (!replayed.ok) return replayed;
  const next = replayed.value.states[keep];
  const clock =
    meta.clock && meta.clockSettings
      ? afterTakeback(meta.clockSettings, meta.clock, game.toAct(next), now)
      : undefined;
  const patch: TablePatch = {
    play: { ...play, line: play.line + 1, takeback: null },
    ...(clock ? { clock } : {}),
  };
  return ok({
    kind: 'takeback',
    keep,
    seq: t.history.length,
    patch,
    next,
    meta: patched(meta, [], patch),
  });
}

// ---------------------------------------------------------------- rematch

/** Where each seat sits in the rematch: two players swap sides, more keep their seats. */
export function rematchSeats(seats: number): number[] {
  return Array.from({ length: seats }, (_, s) => (seats === 2 ? 1 - s : s));
}

/**
 * `seat` wants to play again (or not: that calls the rematch off). Once every person's seat has accepted,
 * the new table is made: same game, settings and options, a new seed, the same players (each keeps its
 * token: the same people hold the new seats), two players' sides swapped, bots where bots were.
 */
export function decideRematch(
  t: TableNow,
  seat: number,
  accept: boolean,
  ctx: DecideContext,
): Result<Change> {
  const { meta } = t;
  if (meta.status !== 'finished') {
    return err('rematch.not-finished', 'a rematch can be offered once the game is over');
  }
  if (meta.startedAt === null) {
    return err('rematch.never-started', 'this table never started: there is no game to play again');
  }
  const play = playOf(meta);
  const rematch = play.rematch ?? { accepted: [], declinedBy: null, table: null, seats: [] };
  if (rematch.table) return err('rematch.started', `the rematch is on at table ${rematch.table}`);
  if (rematch.declinedBy !== null) {
    return err('rematch.declined', `seat ${rematch.declinedBy} declined the rematch: it is off`);
  }
  if (!accept) {
    return ok(playChange(meta, { ...play, rematch: { ...rematch, accepted: [], declinedBy: seat } }));
  }
  const accepted = rematch.accepted.includes(seat)
    ? rematch.accepted
    : [...rematch.accepted, seat].sort((a, b) => a - b);
  const people = meta.seats.filter((s) => s.kind === 'human').map((s) => s.seat);
  if (!people.every((s) => accepted.includes(s))) {
    return ok(playChange(meta, { ...play, rematch: { ...rematch, accepted } }));
  }
  const fresh = rematchTable(t, ctx);
  if (!fresh.ok) return fresh;
  const seats = rematchSeats(meta.seats.length);
  const patch: TablePatch = {
    play: { ...play, rematch: { accepted, declinedBy: null, table: fresh.value.id, seats } },
  };
  return ok({ kind: 'rematch', table: fresh.value, patch, meta: patched(meta, [], patch) });
}

/** The rematch's table, already started (every seat is taken). */
function rematchTable(t: TableNow, ctx: DecideContext): Result<StoredTable> {
  const { game, meta } = t;
  const settings = game.parseSettings(meta.settings);
  if (!settings.ok) return settings;
  const seed = ctx.newSeed();
  const start = game.setup(settings.value, seed);
  if (!start.ok) return start;
  const to = rematchSeats(meta.seats.length);
  const seats: StoredSeat[] = meta.seats
    .map((s) => ({
      ...s,
      seat: to[s.seat],
      controller: s.kind === 'bot' ? ('bot' as const) : ('human' as const),
    }))
    .sort((a, b) => a.seat - b.seat);
  const now = ctx.now;
  return ok({
    id: ctx.newTableId(),
    game: meta.game,
    settings: meta.settings,
    seed,
    rulesVersion: game.rulesVersion,
    listed: meta.listed,
    // A rated game's rematch is rated too (its seats keep their players: Table copies them).
    ...(meta.rated ? { rated: true } : {}),
    clockSettings: meta.clockSettings,
    takeover: meta.takeover,
    status: 'playing',
    createdAt: new Date(now).toISOString(),
    startedAt: new Date(now).toISOString(),
    finishedAt: null,
    result: null,
    clock: meta.clockSettings
      ? startClock(meta.clockSettings, seats.length, game.toAct(start.value), now)
      : null,
    seats,
  });
}
