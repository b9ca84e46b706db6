/**
 * The engines' refusals reach a client with their own codes and status 400 (bad input), through the server's
 * typed status map; each engine's union is listed here in full (the compiler checks the list is complete).
 */
import type { CoreErrorCode } from '@attila/core';
import { KNIGHTS_MOVE_ERROR_CODES, type KnightsErrorCode } from '@attila/knights';
import type { NimErrorCode } from '@attila/nim';
import { TRIBES_RULE_CODES, type TribesErrorCode } from '@attila/tribes';
import { describe, expect, it } from 'vitest';
import { HTTP_STATUS, httpStatus } from './errors.js';

type EngineErrorCode = KnightsErrorCode | TribesErrorCode | NimErrorCode | CoreErrorCode;

const ENGINE_CODES: Record<EngineErrorCode, true> = {
  'knights.layout': true,
  'knights.position': true,
  'knights.settings': true,
  'knights.over': true,
  'knights.turn': true,
  'knights.record': true,
  'knights.move.syntax': true,
  'knights.move.square': true,
  'knights.move.game-over': true,
  'knights.move.placing': true,
  'knights.move.moving': true,
  'knights.move.place-taken': true,
  'knights.move.trap': true,
  'knights.move.trap-other': true,
  'knights.move.not-your-knight': true,
  'knights.move.not-a-jump': true,
  'knights.move.land-taken': true,
  'knights.move.scorch-landing': true,
  'knights.move.scorch-taken': true,
  'move.syntax': true,
  'move.game-over': true,
  'move.not-your-turn': true,
  'move.illegal': true,
  'move.step-play': true,
  'move.step-influence': true,
  'move.step-commit': true,
  'move.card-not-in-hand': true,
  'move.supply-empty': true,
  'move.province-closed': true,
  'move.peace-tile': true,
  'move.province-full': true,
  'move.first-marker': true,
  'move.not-adjacent': true,
  'move.discard-not-forced': true,
  'move.commit-absent-tribe': true,
  'move.tile-own-turn': true,
  'move.tile-used': true,
  'move.tile-one-per-turn': true,
  'settings.invalid': true,
  'map.invalid': true,
  'replay.game': true,
  'replay.result': true,
  'nim.settings': true,
  'nim.move': true,
  'nim.turn': true,
  'nim.over': true,
  'record.json': true,
  'record.format': true,
  'record.future-version': true,
  'record.invalid': true,
  'replay.seat': true,
  'rng.state': true,
  'bot.no-move': true,
};

describe('engine error codes over HTTP', () => {
  it('every Knights move refusal has its own code, all listed', () => {
    for (const code of KNIGHTS_MOVE_ERROR_CODES) expect(ENGINE_CODES[code]).toBe(true);
  });

  it('every Tribes rule a refused move breaks has its own code, all listed', () => {
    for (const code of TRIBES_RULE_CODES) expect(ENGINE_CODES[code]).toBe(true);
  });

  it('an engine refusal is bad input (400), except the one code the server shares with Tribes', () => {
    const shared = Object.keys(ENGINE_CODES).filter((code) => Object.hasOwn(HTTP_STATUS, code));
    // Tribes says "not your turn" with the server's own code: the same refusal, the same 409.
    expect(shared).toEqual(['move.not-your-turn']);
    for (const code of Object.keys(ENGINE_CODES)) {
      expect(httpStatus(code), code).toBe(shared.includes(code) ? 409 : 400);
    }
  });
});
