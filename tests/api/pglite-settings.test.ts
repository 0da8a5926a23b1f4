import { createHash, randomBytes } from 'node:crypto';
import fs, { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import {
  compilePgliteWasm,
  openFileLimitRaised,
  PGLITE_SETTINGS,
  startPglite,
} from '../../src/server/db/pglite';

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

  // PostgreSQL in PGlite kept at most 48 files open: a workload over more relations than that
  // (the sync pull) closed and opened files on every query.
  it('keep the files of many relations open: reading them again opens none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-files-'));
    const db = startPglite({ dataDir: dir });
    let opens = 0;
    const openSync = fs.openSync;
    try {
      await db.waitReady;
      expect(openFileLimitRaised(db)).toBe(true);
      const tables = 60; // 120 files with their primary keys
      for (let i = 0; i < tables; i++)
        await db.exec(`CREATE TABLE t${i} (id int PRIMARY KEY, v text); INSERT INTO t${i} VALUES (1, 'a')`);
      const readAll = async () => {
        for (let i = 0; i < tables; i++) await db.query(`SELECT v FROM t${i} WHERE id = 1`);
      };
      await readAll();
      // PGlite's file system opens every file through Node's fs.openSync.
      fs.openSync = ((...args: Parameters<typeof openSync>) => {
        opens++;
        return openSync(...args);
      }) as typeof openSync;
      await readAll();
      await readAll();
    } finally {
      fs.openSync = openSync;
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(opens).toBe(0);
  });

  // A restart compiles PGlite's WebAssembly before opening it (main.ts): the database it opens
  // with that module is the same, settings and all.
  it('apply as well when PGlite is opened with its WebAssembly compiled beforehand', async () => {
    const wasmModule = await compilePgliteWasm();
    expect(WebAssembly.Module.exports(wasmModule).length).toBeGreaterThan(100);
    const db = startPglite({ wasmModule });
    opened.push(db);
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect((await settingsOf(db)).shared_buffers).toBe('32MB');
  });

  it('take a bigger page cache when one is configured', async () => {
    const db = startPglite({ sharedBuffers: '64MB' });
    opened.push(db);
    expect((await settingsOf(db)).shared_buffers).toBe('64MB');
  });
});

/**
 * Binary values (photos, signatures, an import's stored rows, backups) go to and from the embedded
 * database through Node's hex codec instead of PGlite's byte-by-byte one: the database must store
 * exactly the bytes given (checked by the database's own digest, not only by reading them back),
 * and give back a plain Uint8Array holding exactly them.
 */
describe('PGlite binary values', () => {
  const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

  it('are stored and read back byte for byte, whatever their size', async () => {
    const db = startPglite({});
    opened.push(db);
    await db.exec('CREATE TABLE blobs (id int PRIMARY KEY, b bytea)');
    const every = Uint8Array.from({ length: 512 }, (_, i) => i % 256);
    // A Buffer that is a window on a larger one: only the window is the value.
    const big = randomBytes(10_000);
    const window = big.subarray(100, 4_197);
    const values: Uint8Array[] = [
      new Uint8Array(0),
      Uint8Array.of(0),
      every,
      randomBytes(4_095),
      randomBytes(4_097),
      window,
      randomBytes(800_000),
    ];
    for (const [id, value] of values.entries())
      await db.query('INSERT INTO blobs VALUES ($1, $2)', [id, value]);

    const stored = await db.query<{ id: number; n: number; digest: string }>(
      'SELECT id, length(b) AS n, md5(b) AS digest FROM blobs ORDER BY id',
    );
    expect(stored.rows).toEqual(values.map((v, id) => ({ id, n: v.length, digest: md5(v) })));

    const read = await db.query<{ id: number; b: Uint8Array }>('SELECT id, b FROM blobs ORDER BY id');
    for (const [id, value] of values.entries()) {
      const b = read.rows[id]?.b;
      expect(b).toBeInstanceOf(Uint8Array);
      expect(Buffer.isBuffer(b)).toBe(false);
      // Exactly its bytes, in a buffer of its own (code may hand `.buffer` on).
      expect(b?.byteOffset).toBe(0);
      expect(b?.buffer.byteLength).toBe(value.length);
      expect(Buffer.compare(Buffer.from(b as Uint8Array), Buffer.from(value))).toBe(0);
    }
    // A value the database makes itself reads the same way.
    const made = await db.query<{ b: Uint8Array }>(`SELECT decode('00ff10', 'hex') AS b`);
    expect([...(made.rows[0]?.b ?? [])]).toEqual([0, 255, 16]);
  });

  it('refuse what is not bytes, and write nothing for it', async () => {
    const db = startPglite({});
    opened.push(db);
    await db.exec('CREATE TABLE blobs (id int PRIMARY KEY, b bytea)');
    await expect(db.query('INSERT INTO blobs VALUES (1, $1)', ['not bytes'])).rejects.toThrow(
      'Invalid input for bytea type',
    );
    expect((await db.query('SELECT 1 FROM blobs')).rows).toEqual([]);
  });
});
