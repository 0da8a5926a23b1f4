import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, refreshStatistics } from '../../src/server/db/database';

/**
 * PGlite has no autovacuum: the server runs VACUUM (ANALYZE) itself (main.ts), one statement per
 * table so that requests queue between tables instead of behind the whole database. Every table
 * is covered — the app's and the catalogues — as a database-wide VACUUM covers them.
 */
let handle: DatabaseHandle | undefined;
afterAll(async () => {
  await handle?.close();
});

describe('refreshStatistics (PGlite)', () => {
  it("vacuums and analyzes every table, the app's and the catalogues", async () => {
    handle = await openDatabase({});
    const db = handle.db;
    await sql`CREATE TABLE maintained (id int PRIMARY KEY, v text)`.execute(db);
    await sql`INSERT INTO maintained SELECT g, md5(g::text) FROM generate_series(1, 2000) g`.execute(db);
    await sql`DELETE FROM maintained WHERE id % 2 = 0`.execute(db);

    // A request made while it runs is answered between two tables, not after the last one.
    const order: string[] = [];
    const maintenance = refreshStatistics(db).then(() => order.push('maintenance'));
    await sql`SELECT 1`.execute(db);
    order.push('request');
    await maintenance;
    expect(order).toEqual(['request', 'maintenance']);

    const stats = await sql<{ name: string; vacuumed: boolean; analyzed: boolean; dead: number }>`
      SELECT relname AS name, last_vacuum IS NOT NULL AS vacuumed, last_analyze IS NOT NULL AS analyzed,
             n_dead_tup::int AS dead
      FROM pg_stat_all_tables WHERE relname IN ('maintained', 'pg_class', 'pg_attribute')`.execute(db);
    expect(stats.rows.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'maintained', vacuumed: true, analyzed: true, dead: 0 },
      { name: 'pg_attribute', vacuumed: true, analyzed: true, dead: expect.any(Number) },
      { name: 'pg_class', vacuumed: true, analyzed: true, dead: expect.any(Number) },
    ]);
    // The planner knows the table's size from the statistics.
    const planned = await sql<{ reltuples: number }>`
      SELECT reltuples::int AS reltuples FROM pg_class WHERE relname = 'maintained'`.execute(db);
    expect(planned.rows[0]?.reltuples).toBe(1000);
  });
});
