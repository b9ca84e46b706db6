import { parseRecord, replayMoves, Rng, serializeRecord, unwrap } from '@attila/core';
import { describe, expect, it } from 'vitest';
import { knightsGame, type KnightsState } from './game.js';
import { Position } from './position.js';
import { PRESET_LAYOUTS } from './presets.js';
import { knightsRecord, replayKnightsRecord } from './record.js';

const players = [
  { name: 'Aetius', kind: 'human' as const },
  { name: 'Attila', kind: 'bot' as const, bot: 'random' },
];

function randomGame(
  layout: string,
  first: 'R' | 'H',
  seed: string,
): { state: KnightsState; moves: string[] } {
  const settings = unwrap(knightsGame.parseSettings({ layout, first }));
  let state = unwrap(knightsGame.setup(settings, ''));
  const rng = Rng.fromSeed(seed);
  const moves: string[] = [];
  while (knightsGame.result(state) === null) {
    const [seat] = knightsGame.toAct(state);
    const move = rng.pick(knightsGame.legalMoves(state, seat));
    state = unwrap(knightsGame.play(state, seat, move)).state;
    moves.push(move);
  }
  return { state, moves };
}

describe('settings', () => {
  it('default to the standard board with the Romans first', () => {
    const s = unwrap(knightsGame.parseSettings({}));
    expect(knightsGame.settingsToJson(s)).toEqual({ layout: 'standard', first: 'R' });
    expect(unwrap(knightsGame.parseSettings(undefined)).layout.shape).toBe('...../...../...../.....');
  });

  it('accept a preset name, a shape string or tile placements, and round-trip', () => {
    for (const layout of ['cross', '........../..........', 'L@a1:h, S@d1, L@a3:h, S@d3']) {
      const s = unwrap(knightsGame.parseSettings({ layout, first: 'H' }));
      const again = unwrap(knightsGame.parseSettings(knightsGame.settingsToJson(s)));
      expect(again.layout).toBe(s.layout);
      expect(again.first).toBe('H');
    }
  });

  it('refuse bad settings, saying what is allowed', () => {
    const bad = (raw: unknown) => {
      const r = knightsGame.parseSettings(raw);
      expect(r.ok).toBe(false);
      return r.ok ? '' : `${r.error.code}: ${r.error.message}`;
    };
    expect(bad({ first: 'X' })).toMatch(/knights.settings: "first" is "R" \(Romans\) or "H" \(Huns\)/);
    expect(bad({ layout: 'moon' })).toMatch(/bad layout: "moon" is not a layout: give a preset name/);
    expect(bad({ layout: 'L@a1:h, S@c1, L@a3:h, S@d3' })).toMatch(/overlap/);
    expect(bad({ layout: 5 })).toMatch(/"layout" is a string/);
    expect(bad({ players: 3 })).toMatch(/unknown setting "players"/);
    expect(bad([1])).toMatch(/settings are/);
  });
});

