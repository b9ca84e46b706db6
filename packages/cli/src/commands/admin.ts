/**
 * `attila admin`: what the operator of a server runs beside it. `backup` and `restore` copy the SQLite
 * database (safe while the server runs: SQLite's online backup); PostgreSQL is backed up with its own
 * `pg_dump`/`pg_restore` (packages/server/README.md, "Operating").
 */
import type { Command } from 'commander';
import { homedir } from 'node:os';
import { defaultDbFile } from '../data-dir.js';

const DB_HELP =
  'the SQLite database file; default: $XDG_DATA_HOME/attila/attila.db, else ~/.local/share/attila/attila.db';

export function registerAdmin(admin: Command): void {
  admin.addHelpText(
    'after',
    `
Backups (SQLite): "attila admin backup --out FILE" while the server runs; to restore, stop the server,
"attila admin restore --from FILE --replace", start it again. PostgreSQL: pg_dump -Fc / pg_restore
(see packages/server/README.md, "Operating").
Roles: "attila admin grant NAME moderator" / "attila admin revoke NAME moderator" (--db or --postgres).
Metrics: "attila serve --metrics TOKEN" (or ATTILA_METRICS_TOKEN) serves Prometheus text at /metrics to
"Authorization: Bearer TOKEN". Stopping: SIGTERM; the server stores what it was doing and exits.`,
  );
  admin
    .command('backup')
    .description('copy the SQLite database to a new file, safely while the server runs (online backup)')
    .option('--db <file>', DB_HELP)
    .requiredOption('--out <file>', 'the backup file to write (must not exist yet)')
    .action(async (opts: { db?: string; out: string }) => {
      const { backupSqlite } = await import('@attila/server');
      const dbFile = opts.db ?? defaultDbFile(process.env, homedir());
      const r = await backupSqlite(dbFile, opts.out);
      if (!r.ok) admin.error(`attila admin backup: ${r.error.message} (${r.error.code})`);
      else process.stdout.write(`backed up ${dbFile} to ${opts.out}: ${summary(r.value)}\n`);
    });
  admin
    .command('restore')
    .description('put a backup in place as the SQLite database (stop the server first)')
    .requiredOption('--from <file>', 'the backup file (made by attila admin backup)')
    .option('--db <file>', DB_HELP)
    .option('--replace', 'overwrite the database file if it exists (the server must be stopped)', false)
    .action(async (opts: { from: string; db?: string; replace: boolean }) => {
      const { restoreSqlite } = await import('@attila/server');
      const dbFile = opts.db ?? defaultDbFile(process.env, homedir());
      const r = await restoreSqlite(opts.from, dbFile, opts.replace);
      if (!r.ok) admin.error(`attila admin restore: ${r.error.message} (${r.error.code})`);
      else process.stdout.write(`restored ${opts.from} to ${dbFile}: ${summary(r.value)}\n`);
    });
  for (const [verb, description] of [
    ['grant', 'give an account a role (moderator), in SQLite or PostgreSQL'],
    ['revoke', 'take a role (moderator) from an account'],
  ] as const) {
    admin
      .command(`${verb} <name> <role>`)
      .description(description)
      .option('--db <file>', DB_HELP)
      .option('--postgres <url>', 'the PostgreSQL database of several servers instead of SQLite')
      .option('--postgres-schema <name>', 'the PostgreSQL schema', 'public')
      .action(
        async (
          name: string,
          roleText: string,
          opts: { db?: string; postgres?: string; postgresSchema: string },
        ) => {
          const { parseRole, SqliteStorage, PostgresStorage } = await import('@attila/server');
          const role = parseRole(roleText);
          if (!role.ok)
            return admin.error(`attila admin ${verb}: ${role.error.message} (${role.error.code})`);
          const storage = opts.postgres
            ? await PostgresStorage.open({ connectionString: opts.postgres, schema: opts.postgresSchema })
            : new SqliteStorage(opts.db ?? defaultDbFile(process.env, homedir()));
          try {
            const r =
              verb === 'grant'
                ? await storage.roles.grant(name, role.value, Date.now())
                : await storage.roles.revoke(name, role.value);
            if (!r.ok) return admin.error(`attila admin ${verb}: ${r.error.message} (${r.error.code})`);
            const done =
              verb === 'grant' ? `${r.value.name} is a ${role.value}` : `${r.value.name} is no ${role.value}`;
            process.stdout.write(`${done}${r.value.changed ? '' : ' (already)'}\n`);
          } finally {
            await storage.close();
          }
        },
      );
  }
}

function summary(s: { tables: number; finished: number; accounts: number; bytes: number }): string {
  return `${s.tables} tables (${s.finished} finished), ${s.accounts} accounts, ${s.bytes} bytes`;
}
