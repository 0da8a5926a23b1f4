import { type Kysely, sql } from 'kysely';

/**
 * 1. `recent_payment_ids`: the ids of the last payments posted to an account (at most
 *    RECENT_PAYMENTS_KEPT, newest last). A device that took a payment offline shows the account
 *    with that payment's credit applied until the server's account arrives; this list tells it
 *    whether an account it pulled already includes the payment, so it is never counted twice
 *    (when the answer to the payment was lost and a pull came first).
 * 2. Accounts and payments are synced collections: a committed change of either is announced on
 * `sys_changes` like a catalogue change (everyone of the tenant may be told; a device then pulls
 * and its feed carries only what its user may see). A field user's feed also brings an account
 * in with a change of one of their orders, which the order's own announcement already covers.
 * An update that leaves the change number as it was (the row lock a posting takes) announces
 * nothing, as for every other table.
 */
const UP = [
  `ALTER TABLE customer_accounts ADD COLUMN recent_payment_ids jsonb NOT NULL DEFAULT '[]'`,
  `CREATE TRIGGER customer_accounts_announce AFTER INSERT OR UPDATE ON customer_accounts
   FOR EACH ROW WHEN (NEW.change_seq > 0) EXECUTE FUNCTION announce_catalogue_change()`,
  `CREATE TRIGGER payments_announce AFTER INSERT OR UPDATE ON payments
   FOR EACH ROW EXECUTE FUNCTION announce_catalogue_change()`,
];

const DOWN = [
  'DROP TRIGGER IF EXISTS payments_announce ON payments',
  'DROP TRIGGER IF EXISTS customer_accounts_announce ON customer_accounts',
  'ALTER TABLE customer_accounts DROP COLUMN IF EXISTS recent_payment_ids',
];

export async function up0047(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down0047(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
