/**
 * What moderators do (accounts with the `moderator` role, `attila admin grant NAME moderator`): read the
 * queue of reports with each report's game, chat and the reported player's history, and act: warn, mute
 * the player's chat for a time, bar them from rated play for a time, close their account, or take a game
 * out of the ratings. Every action is a logged row (who, whom, what, why) that the player sees among their
 * notices; an action naming a report closes it in the same transaction.
 */
import { err, ok, type Result } from '@attila/core';
import type {
  ModerationActionRequest,
  ModerationMessage,
  ModerationNotice,
  PlayerHistory,
  ReportCase,
  ReportView,
} from '@attila/protocol/community';
import type { GameKind } from '@attila/protocol';
import type { StoredPlayer } from '../storage/accounts.js';
import type { NewAction, StoredReport } from '../storage/moderation-store.js';
import type { Broadcast } from '../broadcast/types.js';
import type { Storage } from '../storage/types.js';
import { newTableId } from '../tokens.js';
import { noticeOf, type Community } from './community.js';

const reportView = (r: StoredReport): ReportView => ({
  id: r.id,
  reporter: r.reporter,
  reported: r.reported,
  reason: r.reason,
  note: r.note,
  from: r.source,
  table: r.tableId,
  at: r.createdAt,
  status: r.status,
});

type ActionInput = Omit<ModerationActionRequest, 'minutes' | 'table' | 'report'> & {
  minutes?: number;
  table?: string;
  report?: string;
};

/** The broadcast channel of one player's notices, heard by their sockets `/ws/me` on every process. */
export const noticeChannel = (playerId: string) => `notices:${playerId}`;

export class Moderation {
  constructor(
    private readonly storage: Storage,
    private readonly community: Community,
    private readonly now: () => number,
    private readonly broadcast: Broadcast | null = null,
  ) {}

  isModerator(playerId: string): Promise<boolean> {
    return this.storage.roles.rolesOf(playerId).then((roles) => roles.includes('moderator'));
  }

  async queue(status: 'open' | 'closed'): Promise<ReportView[]> {
    return (await this.storage.moderation.reports(status, 200)).map(reportView);
  }

  async history(player: StoredPlayer): Promise<PlayerHistory> {
    const { community, moderation } = this.storage;
    const departures = await community.departureCounts(player.id);
    return {
      name: player.displayName,
      games: await community.gamesPlayed(player.id),
      abandoned: departures.left,
      timeouts: departures.timeout,
      sameAddressRated: await community.sameAddressRated(player.id),
      reports: await moderation.reportsAbout(player.id),
    };
  }

  async reportCase(id: string): Promise<Result<ReportCase>> {
    const report = await this.storage.moderation.report(id);
    if (!report) return err('moderation.report-not-found', `there is no report "${id}"`);
    const player = await this.storage.accounts.player(report.reportedId);
    if (!player) return err('moderation.report-not-found', `the player of report "${id}" is gone`);
    const table = report.tableId ? await this.storage.getTable(report.tableId) : null;
    const chat = table ? await this.storage.recentChat(table.id, 200) : [];
    return ok({
      report: reportView(report),
      game: table
        ? {
            table: table.id,
            game: table.game as GameKind,
            rated: table.rated === true,
            status: table.status,
            seats: table.seats.map((s) => ({ seat: s.seat, name: s.name })),
            result: table.result,
          }
        : null,
      chat: chat.map((c) => ({ seat: c.seat, name: c.name, text: c.text, at: c.at })),
      history: await this.history(player),
      actions: (await this.storage.moderation.actionsAbout(player.id)).map(noticeOf),
    });
  }

  async dismiss(moderator: StoredPlayer, id: string, reason: string): Promise<Result<void>> {
    const report = await this.storage.moderation.report(id);
    if (!report) return err('moderation.report-not-found', `there is no report "${id}"`);
    if (!(await this.storage.moderation.closeReport(id, moderator.id, this.now(), reason)))
      return err('moderation.report-closed', `report "${id}" is closed already`);
    return ok(undefined);
  }

  async act(moderator: StoredPlayer, a: ActionInput): Promise<Result<ModerationNotice>> {
    const target = await this.community.accountNamed(a.name, 'moderation');
    if (!target.ok) return target;
    const player = target.value;
    if (player.id === moderator.id)
      return err('moderation.self', 'a moderator does not act on their own account: ask another moderator');
    if (a.report !== undefined) {
      const report = await this.storage.moderation.report(a.report);
      if (!report || report.reportedId !== player.id)
        return err(
          'moderation.report-not-found',
          `there is no report "${a.report}" about "${player.displayName}"`,
        );
      if (report.status !== 'open')
        return err('moderation.report-closed', `report "${a.report}" is closed already`);
    }
    const now = this.now();
    const action: NewAction = {
      id: newTableId(),
      playerId: player.id,
      moderatorId: moderator.id,
      action: a.action,
      reason: a.reason,
      reportId: a.report ?? null,
      tableId: a.table ?? null,
      until: a.minutes !== undefined ? now + a.minutes * 60_000 : null,
      createdAt: now,
    };
    const { moderation } = this.storage;
    if (a.action === 'unrate') {
      const table = await this.storage.getTable(a.table!);
      if (!table) return err('moderation.table-not-found', `there is no game "${a.table}"`);
      if (!table.seats.some((s) => s.player?.id === player.id))
        return err('moderation.table-not-found', `"${player.displayName}" did not play game "${a.table}"`);
      if (table.status !== 'finished' || !(await moderation.unrate(table.id, action)))
        return err(
          'moderation.not-rated',
          `game "${table.id}" is not a finished rated game: nothing to undo`,
        );
    } else {
      await moderation.sql.tx(async (sql) => {
        await moderation.addAction(action, sql);
        if (action.reportId !== null)
          await moderation.closeReport(action.reportId, moderator.id, now, a.reason, sql);
      });
      // A closed account is signed out everywhere; signing in is refused from now on.
      if (a.action === 'close')
        await this.storage.accounts.sql.run('DELETE FROM sessions WHERE player_id = ?', [player.id]);
    }
    const stored = (await moderation.actionsAbout(player.id, 100)).find((x) => x.id === action.id);
    const notice = noticeOf(stored!);
    const told: ModerationMessage = { type: 'moderation', notice };
    this.broadcast?.publish({ table: noticeChannel(player.id), all: JSON.stringify(told) });
    return ok(notice);
  }
}
