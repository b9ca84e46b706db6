/**
 * A player's chat filter (whom they blocked, which tables' chat they muted) kept current on their open
 * sockets: a block or a mute made while a socket is open applies to it at once, on every process. After
 * each change the writer publishes the player's news on the broadcast channel `chat-filter:<id>` (Redis
 * with several processes); every socket of that player, seated or watching, subscribed when it said hello.
 * The news carries the new state itself (the whole set of blocked ids; the one table muted or unmuted), so
 * a socket applies it synchronously, before any chat line published after it reaches the socket: one
 * channel's and one table's messages come through the same subscriber connection in order.
 */
import type { Broadcast } from '../broadcast/types.js';
import type { CommunityStore } from '../storage/community-store.js';

/** Whose chat lines a socket does not carry: everyone's but its seat's (a muted table), and the blocked. */
export interface ChatHidden {
  readonly muted: boolean;
  readonly blocked: ReadonlySet<string>;
}

export const chatFilterChannel = (playerId: string) => `chat-filter:${playerId}`;

/** One change of a player's filter, as published. */
type FilterNews =
  { readonly blocked: readonly string[] } | { readonly table: string; readonly muted: boolean };

/** A socket's view of its player's filter at its table, and how to stop hearing changes. */
export interface WatchedFilter {
  /** The filter now (news heard since the read included). */
  readonly current: ChatHidden;
  stop(): void;
}

/** The filter after one change: only the news about this table (or the blocks) moves it. */
function applied(hidden: ChatHidden, news: FilterNews, tableId: string): ChatHidden {
  if ('blocked' in news) return { muted: hidden.muted, blocked: new Set(news.blocked) };
  return news.table === tableId ? { muted: news.muted, blocked: hidden.blocked } : hidden;
}

export class ChatFilters {
  constructor(
    private readonly store: CommunityStore,
    /** Null: no socket hears of changes until it says hello again (no broadcast given). */
    private readonly broadcast: Broadcast | null,
  ) {}

  /** Whose chat lines the player does not get at this table (read from storage). */
  async read(playerId: string, tableId: string): Promise<ChatHidden> {
    return {
      muted: await this.store.chatMuted(playerId, tableId),
      blocked: await this.store.blockedIds(playerId),
    };
  }

  /** After a block or unblock is stored: the player's sockets everywhere get the new set of blocked ids. */
  async blocksChanged(playerId: string): Promise<void> {
    if (!this.broadcast) return;
    const blocked = [...(await this.store.blockedIds(playerId))];
    this.publish(playerId, { blocked });
  }

  /** After a table's chat was muted or unmuted (stored): the player's sockets at that table follow. */
  muteChanged(playerId: string, tableId: string, muted: boolean): void {
    this.publish(playerId, { table: tableId, muted });
  }

  /**
   * The player's filter at a table now, then `heard` with each change until `stop`. Subscribed before
   * reading, so a change stored meanwhile is not missed: news heard during the read is applied after it.
   */
  async watch(
    playerId: string,
    tableId: string,
    heard: (hidden: ChatHidden) => void,
  ): Promise<WatchedFilter> {
    let current: ChatHidden | null = null;
    const early: FilterNews[] = [];
    const stop = this.broadcast
      ? await this.broadcast.subscribe(chatFilterChannel(playerId), (e) => {
          if (e.all === undefined) return;
          const news = JSON.parse(e.all) as FilterNews;
          if (current === null) return void early.push(news);
          current = applied(current, news, tableId);
          heard(current);
        })
      : () => undefined;
    try {
      let read = await this.read(playerId, tableId);
      for (const news of early) read = applied(read, news, tableId);
      current = read;
      // A getter: news may arrive between this return and the caller's reading it.
      return {
        get current() {
          return current!;
        },
        stop,
      };
    } catch (e) {
      stop();
      throw e;
    }
  }

  private publish(playerId: string, news: FilterNews): void {
    this.broadcast?.publish({ table: chatFilterChannel(playerId), all: JSON.stringify(news) });
  }
}
