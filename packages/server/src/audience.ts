/**
 * What the watchers of a table get, and who they are in this process. Each audience (each seat, the
 * spectators) gets its own text: its own view and legal moves. With every socket in this process, texts are
 * only prepared for audiences that someone hears; with several processes, for all of them.
 */
import type { GameEvent, Viewer } from '@attila/core';
import type { Broadcast } from './broadcast/types.js';
import { clockInfo } from './clock.js';
import type { AnyGame } from './games.js';
import type { ServerMessage, Snapshot, TableInfo } from '@attila/protocol';
import type { StoredTable } from './storage/types.js';

/** A game at one moment, as its watchers are shown it. */
export interface GameNow {
  readonly game: AnyGame;
  readonly meta: StoredTable;
  readonly state: unknown;
  readonly seq: number;
  readonly now: number;
}

export function tableInfo(m: StoredTable, seq: number, connected: readonly number[]): TableInfo {
  return {
    id: m.id,
    game: m.game,
    settings: m.settings,
    rulesVersion: m.rulesVersion,
    playerCount: m.seats.length,
    listed: m.listed,
    status: m.status,
    seats: m.seats.map((s) => ({
      seat: s.seat,
      name: s.name,
      kind: s.kind,
      bot: s.bot,
      controller: s.controller,
      connected: connected[s.seat],
    })),
    clock: m.clockSettings,
    takeover: m.takeover,
    seq,
    result: m.result,
    createdAt: m.createdAt,
  };
}

function toActNow(g: GameNow): readonly number[] {
  return g.meta.status === 'playing' ? g.game.toAct(g.state) : [];
}

export function snapshotOf(g: GameNow, seat: number | null): Snapshot {
  const viewer: Viewer = seat === null ? 'spectator' : { seat };
  const toAct = toActNow(g);
  return {
    seq: g.seq,
    view: g.game.view(g.state, viewer),
    toAct,
    legalMoves: seat !== null && toAct.includes(seat) ? g.game.legalMoves(g.state, seat) : [],
    clock: g.meta.clockSettings && g.meta.clock ? clockInfo(g.meta.clockSettings, g.meta.clock, g.now) : null,
    result: g.meta.result,
  };
}

/**
 * The update after a move, one text per audience. Only the view and the legal moves differ between
 * audiences, so the rest is serialized once (this runs for every move of every game).
 */
export function updateTexts(
  g: GameNow,
  seat: number,
  events: readonly GameEvent[],
): (viewer: number | null) => string {
  const { game, state, seq } = g;
  // Built on the first audience asked for, so a game nobody watches here costs nothing more per move.
  let frame: { head: string; tail: string; toAct: readonly number[] } | null = null;
  let shared: string | null = null;
  const viewText = (viewer: number | null): string => {
    if (!game.sameViewForEveryone) {
      return JSON.stringify(game.view(state, viewer === null ? 'spectator' : { seat: viewer }));
    }
    return (shared ??= JSON.stringify(game.view(state, 'spectator')));
  };
  return (viewer) => {
    if (!frame) {
      const toAct = toActNow(g);
      const clock =
        g.meta.clockSettings && g.meta.clock ? clockInfo(g.meta.clockSettings, g.meta.clock, g.now) : null;
      frame = {
        head: `{"type":"update","seq":${seq},"seat":${seat},"events":${JSON.stringify(events)},"snapshot":{"seq":${seq},"view":`,
        tail: `,"toAct":${JSON.stringify(toAct)},"clock":${JSON.stringify(clock)},"result":${JSON.stringify(g.meta.result)}}}`,
        toAct,
      };
    }
    const legal = viewer !== null && frame.toAct.includes(viewer) ? game.legalMoves(state, viewer) : [];
    return `${frame.head}${viewText(viewer)},"legalMoves":${JSON.stringify(legal)}${frame.tail}`;
  };
}

/** The sockets of this process watching one table, by audience, and the table's way to reach everyone. */
export class Audience {
  /** Sockets per seat in this process. */
  readonly connected: number[];
  private spectators = 0;
  /** When the table last had no socket (for evicting finished tables from memory). */
  idleSince: number;

  constructor(
    private readonly table: string,
    seats: number,
    private readonly broadcast: Broadcast,
    now: number,
  ) {
    this.connected = Array.from({ length: seats }, () => 0);
    this.idleSince = now;
  }

  isIdle(): boolean {
    return this.spectators === 0 && this.connected.every((n) => n === 0);
  }

  /** True when the seat had no socket before (others are told it is connected now). */
  attach(seat: number | null): boolean {
    if (seat === null) {
      this.spectators++;
      return false;
    }
    return ++this.connected[seat] === 1;
  }

  /** True when the seat has no socket left (others are told). */
  detach(seat: number | null, now: number): boolean {
    let gone = false;
    if (seat === null) this.spectators = Math.max(0, this.spectators - 1);
    else {
      this.connected[seat] = Math.max(0, this.connected[seat] - 1);
      gone = this.connected[seat] === 0;
    }
    if (this.isIdle()) this.idleSince = now;
    return gone;
  }

  /** One text per audience, prepared only for audiences that can hear it; the game or its seats changed. */
  publish(text: (seat: number | null) => string, seq?: number): void {
    const everyone = !this.broadcast.local;
    if (!everyone && this.isIdle()) return;
    this.broadcast.publish({
      table: this.table,
      changed: true,
      seq,
      seats: this.connected.map((n, seat) => (everyone || n ? text(seat) : null)),
      spectator: everyone || this.spectators ? text(null) : undefined,
    });
  }

  /** The same message for everyone (chat, who is connected). */
  publishAll(message: ServerMessage): void {
    this.broadcast.publish({ table: this.table, all: JSON.stringify(message) });
  }
}
