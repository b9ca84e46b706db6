export { startServer, type RunningServer, type ServerOptions } from './server.js';
export { DEFAULT_HTTP_RATE, type HttpRateLimit } from './http-edge.js';
export { parseAllowList, type OriginAllowList } from './origins.js';
export { parseSchedule, type ScheduleEntry } from './events/schedule.js';

export type {
  Storage,
  StoredTable,
  StoredMove,
  StoredSeat,
  StoredChat,
  TablePatch,
} from './storage/types.js';
export { SqliteStorage } from './storage/sqlite.js';
export type { Broadcast, Envelope } from './broadcast/types.js';
export { LocalBroadcast } from './broadcast/local.js';
export type { BotModule } from './bots/catalog.js';
export { Push, DEFAULT_PUSH_CONTACT, type PushOptions, type NoticeData } from './push/push.js';
export { PostgresStorage } from './storage/postgres.js';
export { backupSqlite, restoreSqlite, type BackupSummary } from './ops/sqlite-backup.js';
export { parseRole, ROLES, type Role } from './storage/roles.js';
