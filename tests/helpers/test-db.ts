import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateToLatest, openDatabase } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { seedIfEmpty } from '../../src/server/seed/seed';

/**
 * A fresh, migrated and seeded database per test file (or per call), real in both modes:
 * - PGlite (default): a clone of the template that tests/helpers/api-global-setup.ts made once
 *   (migrate + seed, then dumpDataDir to a file); a file loads it with loadDataDir (~0.6 s instead
 *   of migrating and seeding every time);
 * - PostgreSQL when TEST_DATABASE_URL is set (an admin URL such as
 *   postgres://postgres@127.0.0.1:5432/postgres): `CREATE DATABASE … TEMPLATE <template>` from the
 *   template database the global setup made, dropped again by close().
 * Without the global setup (e.g. the unit project's sync-engine tests) the template is built
 * lazily in this process (PGlite), or the database is migrated and seeded directly (PostgreSQL).
 */
export const DEMO_PASSWORD = 'demo1234';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplateFile: string | null;
    pgTemplate: { adminUrl: string; template: string } | null;
  }
}

export interface TestDatabase {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the database's URL (tests open extra connections with it). */
  url: string | undefined;
  /** PGlite: the instance (the events listener hears its NOTIFYs). */
  pglite?: PGlite;
  close(): Promise<void>;
}

function provided<K extends 'pgliteTemplateFile' | 'pgTemplate'>(key: K) {
  try {
    return inject(key) ?? null;
  } catch {
    return null;
  }
}

export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL?.trim();
  return url ? url : undefined;
}

export function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let lazyTemplate: Promise<Blob> | undefined;

/** Builds a migrated + seeded PGlite and returns its data-directory dump. */
export async function buildPgliteTemplate(): Promise<Blob> {
  const handle = await openDatabase({});
  try {
    await migrateToLatest(handle.db);
    await seedIfEmpty(handle.db, { demoPassword: DEMO_PASSWORD, production: false });
    if (!handle.pglite) throw new Error('expected PGlite');
    return await handle.pglite.dumpDataDir('none');
  } finally {
    await handle.close();
  }
}

async function pgliteFrom(dump: Blob): Promise<TestDatabase> {
  const handle = await openDatabase({ loadDataDir: dump });
  return {
    db: handle.db,
    kind: 'pglite',
    url: undefined,
    pglite: handle.pglite,
    close: () => handle.close(),
  };
}

let counter = 0;

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = testDatabaseUrl();
  if (adminUrl) {
    const template = provided('pgTemplate');
    const suffix = `${process.pid}_${++counter}_${randomBytes(3).toString('hex')}`;
    const name = template ? `${template.template}_f${suffix}` : `sys_test_${suffix}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      if (template) await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`);
      else await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    const url = databaseUrlFor(adminUrl, name);
    const handle = await openDatabase({ databaseUrl: url, poolSize: 12 });
    if (!template) {
      await migrateToLatest(handle.db);
      await seedIfEmpty(handle.db, { demoPassword: DEMO_PASSWORD, production: false });
    }
    return {
      db: handle.db,
      kind: 'postgres',
      url,
      close: async () => {
        await handle.close();
        const a = new pg.Client({ connectionString: adminUrl });
        await a.connect();
        try {
          await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } finally {
          await a.end();
        }
      },
    };
  }

  const file = provided('pgliteTemplateFile');
  if (file) return pgliteFrom(new Blob([await readFile(file)]));
  lazyTemplate ??= buildPgliteTemplate();
  return pgliteFrom(await lazyTemplate);
}

/**
 * An EMPTY database (migrated, no tenants): what a restore goes into. PGlite in memory, or a new
 * PostgreSQL database beside the others when TEST_DATABASE_URL is set (dropped by close()).
 */
export async function createEmptyTestDatabase(): Promise<TestDatabase> {
  const adminUrl = testDatabaseUrl();
  if (!adminUrl) {
    const handle = await openDatabase({});
    await migrateToLatest(handle.db);
    return {
      db: handle.db,
      kind: 'pglite',
      url: undefined,
      pglite: handle.pglite,
      close: () => handle.close(),
    };
  }
  const name = `sys_empty_${process.pid}_${++counter}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrlFor(adminUrl, name);
  const handle = await openDatabase({ databaseUrl: url, poolSize: 4 });
  await migrateToLatest(handle.db);
  return {
    db: handle.db,
    kind: 'postgres',
    url,
    close: async () => {
      await handle.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      try {
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await a.end();
      }
    },
  };
}
