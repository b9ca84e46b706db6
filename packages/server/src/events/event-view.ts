/**
 * What a viewer sees of an event, in two parts. The shared part (the event, its standings, its games) is
 * the same for every viewer: it depends on the event's rows only, so it is built once per change of the
 * event (event-view-cache.ts) instead of once per read. The personal part (`you`, with the seat token
 * derived for the viewer's account, and the invitation `code` for the creator) is made per viewer, and is
 * never kept in the shared part: a viewer's token must not reach anyone else.
 */
import type { EventView } from '@attila/protocol/events';
import type { StoredEntry, StoredEvent, StoredEventGame } from './event-store.js';
import { roundEndsAt } from './round-deadline.js';
import { standingsOf } from './standings.js';

/** The most recent games an event's page shows besides those under way. */
const RECENT_GAMES = 40;

export type SharedEventView = Omit<EventView, 'you' | 'code'>;
type You = EventView['you'];

/** What the personal part needs of one entrant: looked up per read instead of searched for. */
interface Entrant {
  readonly withdrawn: boolean;
}
interface CurrentSeat {
  readonly tableId: string;
  readonly seat: number;
}

/** The shared part, and the index the personal part reads (both built from the same rows). */
export interface EventViewParts {
  readonly event: StoredEvent;
  readonly shared: SharedEventView;
  readonly entrants: ReadonlyMap<string, Entrant>;
  /** Each player's game under way at a table (their latest, if ever more than one). */
  readonly currentSeats: ReadonlyMap<string, CurrentSeat>;
}

export function eventViewParts(
  event: StoredEvent,
  entries: readonly StoredEntry[],
  games: readonly StoredEventGame[],
): EventViewParts {
  const name = new Map(entries.map((e) => [e.playerId, e.name]));
  const shown = [
    ...games.filter((g) => !g.over || (event.body.format !== 'arena' && g.round === event.round)),
    ...games.filter((g) => g.over).slice(-RECENT_GAMES),
  ].filter((g, i, all) => all.indexOf(g) === i);
  const shared: SharedEventView = {
    id: event.id,
    name: event.body.name,
    format: event.body.format,
    game: event.body.game,
    status: event.status,
    startsAt: event.body.startsAt,
    endsAt: event.body.endsAt,
    rounds: event.body.rounds,
    round: event.round,
    roundDays: event.body.roundDays ?? null,
    roundEndsAt: roundEndsAt(event, games),
    clock: event.body.clock,
    rated: event.body.rated,
    private: event.body.private,
    minRating: event.body.minRating,
    maxRating: event.body.maxRating,
    createdBy: event.createdBy,
    entrants: entries.filter((e) => e.withdrawnAt === null).length,
    standings: standingsOf(event, entries, games),
    games: shown.map((g) => ({
      ordinal: g.ordinal,
      round: g.round,
      table: g.tableId,
      players: g.players,
      names: g.players.map((p) => (p === null ? 'bot' : (name.get(p) ?? p))),
      over: g.over,
      places: g.places,
    })),
  };
  const entrants = new Map<string, Entrant>();
  for (const e of entries)
    if (!entrants.has(e.playerId)) entrants.set(e.playerId, { withdrawn: e.withdrawnAt !== null });
  // In the games' order, so a later game under way replaces an earlier one: the latest is the current.
  const currentSeats = new Map<string, CurrentSeat>();
  for (const g of games) {
    if (g.tableId === null || g.over) continue;
    g.players.forEach((p, seat) => {
      if (p !== null && g.players.indexOf(p) === seat) currentSeats.set(p, { tableId: g.tableId!, seat });
    });
  }
  return { event, shared, entrants, currentSeats };
}

export type SeatToken = (table: string, seat: number, playerId: string) => string;

/** The viewer's own part: their entry, their game under way and its seat token (none for a spectator). */
export function youOf(parts: EventViewParts, viewer: string | null, seatToken: SeatToken): You {
  if (viewer === null) return null;
  const entrant = parts.entrants.get(viewer);
  if (!entrant) return { entered: false, withdrawn: false, table: null, seat: null, token: null };
  const current = parts.currentSeats.get(viewer);
  return {
    entered: true,
    withdrawn: entrant.withdrawn,
    table: current?.tableId ?? null,
    seat: current?.seat ?? null,
    token: current ? seatToken(current.tableId, current.seat, viewer) : null,
  };
}

/** The invitation code, to the event's creator only. */
export function codeFor(event: StoredEvent, viewer: string | null): string | null {
  return viewer !== null && event.createdBy === viewer ? event.code : null;
}

/** The whole view for one viewer (the order of its keys is the order of the answer's JSON). */
export function viewFor(parts: EventViewParts, viewer: string | null, seatToken: SeatToken): EventView {
  return { ...parts.shared, you: youOf(parts, viewer, seatToken), code: codeFor(parts.event, viewer) };
}

/**
 * The same view as JSON text, from the shared part's text made once: the shared keys, then `you` and
 * `code`, exactly as `JSON.stringify(viewFor(...))` writes them.
 */
export function viewTextFor(
  parts: EventViewParts,
  sharedText: string,
  viewer: string | null,
  seatToken: SeatToken,
): string {
  const you = JSON.stringify(youOf(parts, viewer, seatToken));
  const code = JSON.stringify(codeFor(parts.event, viewer));
  return `${sharedText.slice(0, -1)},"you":${you},"code":${code}}`;
}
