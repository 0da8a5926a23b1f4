import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Runs `fn` on a database created for it on the PostgreSQL server of `adminUrl` (an admin URL, as
 * for the tests) and dropped after it, whatever happens. `prefix` names it in pg_stat_activity.
 */
export async function onTemporaryDatabase<T>(
  adminUrl: string,
  prefix: string,
  fn: (databaseUrl: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return await fn(url.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
