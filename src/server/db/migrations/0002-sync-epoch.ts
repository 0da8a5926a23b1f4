import { type Kysely, sql } from 'kysely';

/**
 * A per-tenant sync epoch: a random id that names "this history of change numbers".
 *
 * Why: a device's cursor is a change number of the tenant's history. If that history is replaced
 * (the database restored from a backup, the data directory re-created, a tenant's data moved),
 * numbers are reused or go backwards, and a device holding an old cursor would silently keep
 * rows the server no longer has and miss rows under numbers it believes it has seen. Every pull
 * answer carries the epoch; a device that sees a different epoch than the one its mirror was
 * built from throws its mirror away (keeping its unsent changes) and pulls everything again.
 * Restoring or moving a tenant's data must set a new epoch (`UPDATE tenants SET sync_epoch = …`).
 */
export async function up0002(db: Kysely<unknown>): Promise<void> {
  // A volatile default: every existing row gets its own value.
  await sql`ALTER TABLE tenants ADD COLUMN sync_epoch text NOT NULL DEFAULT (gen_random_uuid()::text)`.execute(
    db,
  );
}

export async function down0002(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE tenants DROP COLUMN sync_epoch`.execute(db);
}
