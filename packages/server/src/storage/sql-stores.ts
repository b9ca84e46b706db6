/**
 * The stores written once for both drivers (accounts, ratings, puzzles, pools, the explorer), built on the
 * driver's `Sql`: each storage class (sqlite.ts, postgres.ts) extends this, so the list is kept here only.
 */
import { AccountStore } from './accounts.js';
import { CommunityStore } from './community-store.js';
import { ExplorerStore } from './explorer-store.js';
import { ModerationStore } from './moderation-store.js';
import { PoolStore } from './pool-store.js';
import { PuzzleStore } from './puzzle-store.js';
import { RatingStore } from './rating-store.js';
import { RoleStore } from './roles.js';
import type { Sql } from './sql.js';
import type { Storage } from './types.js';

export abstract class SqlStores implements Pick<
  Storage,
  'accounts' | 'ratings' | 'puzzles' | 'pools' | 'explorer' | 'community' | 'moderation' | 'roles'
> {
  readonly accounts: AccountStore;
  readonly ratings: RatingStore;
  readonly puzzles: PuzzleStore;
  readonly pools: PoolStore;
  readonly explorer: ExplorerStore;
  readonly community: CommunityStore;
  readonly moderation: ModerationStore;
  /** Accounts' roles: the operator's `attila admin grant|revoke` (the moderation routes ask it who is a moderator). */
  readonly roles: RoleStore;

  protected constructor(protected readonly sql: Sql) {
    this.accounts = new AccountStore(sql);
    this.ratings = new RatingStore(sql);
    this.puzzles = new PuzzleStore(sql);
    this.pools = new PoolStore(sql);
    this.explorer = new ExplorerStore(sql);
    this.roles = new RoleStore(sql);
    this.community = new CommunityStore(sql);
    this.moderation = new ModerationStore(sql);
  }
}
