import { Rng, unwrap } from '@attila/core';
import { describe, expect, it } from 'vitest';
import { tribesGame } from './game.js';
import type { TribesEvent } from './events.js';
import { describeEvent, renderView } from './text.js';
import { newGame, setHand } from './testkit.js';

/** The fields each event may carry: public information only. */
const ALLOWED: Record<string, string[]> = {
  'turn-started': ['seat', 'turn'],
  'card-played': ['seat', 'tribe'],
  'marker-placed': ['seat', 'tribe', 'province', 'markers', 'second'],
  influence: ['seat', 'tribe', 'from', 'to', 'by'],
  'conflict-started': ['province', 'markers'],
  'cards-committed': ['seat', 'count'],
  'cards-revealed': ['province', 'cards', 'strengths'],
  'tribe-removed': ['province', 'tribe', 'markers'],
  'peace-placed': ['province', 'century'],
  'century-scored': ['century', 'final', 'points', 'byTribe', 'scores', 'breakdown'],
  'tile-used': ['seat', 'tile', 'discarded', 'tracks'],
  'forced-discard': ['seat', 'hand', 'tribe'],
  'hand-empty': ['seat'],
  'cards-drawn': ['seat', 'count'],
  reshuffled: ['cards'],
  'turn-ended': ['seat'],
  'game-over': ['reason', 'scores', 'winners'],
};

function randomGameEvents(players: number, seed: string): TribesEvent[] {
  const settings = unwrap(tribesGame.parseSettings({ players }));
  let state = unwrap(tribesGame.setup(settings, seed));
  const rng = Rng.fromSeed(seed);
  const events: TribesEvent[] = [];
  while (!state.over) {
    const seat = tribesGame.toAct(state)[0];
    const played = unwrap(tribesGame.play(state, seat, rng.pick(tribesGame.legalMoves(state, seat))));
    state = played.state;
    events.push(...played.events);
  }
  return events;
}

describe('events', () => {
  it(
    'carry only public information: commitments and draws as counts, no hidden card anywhere',
    { tags: ['slow'] },
    () => {
      const seen = new Set<string>();
      for (let g = 0; g < 30; g++) {
        for (const e of randomGameEvents(2 + (g % 4), `ev${g}`)) {
          seen.add(e.type);
          const allowed = ALLOWED[e.type];
          expect(allowed, `unknown event ${e.type}`).toBeDefined();
          for (const key of Object.keys(e)) if (key !== 'type') expect(allowed).toContain(key);
          // Every event has a line of text except the end of a turn, which the draw line already shows.
          if (e.type !== 'turn-ended') expect(describeEvent(e)).toBeTypeOf('string');
        }
      }
      for (const type of [
        'card-played',
        'cards-committed',
        'cards-revealed',
        'century-scored',
        'game-over',
      ]) {
        expect(seen).toContain(type);
      }
    },
  );

  it('the board summary shows the viewer its own hand and nobody else', () => {
    const s = newGame(3);
    setHand(s, 0, ['Franks', 'Franks']);
    setHand(s, 1, ['Vandals', 'Vandals', 'Vandals']);
    const mine = renderView(tribesGame.view(s, { seat: 0 }), s.map);
    expect(mine).toMatch(/your hand \(seat 0\): Franks 2/);
    expect(mine).not.toMatch(/Vandals 3/);
    expect(renderView(tribesGame.view(s, 'spectator'), s.map)).not.toMatch(/your hand/);
  });
});
