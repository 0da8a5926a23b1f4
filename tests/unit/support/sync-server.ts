import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { startTestServer } from '../../helpers/test-server';
import { device, engine, type Identity } from './sync-fixtures';

/**
 * Shared setup of the sync-engine tests (sync-engine-*.test.ts): the REAL server in-process (real
 * HTTP, real database, real idempotency) and what a test reads back from its database, and a device
 * primed by one pull. `setUpSyncServer()` starts the server for the calling test file. Each test acts
 * as a different demo user so that tests do not share server-side state.
 */
export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
export let server: TestServer;

/** The real server in-process for the calling test file (closed after the file). */
export function setUpSyncServer(): void {
  beforeAll(async () => {
    server = await startTestServer();
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });
}

export async function serverNotification(tenant: string, id: string) {
  return server.db
    .selectFrom('notifications')
    .select(['id', 'is_read', 'deleted_at', 'user_id'])
    .where('tenant_id', '=', tenant)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function auditCount(tenant: string, entityId: string): Promise<number> {
  const row = await server.db
    .selectFrom('audit_logs')
    .select(sql<number>`count(*)`.as('n'))
    .where('tenant_id', '=', tenant)
    .where('entity_id', '=', entityId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function unreadOf(db: import('../../../src/client/local/database').LocalDb, n: number) {
  const rows = await db.notifications.where('unread').equals(1).sortBy('created_at');
  if (rows.length < n)
    throw new Error(`the seed should give this user at least ${n} unread notifications (got ${rows.length})`);
  return rows.slice(0, n);
}

/** A device of `who`, pulled once over a working network. */
export async function primedDevice(who: Identity) {
  const dev = device();
  const db = dev.open(who);
  const first = engine(db, server.apiBase, () => who.token);
  await first.start();
  await first.whenIdle();
  await first.stop();
  return { dev, db };
}
