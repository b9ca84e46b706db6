/**
 * The community's HTTP calls (packages/server/README.md, "Community and moderation"): following, blocking,
 * muting a table's chat, reporting a player, and the moderators' queue and actions.
 */
import type {
  CommunityState,
  ModerationActionRequest,
  ModerationNotice,
  ReportCase,
  ReportRequest,
  ReportView,
} from '@attila/protocol/community';
import { call } from './api.js';

export const communityApi = {
  state: () => call<CommunityState>('GET', '/api/account/community'),
  follow: (name: string, on: boolean) =>
    call<CommunityState>('POST', `/api/account/${on ? 'follow' : 'unfollow'}`, { name }),
  block: (name: string, on: boolean) =>
    call<CommunityState>('POST', `/api/account/${on ? 'block' : 'unblock'}`, { name }),
  muteChat: (table: string, muted: boolean) =>
    call<CommunityState>('POST', '/api/account/chat-mute', { table, muted }),
  report: (r: ReportRequest) => call<{ report: string }>('POST', '/api/account/reports', r),
};

export const moderationApi = {
  queue: (status: 'open' | 'closed') =>
    call<{ reports: ReportView[] }>('GET', `/api/moderation/reports?status=${status}`),
  report: (id: string) => call<ReportCase>('GET', `/api/moderation/reports/${encodeURIComponent(id)}`),
  act: (a: ModerationActionRequest) =>
    call<{ action: ModerationNotice }>('POST', '/api/moderation/actions', a),
  dismiss: (id: string, reason: string) =>
    call<{ dismissed: string }>('POST', `/api/moderation/reports/${encodeURIComponent(id)}/dismiss`, {
      reason,
    }),
};
