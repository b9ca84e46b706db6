/**
 * The wire form of every server message, produced here and nowhere else. Each kind has a typed builder;
 * `encode` turns any message into its text. The update, sent for every move to every audience, has a fast
 * encoder (`updateTexts`) that serializes the parts shared by all audiences once; wire.test.ts proves its
 * text is exactly `encode` of the typed message.
 */
import type { GameEvent, Viewer } from '@attila/core';
import type {
  ChatMessage,
  MoveNotice,
  SeatHolderKind,
  ServerMessage,
  Snapshot,
  TableInfo,
} from '@attila/protocol';
import { clockInfo } from './clock.js';
import type { AnyGame } from './games.js';
import { playOf, type StoredSeat, type StoredTable } from './storage/types.js';

/** A game at one moment, as its watchers are shown it. */
export interface GameNow {
  readonly game: AnyGame;
  readonly meta: StoredTable;
  readonly state: unknown;
  readonly seq: number;
  readonly now: number;
}

export type Message<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

/** The one encoder: a message's text on the wire. */
export function encode(message: ServerMessage): string {
  return JSON.stringify(message);
}

/** What the table's players may do now besides moving (the table knows; a stored row alone does not). */
export interface TableActions {
  readonly abortable: boolean;
  readonly takebacks: boolean;
}

/** Who holds a seat, as every seat list shows it (the BOT mark): null while nobody does. */
export function holderOf(s: StoredSeat): SeatHolderKind | null {
  if (s.kind === 'bot') return 'bot';
  if (s.tokenHash === null) return null;
  return s.player?.kind ?? 'anonymous';
}

export function tableInfo(
  m: StoredTable,
  seq: number,
  connected: readonly number[],
  actions: TableActions = { abortable: false, takebacks: false },
): TableInfo {
  const play = playOf(m);
  return {
    id: m.id,
    game: m.game,
    settings: m.settings,
    rulesVersion: m.rulesVersion,
    playerCount: m.seats.length,
    listed: m.listed,
    rated: m.rated ?? false,
    status: m.status,
    seats: m.seats.map((s) => ({
      seat: s.seat,
      name: s.name,
      kind: s.kind,
      holder: holderOf(s),
      bot: s.bot,
      controller: s.controller,
      connected: connected[s.seat],
    })),
    clock: m.clockSettings,
    takeover: m.takeover,
    seq,
    line: play.line,
    ...actions,
    play: {
      takeback: play.takeback,
      noTakebacks: play.noTakebacks,
      resigned: play.resigned,
      rematch: play.rematch,
    },
    result: m.result,
    createdAt: m.createdAt,
  };
}

function toActNow(g: GameNow): readonly number[] {
  return g.meta.status === 'playing' ? g.game.toAct(g.state) : [];
}

function clockNow(g: GameNow) {
  return g.meta.clockSettings && g.meta.clock ? clockInfo(g.meta.clockSettings, g.meta.clock, g.now) : null;
}

/** The game as `seat` (null: a spectator) may see it: the engine's view for that viewer only. */
export function snapshotOf(g: GameNow, seat: number | null): Snapshot {
  const viewer: Viewer = seat === null ? 'spectator' : { seat };
  const toAct = toActNow(g);
  return {
    seq: g.seq,
    view: g.game.view(g.state, viewer),
    toAct,
    legalMoves: seat !== null && toAct.includes(seat) ? g.game.legalMoves(g.state, seat) : [],
    clock: clockNow(g),
    result: g.meta.result,
  };
}

export function welcomeMessage(
  g: GameNow,
  info: TableInfo,
  seat: number | null,
  missed: readonly MoveNotice[] | null,
  chat: readonly ChatMessage[],
): Message<'welcome'> {
  return {
    type: 'welcome',
    table: info,
    seat,
    missed,
    snapshot: snapshotOf(g, seat),
    chat,
    serverTime: g.now,
  };
}

/** The table's news; `g` null when only who is connected changed (no snapshot). */
export function tableMessage(info: TableInfo, g: GameNow | null, seat: number | null): Message<'table'> {
  return { type: 'table', table: info, snapshot: g ? snapshotOf(g, seat) : null };
}

