/**
 * Events at work for the routes: creating one, joining, withdrawing, and what a viewer sees (the standings
 * from the pure modules, the games, and their own current game with its seat token, derived for their
 * account as challenges do, so any of their browsers can fetch it). The director (director.ts) runs them.
 */
import { randomBytes } from 'node:crypto';
import { err, ok, type Result } from '@attila/core';
import type { CreateEventParsed, EventSummary, EventView } from '@attila/protocol/events';
import { speedOfTable } from '../storage/ratings.js';
import type { StoredPlayer } from '../storage/accounts.js';
import { UniqueViolation } from '../storage/sql.js';
import type { Storage } from '../storage/types.js';
import { seatPlayerOf } from '../seat-players.js';
import { newSeed, newTableId } from '../tokens.js';
import { decideCreate, decideJoin, decideWithdraw } from './event-rules.js';
import { EventStore, type StoredEvent } from './event-store.js';
import { EventViewCache, type CachedEventView } from './event-view-cache.js';
import { viewFor, viewTextFor } from './event-view.js';

const NEWCOMER_RATING = 1500;
/** Finished events stay listed this long. */
const LISTED_MS = 7 * 24 * 3600_000;

export interface EventDeps {
  readonly storage: Storage;
  readonly now: () => number;
  readonly seatToken: (table: string, seat: number, playerId: string) => string;
}

export class Events {
  readonly store: EventStore;
  /** Each event's shared view, per change of the event (not per read). */
  private readonly views = new EventViewCache();
  constructor(private readonly d: EventDeps) {
    this.store = new EventStore(d.storage.accounts.sql);
  }

  async create(
    creator: StoredPlayer | null,
    request: CreateEventParsed,
    schedule: string | null = null,
  ): Promise<Result<EventView>> {
    if (creator && creator.nameKey === null)
      return err('event.account', 'creating an event needs an account: sign up (or sign in) first');
    const body = decideCreate(request, this.d.now(), newSeed(), schedule);
    if (!body.ok) return body;
    const event: StoredEvent = {
      id: schedule ? `${schedule}-${request.startsAt}` : newTableId(),
      body: body.value,
      status: 'upcoming',
      createdBy: creator?.id ?? null,
      code: body.value.private ? randomBytes(6).toString('base64url') : null,
      round: 0,
      createdAt: this.d.now(),
      finishedAt: null,
      changes: 0,
    };
    if (!(await this.store.create(event))) return err('event.joined', `the event ${event.id} exists already`);
    return ok(await this.view(event, creator?.id ?? null));
  }

  async list(viewer: string | null): Promise<EventSummary[]> {
    const mine = viewer ? await this.store.eventsOf(viewer) : new Set<string>();
    const counts = await this.store.entryCounts();
    return (await this.store.listed(this.d.now() - LISTED_MS))
      .filter((e) => !e.body.private || e.createdBy === viewer || mine.has(e.id))
      .map((e) => ({
        id: e.id,
        name: e.body.name,
        format: e.body.format,
        status: e.status,
        startsAt: e.body.startsAt,
        endsAt: e.body.endsAt,
        rounds: e.body.rounds,
        round: e.round,
        clock: e.body.clock,
        rated: e.body.rated,
        private: e.body.private,
        entrants: counts.get(e.id) ?? 0,
      }));
  }

  /** An event as `viewer` sees it; a private one only to its creator, its entrants, or with its code. */
  async get(id: string, viewer: string | null, code?: string): Promise<Result<EventView>> {
    const seen = await this.visible(id, viewer, code);
    if (!seen.ok) return seen;
    return ok(viewFor((await this.cached(seen.value)).parts, viewer, this.d.seatToken));
  }

  /**
   * The same as `get`, as the JSON text of its answer (`{"event": ...}`): the shared part's text is made
   * once per change of the event, only `you` and `code` per read (the event page polls this).
   */
  async getText(id: string, viewer: string | null, code?: string): Promise<Result<string>> {
    const seen = await this.visible(id, viewer, code);
    if (!seen.ok) return seen;
    const view = await this.cached(seen.value);
    return ok(`{"event":${viewTextFor(view.parts, view.sharedText, viewer, this.d.seatToken)}}`);
  }

  /** The event's row, if `viewer` may see it. */
  private async visible(id: string, viewer: string | null, code?: string): Promise<Result<StoredEvent>> {
    const event = await this.store.get(id);
    if (!event) return notFound(id);
    if (event.body.private && event.createdBy !== viewer && code !== event.code) {
      const entered = viewer !== null && (await this.store.eventsOf(viewer)).has(id);
      if (!entered) return notFound(id);
    }
    return ok(event);
  }

  async join(player: StoredPlayer, id: string, code: string | undefined): Promise<Result<EventView>> {
    const event = await this.store.get(id);
    if (!event) return notFound(id);
    const speed = speedOfTable(event.body.clock);
    const rating =
      (await this.d.storage.ratings.ratingsOf(player.id)).find(
        (r) => r.game === event.body.game && r.speed === speed,
      )?.rating.rating ?? NEWCOMER_RATING;
    const entries = await this.store.entries(id);
    const decided = decideJoin(
      event,
      entries,
      {
        id: player.id,
        guest: player.nameKey === null,
        bot: (await seatPlayerOf(this.d.storage.accounts.sql, player))?.kind === 'bot-account',
        rating,
        codeMatches: event.code !== null && code === event.code,
      },
      this.d.now(),
    );
    if (!decided.ok) return decided;
    try {
      await this.store.join(id, {
        playerId: player.id,
        name: player.displayName,
        rating,
        joinedAt: this.d.now(),
        fromRound: decided.value.fromRound,
        withdrawnAt: null,
      });
    } catch (e) {
      // Two joins at once: the database's key lets one in.
      if (e instanceof UniqueViolation)
        return err(
          'event.joined',
          'you are in this event already (one entry per account; a withdrawal is final)',
        );
      throw e;
    }
    return ok(await this.view(event, player.id));
  }

  async withdraw(player: StoredPlayer, id: string): Promise<Result<EventView>> {
    const event = await this.store.get(id);
    if (!event) return notFound(id);
    const decided = decideWithdraw(event, await this.store.entries(id), player.id);
    if (!decided.ok) return decided;
    if (!(await this.store.withdraw(id, player.id, this.d.now())))
      return err('event.withdrawn', 'you have withdrawn from this event already');
    return ok(await this.view(event, player.id));
  }

  /** After a write: the event as it is now (the caller's row is from before the write). */
  private async view(event: StoredEvent, viewer: string | null): Promise<EventView> {
    const fresh = (await this.store.get(event.id)) ?? event;
    return viewFor((await this.cached(fresh)).parts, viewer, this.d.seatToken);
  }

  private cached(event: StoredEvent): Promise<CachedEventView> {
    return this.views.view(event, async () => ({
      entries: await this.store.entries(event.id),
      games: await this.store.games(event.id),
    }));
  }
}

function notFound(id: string): Result<never> {
  return err(
    'event.not-found',
    `there is no event "${id}" (or it is private: open it with its invitation code)`,
  );
}
