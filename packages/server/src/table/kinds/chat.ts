/** A chat line: stored (which gives it its id), kept in the copy's short history, sent to everyone. */
import { LIMITS } from '@attila/protocol';
import type { ChangeKind } from '../change-kind.js';

export const chatChange: ChangeKind<'chat'> = {
  commit: (change, site) => site.storage.addChat(site.copy.meta.id, change.chat),
  apply(_change, chat, { copy }) {
    copy.chatLog.push(chat);
    if (copy.chatLog.length > LIMITS.chatHistory) copy.chatLog.shift();
  },
  publish(_change, chat, site) {
    site.audience.publishAll({ type: 'chat', message: chat });
  },
};
