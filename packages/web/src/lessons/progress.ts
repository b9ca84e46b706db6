/**
 * Lesson progress kept in the browser (`localStorage`), so a reload loses nothing: which lessons are done,
 * and where the player is in each lesson begun (the moves played, replayed through the engine on the way
 * back; a stored lesson the engine refuses is started afresh). Stored text is parsed once, here.
 */
export const PROGRESS_KEY = 'attila.lessons';

export interface LessonPlace {
  /** Index of the task the player is on. */
  readonly task: number;
  /** Every move since the lesson's start, the player's and the answers. */
  readonly moves: readonly string[];
}

export interface LessonProgress {
  /** Ids of the lessons finished at least once. */
  readonly done: readonly string[];
  /** Lessons begun, by id. */
  readonly places: Readonly<Record<string, LessonPlace>>;
}

export const NO_PROGRESS: LessonProgress = { done: [], places: {} };

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

function parsePlace(v: unknown): LessonPlace | null {
  if (typeof v !== 'object' || v === null) return null;
  const task: unknown = 'task' in v ? v.task : undefined;
  const moves: unknown = 'moves' in v ? v.moves : undefined;
  if (typeof task !== 'number' || !Number.isInteger(task) || task < 0 || !isStringList(moves)) return null;
  return { task, moves };
}

/** Reads stored text; anything unreadable counts as no progress (a bad entry is dropped, not the rest). */
export function parseProgress(text: string | null): LessonProgress {
  if (text === null) return NO_PROGRESS;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return NO_PROGRESS;
  }
  if (typeof raw !== 'object' || raw === null) return NO_PROGRESS;
  const done: unknown = 'done' in raw ? raw.done : undefined;
  const placesRaw: unknown = 'places' in raw ? raw.places : undefined;
  const places: Record<string, LessonPlace> = {};
  if (typeof placesRaw === 'object' && placesRaw !== null) {
    for (const [id, v] of Object.entries(placesRaw)) {
      const place = parsePlace(v);
      if (place) places[id] = place;
    }
  }
  return { done: isStringList(done) ? [...new Set(done)] : [], places };
}

export function loadProgress(): LessonProgress {
  return parseProgress(globalThis.localStorage?.getItem(PROGRESS_KEY) ?? null);
}

function store(p: LessonProgress): LessonProgress {
  globalThis.localStorage?.setItem(PROGRESS_KEY, JSON.stringify(p));
  return p;
}

/** Remembers where the player is in a lesson. */
export function savePlace(id: string, place: LessonPlace): LessonProgress {
  const p = loadProgress();
  return store({ ...p, places: { ...p.places, [id]: place } });
}

/** Marks a lesson done (and forgets its place: it starts afresh next time). */
export function markDone(id: string): LessonProgress {
  const p = loadProgress();
  const { [id]: _, ...places } = p.places;
  return store({ done: p.done.includes(id) ? p.done : [...p.done, id], places });
}

/** Starts a lesson again from its first task. */
export function forgetPlace(id: string): LessonProgress {
  const p = loadProgress();
  const { [id]: _, ...places } = p.places;
  return store({ ...p, places });
}

/** Adds lessons done elsewhere (the account's, after signing in): none done here is forgotten. */
export function mergeDone(ids: readonly string[]): LessonProgress {
  const p = loadProgress();
  const done = [...new Set([...p.done, ...ids])];
  return store({ ...p, done });
}
