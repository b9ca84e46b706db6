import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '@attila/server';
import { Visitor } from '@attila/server/test-support/visitor';
import { dropSchema, freshSchema, postgresUp, POSTGRES_URL } from '@attila/server/test-support/services';
import { attila } from './cli.test-support.js';

const quiet = { port: 0, ladder: false, logger: pino({ level: 'silent' }) } as const;
const schema = freshSchema();
afterAll(async () => {
  if (postgresUp) await dropSchema(schema);
});

/** An account claimed through the real server, then the server stopped (the command runs beside or after it). */
async function withAccount(options: { dbFile?: string; postgres?: string; postgresSchema?: string }) {
  const server = await startServer({ ...quiet, ...options });
  const v = new Visitor(server.url);
  await v.post('/api/me/guest', {});
  const name = `Mod${Date.now() % 100000}`;
  expect((await v.post('/api/account/claim', { name, password: 'correct horse' })).status).toBe(200);
  await server.close();
  return name;
}

describe('attila admin grant|revoke', { timeout: 60_000 }, () => {
  it('SQLite: grants and revokes moderator by name (any case); an unknown name or role is a clear error', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'attila-roles-')), 'a.db');
    const name = await withAccount({ dbFile: db });
    const roles = () =>
      new Database(db, { readonly: true })
        .prepare(
          'SELECT r.role FROM account_roles r JOIN players p ON p.id = r.player_id WHERE p.display_name = ?',
        )
        .all(name);
    const granted = await attila(['admin', 'grant', name.toLowerCase(), 'moderator', '--db', db]);
    expect(granted.stdout).toBe(`${name} is a moderator\n`);
    expect(roles()).toEqual([{ role: 'moderator' }]);
    expect((await attila(['admin', 'grant', name, 'moderator', '--db', db])).stdout).toContain('(already)');
    const unknown = await attila(['admin', 'grant', 'Nobody', 'moderator', '--db', db]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('there is no account named "Nobody" (account.not-found)');
    const badRole = await attila(['admin', 'grant', name, 'emperor', '--db', db]);
    expect(badRole.stderr).toContain('"emperor" is not a role: the roles are moderator (role.unknown)');
    expect(roles()).toEqual([{ role: 'moderator' }]);
    expect((await attila(['admin', 'revoke', name, 'moderator', '--db', db])).stdout).toBe(
      `${name} is no moderator\n`,
    );
    expect(roles()).toEqual([]);
  });

  it.skipIf(!postgresUp)('PostgreSQL: the same role in the shared database', async () => {
    const name = await withAccount({ postgres: POSTGRES_URL, postgresSchema: schema });
    const args = ['--postgres', POSTGRES_URL, '--postgres-schema', schema];
    expect((await attila(['admin', 'grant', name, 'moderator', ...args])).stdout).toBe(
      `${name} is a moderator\n`,
    );
    const c = new pg.Client({ connectionString: POSTGRES_URL, options: `-c search_path=${schema}` });
    await c.connect();
    const count = async () =>
      (await c.query('SELECT count(*)::int AS n FROM account_roles')).rows[0].n as number;
    expect(await count()).toBe(1);
    expect((await attila(['admin', 'grant', 'Nobody', 'moderator', ...args])).stderr).toContain(
      'account.not-found',
    );
    await attila(['admin', 'revoke', name, 'moderator', ...args]);
    expect(await count()).toBe(0);
    await c.end();
  });
});
