/**
 * Replaying a move list through any game's public API. A recorded move is its notation, prefixed with
 * `<seat>:` whenever more than one seat could act at that moment (simultaneous choices); otherwise the
 * seat is the one that must act.
 */
import type { GameEvent, GameModule } from './game.js';
import { err, ok, type Result } from './result.js';

export interface RecordedMove {
  readonly seat: number;
  readonly move: string;
}

export function formatRecordedMove(seat: number, move: string, seatsToAct: readonly number[]): string {
  return seatsToAct.length === 1 && seatsToAct[0] === seat ? move : `${seat}:${move}`;
}

/** A recorded move that does not say whose it is when several seats could act. */
export type ReplayErrorCode = 'replay.seat';

export function parseRecordedMove(
  text: string,
  seatsToAct: readonly number[],
): Result<RecordedMove, ReplayErrorCode> {
  const m = /^(\d+):(.*)$/.exec(text);
  if (m) return ok({ seat: Number(m[1]), move: m[2] });
  if (seatsToAct.length !== 1) {
    return err(
      'replay.seat',
      `"${text}" does not say whose move it is, and ${seatsToAct.length === 0 ? 'nobody' : `seats ${seatsToAct.join(', ')}`} could act; write it as "<seat>:${text}"`,
    );
  }
  return ok({ seat: seatsToAct[0], move: text });
}

/** One recorded move as played: who made it, who could act before it, and what it gave. */
export interface PlayedMove<State, Event extends GameEvent = GameEvent> {
  readonly seat: number;
  /** The seats that could act before the move (what decides whether its record names the seat). */
  readonly toActBefore: readonly number[];
  readonly state: State;
  readonly events: readonly Event[];
}

/**
 * Plays recorded moves onto `state`, each re-checked by the engine: the one replay loop. `replayMoves` starts
 * it from the setup; a holder that keeps a state and learns of new moves (a server process catching up with
 * another, a bot thread) advances its state with it. `movesBefore` is how many moves `state` has already seen,
 * so that an error names the move as the whole game counts it.
 */
export function playRecordedMoves<Settings, State, View, Event extends GameEvent>(
  game: GameModule<Settings, State, View, Event>,
  state: State,
  moves: readonly string[],
  movesBefore = 0,
): Result<{ readonly state: State; readonly played: PlayedMove<State, Event>[] }> {
  const played: PlayedMove<State, Event>[] = [];
  for (let i = 0; i < moves.length; i++) {
    const n = movesBefore + i + 1;
    const toActBefore = game.toAct(state);
    const rec = parseRecordedMove(moves[i], toActBefore);
    if (!rec.ok) return err(rec.error.code, `move ${n}: ${rec.error.message}`);
    const next = game.play(state, rec.value.seat, rec.value.move);
    if (!next.ok) return err(next.error.code, `move ${n} ("${moves[i]}"): ${next.error.message}`);
    state = next.value.state;
    played.push({ seat: rec.value.seat, toActBefore, state, events: next.value.events });
  }
  return ok({ state, played });
}

export interface Replayed<State, Event extends GameEvent = GameEvent> {
  readonly states: State[];
  readonly events: Event[][];
}

/** Every state from the start to after the last move; each move is re-checked by the engine. */
export function replayMoves<S, St, V, E extends GameEvent = GameEvent>(
  game: GameModule<S, St, V, E>,
  settings: S,
  seed: string,
  moves: readonly string[],
): Result<Replayed<St, E>> {
  const start = game.setup(settings, seed);
  if (!start.ok) return start;
  const replayed = playRecordedMoves(game, start.value, moves);
  if (!replayed.ok) return replayed;
  const played = replayed.value.played;
  return ok({
    states: [start.value, ...played.map((p) => p.state)],
    events: played.map((p) => [...p.events]),
  });
}
