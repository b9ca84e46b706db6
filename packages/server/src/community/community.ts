/**
 * The community's decisions over storage: following, blocking, muting a table's chat, reporting, and what
 * limits a player (a moderator's chat mute or bar from rated play, the leaver rule). Each refusal is a
 * `Result` with a code and a message that says what is allowed; nothing is written on a refusal.
 */
import { err, ok, type Result } from '@attila/core';
import type { CommunityState, Followed, ModerationNotice, ReportRequest } from '@attila/protocol/community';
import type { GameKind } from '@attila/protocol';
import { nameKey } from '../identity/player-names.js';
import type { StoredPlayer } from '../storage/accounts.js';
import type { StoredAction } from '../storage/moderation-store.js';
import type { Storage } from '../storage/types.js';
import { newTableId } from '../tokens.js';
import { leaverBarUntil, LEAVER_WINDOW_MS } from './leavers.js';
import type { Broadcast } from '../broadcast/types.js';
import { ChatFilters, type ChatHidden, type WatchedFilter } from './chat-filters.js';

/** Reports one account may file in a day (a report is read by a person). */
export const REPORTS_PER_DAY = 10;
/** Games of a followed player shown: those being played and the latest finished, this many of each. */
const FOLLOWED_GAMES = 5;
const DAY_MS = 24 * 3600_000;

export const noticeOf = (a: StoredAction): ModerationNotice => ({
  id: a.id,
  action: a.action,
  reason: a.reason,
  by: a.moderator ?? 'the server',
  at: a.createdAt,
  until: a.until,
  table: a.tableId,
});

const when = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');

export class Community {
  /** The players' blocks and table mutes, kept current on their open sockets. */
  private readonly filters: ChatFilters;

  constructor(
    private readonly storage: Storage,
    private readonly now: () => number,
    /** Tells open sockets (of every process) of a block or mute at once; null: from their next hello. */
    broadcast: Broadcast | null = null,
  ) {
    this.filters = new ChatFilters(storage.community, broadcast);
  }

  /** Another account (not deleted) by its name, or `<prefix>.unknown-player`. */
  async accountNamed(name: string, prefix: 'follow' | 'block' | 'report' | 'moderation') {
    const player = await this.storage.accounts.accountByKey(nameKey(name));
    if (!player || player.deletedAt !== null)
      return err(`${prefix}.unknown-player`, `there is no account named "${name}"`);
    return ok(player);
  }

  async follow(me: StoredPlayer, name: string, on: boolean): Promise<Result<void>> {
    const other = await this.accountNamed(name, 'follow');
    if (!other.ok) return other;
    if (other.value.id === me.id)
      return err('follow.self', 'you cannot follow yourself: name another player');
    const { community } = this.storage;
    if (on) {
      if (!(await community.follow(me.id, other.value.id, this.now())))
        return err('follow.already', `you follow "${other.value.displayName}" already`);
    } else if (!(await community.unfollow(me.id, other.value.id)))
      return err('follow.not-following', `you do not follow "${other.value.displayName}": nothing to stop`);
    return ok(undefined);
  }

  async block(me: StoredPlayer, name: string, on: boolean): Promise<Result<void>> {
    const other = await this.accountNamed(name, 'block');
    if (!other.ok) return other;
    if (other.value.id === me.id) return err('block.self', 'you cannot block yourself: name another player');
    const { community } = this.storage;
    if (on) {
      if (!(await community.block(me.id, other.value.id, this.now())))
        return err('block.already', `you have blocked "${other.value.displayName}" already`);
      // Whoever one blocks one no longer follows.
      await community.unfollow(me.id, other.value.id);
    } else if (!(await community.unblock(me.id, other.value.id)))
      return err('block.not-blocked', `you have not blocked "${other.value.displayName}": nothing to undo`);
    // Before the answer: the blocker's open sockets drop the blocked player's lines from now on.
    await this.filters.blocksChanged(me.id);
    return ok(undefined);
  }

  async muteChat(me: StoredPlayer, tableId: string, muted: boolean): Promise<Result<void>> {
    if (!(await this.storage.getTable(tableId)))
      return err('table.not-found', `there is no table "${tableId}"`);
    await this.storage.community.setChatMute(me.id, tableId, muted, this.now());
    this.filters.muteChanged(me.id, tableId, muted);
    return ok(undefined);
  }

