import { describe, expect, it } from 'vitest';
import { lessonForTopic, LESSONS, nextLesson } from './catalogue.js';
import { NO_PROGRESS, parseProgress } from './progress.js';

describe('lesson progress kept in the browser', () => {
  it('reads what it wrote', () => {
    const p = { done: ['knights-move'], places: { 'knights-place': { task: 1, moves: ['d4', 'a3'] } } };
    expect(parseProgress(JSON.stringify(p))).toEqual(p);
  });

  it('counts unreadable text as no progress, and drops only a bad entry', () => {
    expect(parseProgress(null)).toEqual(NO_PROGRESS);
    expect(parseProgress('{not json')).toEqual(NO_PROGRESS);
    expect(parseProgress('[1,2]')).toEqual(NO_PROGRESS);
    const mixed = {
      done: ['knights-move', 'knights-move'],
      places: { a: { task: -1, moves: [] }, b: { task: 0, moves: [3] }, c: { task: 2, moves: ['x'] } },
    };
    expect(parseProgress(JSON.stringify(mixed))).toEqual({
      done: ['knights-move'],
      places: { c: { task: 2, moves: ['x'] } },
    });
  });
});

describe('the lesson catalogue', () => {
  it('has a lesson for every "?" topic of both games, and ids that are unique', () => {
    for (const topic of [
      'knights.place',
      'knights.pick',
      'knights.scorch',
      'tribes.card',
      'tribes.commit',
    ] as const)
      expect(lessonForTopic(topic), topic).toBeDefined();
    expect(new Set(LESSONS.map((l) => l.id)).size).toBe(LESSONS.length);
  });

  it('leads from one lesson to the next of the same game, not across games', () => {
    expect(nextLesson('knights-move')?.id).toBe('knights-place');
    expect(nextLesson('knights-bot')).toBeUndefined();
    expect(nextLesson('tribes-card')?.id).toBe('tribes-second');
  });
});
