/**
 * Each event's shared view (event-view.ts), built once per change of the event rather than once per read:
 * the event page polls every 2 s per player, and building it reads every entry and game and works out
 * every standing (at 1,000 players that was half the server's main thread). The key is the event row's
 * `changes`, which every write to the event counts (event-store.ts) in whichever process makes it, so a
 * view cached here goes stale when another server process's director pairs or records a game, not only
 * when this one does. The caller reads the event row (it needs it anyway, for the private check) and
 * passes it in; the rows loaded after it are at least that new, never older.
 */
import type { StoredEntry, StoredEvent, StoredEventGame } from './event-store.js';
import { eventViewParts, type EventViewParts } from './event-view.js';

/** Events kept (the least recently read go first): the ones being watched are few at a time. */
const KEPT_EVENTS = 64;

export interface EventRows {
  readonly entries: readonly StoredEntry[];
  readonly games: readonly StoredEventGame[];
}

/** One event's view at one count of changes; its JSON text is made on first need, once. */
export class CachedEventView {
  private text: string | undefined;
  constructor(readonly parts: EventViewParts) {}
  get sharedText(): string {
    return (this.text ??= JSON.stringify(this.parts.shared));
  }
}

interface Kept {
  readonly changes: number;
  /** A promise, so the reads arriving together while it is built wait for the one build. */
  readonly view: Promise<CachedEventView>;
}

export class EventViewCache {
  private readonly kept = new Map<string, Kept>();

  /** The view of `event` as of its `changes` (or newer), building it from `load` only when stale. */
  async view(event: StoredEvent, load: () => Promise<EventRows>): Promise<CachedEventView> {
    const kept = this.kept.get(event.id);
    // Newer than the caller's row (a read that started before the latest change) is as good: its rows
    // are newer still.
    if (kept && kept.changes >= event.changes) {
      this.kept.delete(event.id);
      this.kept.set(event.id, kept);
      return kept.view;
    }
    const view = load().then(
      ({ entries, games }) => new CachedEventView(eventViewParts(event, entries, games)),
    );
    this.kept.delete(event.id);
    this.kept.set(event.id, { changes: event.changes, view });
    // A failed load is not kept: the next read tries again.
    view.catch(() => {
      if (this.kept.get(event.id)?.view === view) this.kept.delete(event.id);
    });
    if (this.kept.size > KEPT_EVENTS) this.kept.delete(this.kept.keys().next().value!);
    return view;
  }
}
