/**
 * Every lesson in order, by game: what the lessons list, the "next lesson" button and the rule help's
 * "Learn this in a lesson" link read. Only data: the engines load with the lesson screen.
 */
import type { GameKind } from '@attila/core';
import type { HelpTopic } from '../ui/help-topic.js';
import { KNIGHTS_LESSONS } from './knights-lessons.js';
import { TRIBES_LESSONS } from './tribes-lessons.js';

export interface LessonEntry {
  readonly id: string;
  readonly game: GameKind;
  readonly topics: readonly HelpTopic[];
}

export const LESSONS: readonly LessonEntry[] = [...KNIGHTS_LESSONS, ...TRIBES_LESSONS];

/** A lesson's text under `lessons.<game>.<name>.<part>` (the id is `<game>-<name>`). */
export function lessonKey(id: string, part: string): string {
  const dash = id.indexOf('-');
  return `lessons.${id.slice(0, dash)}.${id.slice(dash + 1)}.${part}`;
}

/** The first lesson that teaches a rule, for the "?" beside a decision. */
export function lessonForTopic(topic: HelpTopic): LessonEntry | undefined {
  return LESSONS.find((l) => l.topics.includes(topic));
}

/** The lesson after this one in the same game, if any. */
export function nextLesson(id: string): LessonEntry | undefined {
  const i = LESSONS.findIndex((l) => l.id === id);
  const next = i < 0 ? undefined : LESSONS[i + 1];
  return next && next.game === LESSONS[i].game ? next : undefined;
}