describe('the GameModule', () => {
  const settings = unwrap(knightsGame.parseSettings({ layout: 'standard', first: 'H' }));
  const start = unwrap(knightsGame.setup(settings, 'any seed'));

  it('seat 0 plays the Romans, seat 1 the Huns; only the side to move acts', () => {
    expect(knightsGame.playerCount(settings)).toBe(2);
    expect(knightsGame.toAct(start)).toEqual([1]);
    expect(knightsGame.legalMoves(start, 0)).toEqual([]);
    expect(knightsGame.legalMoves(start, 1)).toHaveLength(20);
    const r = knightsGame.play(start, 0, 'a1');
    expect(!r.ok && r.error.code).toBe('knights.turn');
    expect(!r.ok && r.error.message).toMatch(/it is the Huns' turn \(seat 1\), not seat 0's/);
  });

  it('a refused move changes nothing and says why', () => {
    const r = knightsGame.play(start, 1, 'z9');
    expect(!r.ok && r.error.message).toMatch(/z9 is not a square of this board/);
    expect(knightsGame.view(start, 'spectator').position).toBe('...../...../...../..... H');
  });

  it('events: placed, moved (from, to, scorch), game-over (winner, reason)', () => {
    let state = start;
    const placed = unwrap(knightsGame.play(state, 1, 'a1'));
    expect(placed.events).toEqual([{ type: 'placed', side: 'H', square: 'a1' }]);
    state = placed.state;
    for (const [seat, sq] of [
      [0, 'e4'],
      [1, 'c2'],
      [0, 'b4'],
      [1, 'e1'],
      [0, 'a3'],
    ] as const)
      state = unwrap(knightsGame.play(state, seat, sq)).state;
    const moved = unwrap(knightsGame.play(state, 1, 'c2-d4,c2'));
    expect(moved.events).toEqual([{ type: 'moved', side: 'H', from: 'c2', to: 'd4', scorch: 'c2' }]);
    const ending: KnightsState = {
      settings,
      position: unwrap(Position.parse('R#H#H/.####/#####/R#H#R H')),
      lastMove: null,
      plies: 12,
    };
    expect(unwrap(knightsGame.play(ending, 1, 'c4-a3,c4')).events).toEqual([
      { type: 'moved', side: 'H', from: 'c4', to: 'a3', scorch: 'c4' },
      { type: 'game-over', winner: 'H', reason: 'the Romans cannot move any knight' },
    ]);
  });

  it('the view holds everything a board needs, the same for every viewer', () => {
    const state = unwrap(knightsGame.play(start, 1, 'c2')).state;
    const v = knightsGame.view(state, { seat: 0 });
    expect(knightsGame.view(state, { seat: 1 })).toEqual(v);
    expect(knightsGame.view(state, 'spectator')).toEqual(v);
    // Perfect information, so a server may build one view for every audience.
    expect(knightsGame.sameViewForEveryone).toBe(true);
    expect(knightsGame.legalMoves(state, 0)).toEqual(state.position.legalMoves());
    expect(v.position).toBe('...../...../..H../..... R');
    expect(v.layout).toMatchObject({ shape: '...../...../...../.....', rows: 4, cols: 5 });
    expect(v.layout.tiles).toHaveLength(4);
    expect(v.knights).toEqual([{ side: 'H', square: 'c2' }]);
    expect(v.scorched).toEqual([]);
    expect(v.sideToMove).toBe('R');
    expect(v.seatToMove).toBe(0);
    expect(v.phase).toBe('placement');
    expect(v.lastMove).toBe('c2');
    expect(v.winner).toBe(null);
    expect(JSON.parse(JSON.stringify(v))).toEqual(v);
  });

  it(
    'every game on every preset ends with a winner (no draws) within 6 placements and 14 turns',
    { tags: ['slow'] },
    () => {
      for (const { name } of PRESET_LAYOUTS) {
        for (const first of ['R', 'H'] as const) {
          const { state, moves } = randomGame(name, first, `${name}-${first}`);
          const result = knightsGame.result(state)!;
          expect(result.winners).toHaveLength(1);
          expect(moves.length).toBeGreaterThan(6);
          expect(moves.length).toBeLessThanOrEqual(20);
          const view = knightsGame.view(state, 'spectator');
          expect(view.phase).toBe('over');
          expect(view.seatToMove).toBe(null);
          expect(knightsGame.legalMoves(state, 0)).toEqual([]);
          expect(knightsGame.legalMoves(state, 1)).toEqual([]);
          expect(knightsGame.toAct(state)).toEqual([]);
          expect(view.winner).toBe(result.winners[0] === 0 ? 'R' : 'H');
          expect(result.reason).toMatch(/the (Romans|Huns) cannot move any knight/);
          const after = knightsGame.play(state, 0, moves[0]);
          expect(!after.ok && after.error.code).toBe('knights.over');
        }
      }
    },
  );
});

describe('game records', () => {
  it('a finished game makes a record that survives serialising and replays move by move', () => {
    const settings = unwrap(knightsGame.parseSettings({ layout: 'tee', first: 'H' }));
    const { moves, state } = randomGame('tee', 'H', 'record');
    const record = unwrap(knightsRecord({ id: 'game-1', settings, moves, players }));
    expect(record.game).toBe('knights');
    expect(record.settings).toEqual({ layout: 'tee', first: 'H' });
    expect(record.result).toEqual(knightsGame.result(state));
    const back = unwrap(parseRecord(serializeRecord(record)));
    const replay = unwrap(replayKnightsRecord(back));
    expect(replay.states).toHaveLength(moves.length + 1);
    expect(replay.states[moves.length].position.toString()).toBe(state.position.toString());
    expect(
      unwrap(replayMoves(knightsGame, settings, '', moves))
        .events.flat()
        .at(-1)?.type,
    ).toBe('game-over');
  });

  it('a tampered record (an illegal move) is refused with the move number', () => {
    const settings = unwrap(knightsGame.parseSettings({}));
    const { moves } = randomGame('standard', 'R', 'tamper');
    const record = unwrap(knightsRecord({ id: 'game-2', settings, moves, players }));
    expect(moves.length).toBeGreaterThan(8);
    // Move 9 is a turn; scorching the square the knight lands on is illegal.
    const landing = moves[8].split('-')[1].split(',')[0];
    const bad = moves[8].replace(/,.*$/, `,${landing}`);
    const tampered = { ...record, moves: [...moves.slice(0, 8), bad, ...moves.slice(9)] };
    const r = replayKnightsRecord(tampered);
    expect(!r.ok && r.error.message).toBe(
      `move 9 ("${bad}"): ${landing} cannot be scorched: the knight has just landed there`,
    );
    const early = replayKnightsRecord({ ...record, moves: ['a1', 'a1', ...moves.slice(2)] });
    expect(!early.ok && early.error.message).toMatch(/^move 2 \("a1"\): a1 holds a Roman knight/);
    expect(knightsRecord({ id: 'x', settings, moves: ['a1', 'a1'], players }).ok).toBe(false);
  });

  it('a record whose result disagrees with its moves is refused', () => {
    const settings = unwrap(knightsGame.parseSettings({}));
    const { moves } = randomGame('standard', 'R', 'lie');
    const record = unwrap(knightsRecord({ id: 'game-3', settings, moves, players }));
    const lie = { ...record, result: { winners: [1 - record.result!.winners[0]] } };
    const r = replayKnightsRecord(lie);
    expect(!r.ok && r.error.message).toMatch(/the record says the winners are/);
  });
});
