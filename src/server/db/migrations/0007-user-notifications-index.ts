import { type Kysely, sql } from 'kysely';

/**
 * The sync feed reads a user's OWN notifications by change number (sync.repository.ts
 * `changedPage`): with only (tenant_id, change_seq) it walked every user's notifications of the
 * range and threw most away (a manager's first page: 320 read, 70 kept; the part cost ~1 ms of the
 * page's ~4 ms on PostgreSQL). Every device's poll runs this branch, so it gets its own index.
 */
export async function up0007(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX notifications_user_change_seq_idx ON notifications (tenant_id, user_id, change_seq)`.execute(
    db,
  );
}

export async function down0007(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX notifications_user_change_seq_idx`.execute(db);
}
