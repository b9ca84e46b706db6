import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDb } from '../test-support/http.js';
import { dropSchema, freshSchema, postgresUp, POSTGRES_URL } from '../test-support/services.js';
import { MIGRATIONS, SCHEMA_VERSION, SchemaTooNewError } from './migrations.js';
import { PostgresStorage } from './postgres.js';
import { schemaSql } from './schema.js';
import { SqliteStorage } from './sqlite.js';
import { skipWithout } from '../test-support/skip-without.js';

/** A table and its seats as a server from before versioning wrote them (its own columns only). */
const OLD_ROWS = `
INSERT INTO tables (id, game, settings, seed, rules_version, listed, clock_settings, takeover, status, created_at, started_at, finished_at, result, clock)
VALUES ('old1', 'knights', '{"layout":"standard"}', 's', '1', TRUE, NULL, NULL, 'finished', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:01.000Z', '2026-01-01T00:10:00.000Z', '{"winners":[0]}', NULL);
INSERT INTO seats (table_id, seat, name, kind, bot, token_hash, controller) VALUES ('old1', 0, 'Ann', 'human', NULL, '${'ab'.repeat(32)}', 'human');
INSERT INTO seats (table_id, seat, name, kind, bot, token_hash, controller) VALUES ('old1', 1, 'random', 'bot', 'random', NULL, 'bot');
INSERT INTO moves (table_id, seq, seat, move, at) VALUES ('old1', 1, 0, 'c2', 5);
`;

describe('SQLite migrations', () => {
  it('upgrades a database from before versioning to the current version, keeping its games', async () => {
    const file = tempDb();
    const old = new Database(file);
    old.exec(schemaSql('sqlite'));
    old.exec(OLD_ROWS);
    old.close();

    const s = new SqliteStorage(file);
    const table = await s.getTable('old1');
    expect(table?.seats.map((x) => x.name)).toEqual(['Ann', 'random']);
    expect((await s.getMoves('old1')).map((m) => m.move)).toEqual(['c2']);
    // The new tables and column work: a player takes the old seat.
    await s.accounts.createPlayer({ id: 'p1', displayName: 'Ann', createdAt: 1 });
    await s.accounts.setSeatPlayer('old1', 0, 'p1');
    expect(await s.accounts.finishedSeatsOf('p1', 10)).toEqual([
      { tableId: 'old1', seat: 0, game: 'knights', listed: true, winners: [0] },
    ]);
    // Guests no session and no seat refers to are dropped; one holding a seat stays.
    await s.accounts.createPlayer({ id: 'lost', displayName: 'Lost Owl 11', createdAt: 2 });
    expect(await s.accounts.purgeLostGuests()).toBe(1);
    expect(await s.accounts.player('lost')).toBeNull();
    expect(await s.accounts.player('p1')).not.toBeNull();
    await s.close();

    const check = new Database(file, { readonly: true });
    expect(check.prepare('SELECT version FROM schema_version ORDER BY version').all()).toEqual(
      MIGRATIONS.map((m) => ({ version: m.version })),
    );
    check.close();
    // Opening again applies nothing more.
    const again = new SqliteStorage(file);
    expect(await again.accounts.player('p1')).toMatchObject({ displayName: 'Ann', nameKey: null });
    await again.close();
  });

  it('refuses a database written by a newer server, saying which versions', () => {
    const file = tempDb();
    new SqliteStorage(file).close();
    const db = new Database(file);
    db.prepare('INSERT INTO schema_version (version, applied_at) VALUES (?, ?)').run(SCHEMA_VERSION + 1, 'x');
    db.close();
    expect(() => new SqliteStorage(file)).toThrow(SchemaTooNewError);
    expect(() => new SqliteStorage(file)).toThrow(
      `the database is at schema version ${SCHEMA_VERSION + 1}, but this server knows versions up to ${SCHEMA_VERSION}`,
    );
  });
});

describe.skipIf(skipWithout(postgresUp, 'PostgreSQL'))('PostgreSQL migrations', () => {
  const schemas = [freshSchema(), freshSchema()];
  afterAll(async () => {
    for (const s of schemas) await dropSchema(s);
  });
  const sql = async (schema: string, text: string) => {
    const c = new pg.Client({ connectionString: POSTGRES_URL });
    await c.connect();
    try {
      await c.query(`CREATE SCHEMA IF NOT EXISTS ${schema}; SET search_path = ${schema}`);
      return (await c.query(text)).rows;
    } finally {
      await c.end();
    }
  };

  it('upgrades a database from before versioning, keeping its games', async () => {
    const [schema] = schemas;
    await sql(schema, schemaSql('postgres') + OLD_ROWS);
    const s = await PostgresStorage.open({ connectionString: POSTGRES_URL, schema });
    expect((await s.getTable('old1'))?.seats.map((x) => x.name)).toEqual(['Ann', 'random']);
    await s.accounts.createPlayer({ id: 'p1', displayName: 'Ann', createdAt: 1 });
    await s.accounts.setSeatPlayer('old1', 0, 'p1');
    expect(await s.accounts.finishedSeatsOf('p1', 10)).toEqual([
      { tableId: 'old1', seat: 0, game: 'knights', listed: true, winners: [0] },
    ]);
    await s.close();
    const versions = await sql(schema, 'SELECT version FROM schema_version ORDER BY version');
    expect(versions.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    await (await PostgresStorage.open({ connectionString: POSTGRES_URL, schema })).close();
  });

  it('refuses a database written by a newer server', async () => {
    const schema = schemas[1];
    await (await PostgresStorage.open({ connectionString: POSTGRES_URL, schema })).close();
    await sql(schema, `INSERT INTO schema_version (version, applied_at) VALUES (${SCHEMA_VERSION + 1}, 'x')`);
    await expect(PostgresStorage.open({ connectionString: POSTGRES_URL, schema })).rejects.toThrow(
      SchemaTooNewError,
    );
  });
});