export function updateMessage(
  g: GameNow,
  seat: number,
  events: readonly GameEvent[],
  viewer: number | null,
): Message<'update'> {
  return { type: 'update', seq: g.seq, seat, events, snapshot: snapshotOf(g, viewer) };
}

export const chatMessage = (message: ChatMessage): Message<'chat'> => ({ type: 'chat', message });
export const ackMessage = (ref: string | null, seq: number): Message<'ack'> => ({ type: 'ack', ref, seq });
export const errorMessage = (code: string, message: string, ref: string | null): Message<'error'> => ({
  type: 'error',
  code,
  message,
  ref,
});
export const pongMessage = (ref: string | null, serverTime: number): Message<'pong'> => ({
  type: 'pong',
  ref,
  serverTime,
});

const viewerOf = (seat: number | null): Viewer => (seat === null ? 'spectator' : { seat });

/**
 * `JSON.stringify(view)`, with each of its fields that is an object serialized once per `fragments`: the
 * views of one update share the objects every audience sees alike (`GameModule.views`), and this is where
 * that saves the work. The text is exactly `JSON.stringify`'s (wire.test.ts).
 */
export function viewJson(view: unknown, fragments: Map<object, string>): string {
  if (typeof view !== 'object' || view === null || Array.isArray(view)) return JSON.stringify(view);
  const proto = Object.getPrototypeOf(view) as unknown;
  if ((proto !== Object.prototype && proto !== null) || 'toJSON' in view) return JSON.stringify(view);
  const fields = view as Record<string, unknown>;
  let text = '';
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    let json: string | undefined;
    if (typeof value === 'object' && value !== null) {
      json = fragments.get(value);
      if (json === undefined) {
        json = JSON.stringify(value) as string | undefined;
        if (json !== undefined) fragments.set(value, json);
      }
    } else json = JSON.stringify(value) as string | undefined;
    // What JSON.stringify leaves out (undefined, functions) is left out here too.
    if (json === undefined) continue;
    text += `${text ? ',' : ''}${JSON.stringify(key)}:${json}`;
  }
  return `{${text}}`;
}

/**
 * `encode(updateMessage(g, seat, events, viewer))`, one text per audience. Only the view and the legal moves
 * differ between audiences, so the rest is serialized once (this runs for every move of every game), and it
 * is built on the first audience asked for, so a game nobody watches here costs nothing more per move.
 */
export function updateTexts(
  g: GameNow,
  seat: number,
  events: readonly GameEvent[],
): (viewer: number | null) => string {
  const { game, state, seq } = g;
  let frame: { head: string; middle: string; tail: string; toAct: readonly number[] } | null = null;
  let shared: string | null = null;
  // A view per audience (hidden information): built together when the game can (`views`), so what the
  // audiences see alike is serialized once (`viewJson`).
  let views: unknown[] | null = null;
  const fragments = new Map<object, string>();
  const viewText = (viewer: number | null): string => {
    if (game.sameViewForEveryone) return (shared ??= JSON.stringify(game.view(state, 'spectator')));
    if (!game.views) return JSON.stringify(game.view(state, viewerOf(viewer)));
    // Index 0 is the spectators', then one per seat.
    views ??= game.views(state, [null, ...g.meta.seats.map((s) => s.seat)].map(viewerOf));
    return viewJson(views[viewer === null ? 0 : viewer + 1], fragments);
  };
  return (viewer) => {
    if (!frame) {
      const toAct = toActNow(g);
      frame = {
        head: `{"type":"update","seq":${seq},"seat":${seat},"events":${JSON.stringify(events)},"snapshot":{"seq":${seq},"view":`,
        middle: `,"toAct":${JSON.stringify(toAct)},"legalMoves":`,
        tail: `,"clock":${JSON.stringify(clockNow(g))},"result":${JSON.stringify(g.meta.result)}}}`,
        toAct,
      };
    }
    const legal = viewer !== null && frame.toAct.includes(viewer) ? game.legalMoves(state, viewer) : [];
    return `${frame.head}${viewText(viewer)}${frame.middle}${JSON.stringify(legal)}${frame.tail}`;
  };
}
