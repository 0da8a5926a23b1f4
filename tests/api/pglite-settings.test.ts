import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_SETTINGS, startPglite } from '../../src/server/db/pglite';

/**
 * The embedded database is opened sized for a small server (src/server/db/pglite.ts): the
 * settings are really in force in the PostgreSQL that runs inside PGlite, and PGLITE_SHARED_BUFFERS
 * (passed as `sharedBuffers`) raises the page cache.
 */
const opened: PGlite[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

async function settingsOf(db: PGlite): Promise<Record<string, string>> {
  const names = Object.keys(PGLITE_SETTINGS);
  const r = await db.query<{ name: string; setting: string }>(
    `SELECT name, current_setting(name) AS setting FROM unnest($1::text[]) AS name`,
    [names],
  );
  return Object.fromEntries(r.rows.map((row) => [row.name, row.setting]));
}

describe('PGlite settings', () => {
  it('are applied as the server opens the database', async () => {
    const db = startPglite({});
    opened.push(db);
    expect(await settingsOf(db)).toEqual({
      shared_buffers: '32MB',
      work_mem: '4MB',
      maintenance_work_mem: '16MB',
      temp_buffers: '1MB',
    });
  });

  it('take a bigger page cache when one is configured', async () => {
    const db = startPglite({ sharedBuffers: '64MB' });
    opened.push(db);
    expect((await settingsOf(db)).shared_buffers).toBe('64MB');
  });
});
