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

export function parseRecordedMove(
  text: string,
  seatsToAct: readonly number[],
): Result<RecordedMove, 'replay.seat'> {
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
  const states: St[] = [start.value];
  const events: E[][] = [];
  let state = start.value;
  for (let i = 0; i < moves.length; i++) {
    const rec = parseRecordedMove(moves[i], game.toAct(state));
    if (!rec.ok) return err(rec.error.code, `move ${i + 1}: ${rec.error.message}`);
    const played = game.play(state, rec.value.seat, rec.value.move);
    if (!played.ok) return err(played.error.code, `move ${i + 1} ("${moves[i]}"): ${played.error.message}`);
    state = played.value.state;
    states.push(state);
    events.push([...played.value.events]);
  }
  return ok({ states, events });
}
