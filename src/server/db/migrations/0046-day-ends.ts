import { type Kysely, sql } from 'kysely';

/**
 * Day-end (gün sonu): a manager confirms what a driver or a salesperson handed over of a day's
 * collections. `expected` is what their payments of that day added up to by method when it was
 * confirmed, `counted` what the manager counted and received, both {method: kuruş}; a difference
 * is recorded, never hidden. One confirmation per person and day; its id is made by the client.
 */
const UP = [
  `CREATE TABLE day_ends (
    tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    id uuid NOT NULL,
    user_id uuid NOT NULL,
    user_name text NOT NULL,
    day text NOT NULL CHECK (day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
    expected jsonb NOT NULL,
    counted jsonb NOT NULL,
    payment_count integer NOT NULL,
    difference_kurus bigint NOT NULL,
    note text,
    confirmed_by uuid NOT NULL,
    confirmed_by_name text NOT NULL,
    confirmed_at timestamptz NOT NULL DEFAULT now(),
    change_seq bigint NOT NULL,
    PRIMARY KEY (tenant_id, id)
  )`,
  'CREATE UNIQUE INDEX day_ends_person_day_key ON day_ends (tenant_id, user_id, day)',
  'CREATE INDEX day_ends_day_idx ON day_ends (tenant_id, day)',
];

export async function up0046(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down0046(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS day_ends`.execute(db);
}
