/**
 * Lesson progress on the account (server: `/api/account/lessons`): when an account is signed in, and after
 * each lesson done, the browser sends the lessons it has done and keeps the union the server answers, so
 * progress made on one device shows on the others. Guests keep theirs in the browser only.
 */
import type { LessonProgressBody, Me } from '@attila/protocol';
import { call } from '../net/api.js';
import { loadProgress, mergeDone } from './progress.js';

/** The event a screen showing progress listens for: the account's lessons have just been merged in. */
export const PROGRESS_SYNCED = 'attila-lessons-synced';

export async function syncLessonProgress(me: Me | null): Promise<void> {
  if (me?.kind !== 'account') return;
  const r = await call<LessonProgressBody>('POST', '/api/account/lessons', { done: loadProgress().done });
  if (!r.ok) return;
  mergeDone(r.value.done);
  globalThis.dispatchEvent?.(new Event(PROGRESS_SYNCED));
}
