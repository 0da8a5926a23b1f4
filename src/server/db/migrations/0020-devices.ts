import { type Kysely, sql } from 'kysely';

/**
 * Devices: each installed app (a handheld, a phone, a desktop browser) reports its health with its
 * pulls — its outbox length, its oldest unsent change, the changes the server refused, its last
 * sync, app version, persistent-storage grant and storage use — so that admins see which device
 * holds work the server has not seen. One row per device of a tenant, upserted by the pull (only
 * when something changed, or once a minute); `user_id` is whoever last pulled with it.
 */
const UP = [
  `CREATE TABLE devices (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    device_id text NOT NULL CHECK (length(device_id) BETWEEN 8 AND 64),
    user_id uuid,
    user_agent text CHECK (length(user_agent) <= 500),
    app_version text CHECK (length(app_version) <= 32),
    outbox_pending integer NOT NULL DEFAULT 0 CHECK (outbox_pending >= 0),
    oldest_pending_at timestamptz,
    failed integer NOT NULL DEFAULT 0 CHECK (failed >= 0),
    last_sync_at timestamptz,
    persisted boolean,
    storage_used bigint CHECK (storage_used >= 0),
    storage_quota bigint CHECK (storage_quota >= 0),
    first_seen_at timestamptz NOT NULL DEFAULT now(),
    last_seen_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (tenant_id, device_id)
  )`,
  // The status tab lists a tenant's devices, most recently heard first.
  'CREATE INDEX devices_last_seen_idx ON devices (tenant_id, last_seen_at DESC)',
];

export async function up0020(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down0020(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS devices').execute(db);
}
