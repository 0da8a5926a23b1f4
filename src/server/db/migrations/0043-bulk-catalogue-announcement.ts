import { type Kysely, sql } from 'kysely';

/**
 * A bulk write of the catalogue announces itself ONCE instead of once per product.
 *
 * `products_announce` (migration 0009) announces every written product on `sys_changes`: a call of
 * a PL/pgSQL function, a JSON payload and a queued NOTIFY per row, all delivered at COMMIT. For
 * the bulk import's final transaction that is 10,000 calls and 10,000 notifications, while the
 * one it needs says the same: a catalogue change of the tenant up to the block's last change
 * number (a stream is told the highest number it has not been told; the device then pulls
 * everything up to it). On the embedded database that transaction holds the one connection every
 * other request waits for, so its per-row work is what other users wait through.
 *
 * So the trigger fires unless the writing transaction has said it announces its rows itself:
 * `SELECT set_config('sys.announce_rows', 'off', true)` (transaction-local). The writer then
 * sends the one announcement before it commits (delivered at COMMIT like the trigger's), and
 * sets it back. The trigger's condition is evaluated when a row is written, without calling the
 * function. Every other write is announced as before.
 */
const up = [
  'DROP TRIGGER IF EXISTS products_announce ON products',
  `CREATE TRIGGER products_announce AFTER INSERT OR UPDATE ON products
   FOR EACH ROW WHEN (current_setting('sys.announce_rows', true) IS DISTINCT FROM 'off')
   EXECUTE FUNCTION announce_catalogue_change()`,
];

const down = [
  'DROP TRIGGER IF EXISTS products_announce ON products',
  `CREATE TRIGGER products_announce AFTER INSERT OR UPDATE ON products
   FOR EACH ROW EXECUTE FUNCTION announce_catalogue_change()`,
];

export async function up0043(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0043(db: Kysely<unknown>): Promise<void> {
  for (const statement of down) await sql.raw(statement).execute(db);
}
