import { type Kysely, sql } from 'kysely';

/**
 * The change number of the order update a status event was written with. A status move names the
 * version of the order its user saw; with this column the server can tell whether the order has
 * LEFT the status the user saw since that version (the in transit ↔ out for delivery cycle brings
 * a status back), which refuses a late replay of a move that was already made once. Null for
 * events written before this column existed (they predate any version a device still holds).
 */
export async function up0041(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE order_events ADD COLUMN change_seq bigint`.execute(db);
}

export async function down0041(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE order_events DROP COLUMN IF EXISTS change_seq`.execute(db);
}