  async report(me: StoredPlayer, r: Required<Omit<ReportRequest, 'table'>> & { table?: string }) {
    const other = await this.accountNamed(r.name, 'report');
    if (!other.ok) return other;
    if (other.value.id === me.id) return err('report.self', 'you cannot report yourself');
    const tableId = r.table ?? null;
    if (tableId !== null) {
      const table = await this.storage.getTable(tableId);
      if (!table) return err('report.table-not-found', `there is no game "${tableId}" to attach`);
      if (!table.seats.some((s) => s.player?.id === other.value.id))
        return err(
          'report.not-at-table',
          `"${other.value.displayName}" did not play at table "${tableId}": attach a game they played`,
        );
    }
    const { moderation } = this.storage;
    if (await moderation.openReportExists(me.id, other.value.id, tableId))
      return err(
        'report.duplicate',
        `you reported "${other.value.displayName}" about this already; a moderator will read it`,
      );
    if ((await moderation.reportsFiledSince(me.id, this.now() - DAY_MS)) >= REPORTS_PER_DAY)
      return err('report.too-many', `an account may file at most ${REPORTS_PER_DAY} reports a day`);
    const id = newTableId();
    await moderation.addReport({
      id,
      reporterId: me.id,
      reportedId: other.value.id,
      reason: r.reason,
      note: r.note,
      source: r.from,
      tableId,
      createdAt: this.now(),
    });
    return ok({ id });
  }

  /** Until when the player may not play rated games (a moderator's bar or the leaver rule), or null. */
  async ratedBarredUntil(playerId: string): Promise<{ until: number; by: 'moderator' | 'leaver' } | null> {
    const now = this.now();
    const barred = await this.storage.moderation.inForceUntil(playerId, ['bar-rated'], now);
    const departures = await this.storage.community.ratedDeparturesSince(
      playerId,
      now - 8 * LEAVER_WINDOW_MS,
    );
    const leaver = leaverBarUntil(departures, now);
    if (barred !== null && (leaver === null || barred >= leaver)) return { until: barred, by: 'moderator' };
    return leaver !== null ? { until: leaver, by: 'leaver' } : null;
  }

  /** Whether the player may take a rated seat now (a person's account; see `mayPlayRated` for the rest). */
  async mayPlayRated(playerId: string): Promise<Result<void>> {
    const bar = await this.ratedBarredUntil(playerId);
    if (!bar) return ok(undefined);
    return bar.by === 'moderator'
      ? err(
          'rated.barred',
          `a moderator barred you from rated play until ${when(bar.until)}; casual tables are open`,
        )
      : err(
          'rated.leaver',
          `you left or timed out of too many rated games lately: rated play is open again at ${when(bar.until)} ` +
            '(the leaver rule: from the third departure in 7 days, a day per departure); casual tables are open',
        );
  }

  /** A moderator's chat mute in force: until when, or null. */
  chatMutedUntil(playerId: string): Promise<number | null> {
    return this.storage.moderation.inForceUntil(playerId, ['mute'], this.now());
  }

  async chatAllowed(playerId: string): Promise<Result<void>> {
    const until = await this.chatMutedUntil(playerId);
    return until === null
      ? ok(undefined)
      : err('chat.muted', `a moderator muted your chat until ${when(until)}; you may still play`);
  }

  /** Whose chat lines a player's socket does not get at this table, now and as it changes (ws.ts). */
  watchChatHidden(
    playerId: string,
    tableId: string,
    heard: (hidden: ChatHidden) => void,
  ): Promise<WatchedFilter> {
    return this.filters.watch(playerId, tableId, heard);
  }

  /** Whether either of the two blocked the other (challenges refuse, pools keep them apart). */
  eitherBlocked(a: string, b: string): Promise<boolean> {
    return this.storage.community.eitherBlocked(a, b);
  }

  async state(me: StoredPlayer): Promise<CommunityState> {
    const { community, moderation } = this.storage;
    const following: Followed[] = [];
    for (const p of await community.following(me.id)) {
      const games = (await community.gamesOf(p.id, FOLLOWED_GAMES)).map((g) => ({
        ...g,
        game: g.game as GameKind,
      }));
      following.push({ name: p.name, playing: games.some((g) => g.status === 'playing'), games });
    }
    const bar = await this.ratedBarredUntil(me.id);
    return {
      following,
      blocked: (await community.blocked(me.id)).map((p) => p.name),
      notices: (await moderation.actionsAbout(me.id, 50)).map(noticeOf),
      mutedTables: await community.mutedTables(me.id),
      ratedBarredUntil: bar?.until ?? null,
      chatMutedUntil: await this.chatMutedUntil(me.id),
    };
  }
}
