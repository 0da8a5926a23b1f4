import { randomUUID } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationProvider } from '../../src/server/db/migrations';
import { importRows, insertImport } from '../../src/server/products/import/import.repository';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

/**
 * Migration 0052: a preview's rows are stored gzipped (bytea) from now on. A preview written
 * before it (rows as json) is still read whole after the upgrade — a user who previewed a file
 * before the server was updated can confirm it after — and a new one round-trips exactly.
 */
let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => tdb.close());

const ROWS = [
  { row: 2, action: 'create', values: { name: 'Çay bardağı İnce', product_code: 'ÇB-1', stock: '12' } },
  { row: 3, action: 'error', errors: [{ field: 'barcode', code: 'INVALID' }] },
];

describe('migration 0052 (gzipped import rows)', () => {
  it('reads a preview stored before it, and stores and reads a new one whole', async () => {
    const { db } = tdb;
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('0051-order-wires-store')).error).toBeUndefined();
    const before = randomUUID();
    await sql`INSERT INTO product_imports (tenant_id, id, file_name, kind, columns, rows, counts,
                new_categories, new_brands, fingerprint)
              VALUES ('demo', ${before}, 'eski.xlsx', 'xlsx', '[]', ${JSON.stringify(ROWS)}, '{}', '[]', '[]', 'f')`.execute(
      db,
    );
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await importRows(db, 'demo', before)).toEqual(ROWS);

    const after = randomUUID();
    await insertImport(db, {
      tenant_id: 'demo',
      id: after,
      user_id: null as unknown as string,
      file_name: 'yeni.xlsx',
      kind: 'xlsx',
      encoding: null,
      separator: null,
      columns: [],
      rows: ROWS,
      counts: {},
      new_categories: [],
      new_brands: [],
      fingerprint: 'f',
    });
    const stored = await db
      .selectFrom('product_imports')
      .select(['rows', 'rows_gz'])
      .where('id', '=', after)
      .executeTakeFirstOrThrow();
    expect(stored.rows).toBeNull();
    expect(stored.rows_gz?.length).toBeGreaterThan(0);
    expect(await importRows(db, 'demo', after)).toEqual(ROWS);
  });
});
