import { type Kysely, sql } from 'kysely';

/**
 * The stock ledger's 'write_off' reason: deleting a product writes off what it still has on hand
 * (and any reservation left), as one movement, so a deleted product keeps no stock and its
 * figures stay the sums of its movements. The reason list is the CHECK of `stock_movements.reason`.
 * Down: write-offs become manual adjustments (the sums stay the same), then the old list.
 */
const REASONS = `'manual_adjustment','shipment','return','import','count','cancellation','reservation','release','opening'`;

const UP = [
  'ALTER TABLE stock_movements DROP CONSTRAINT IF EXISTS stock_movements_reason_check',
  `ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_reason_check
     CHECK (reason IN (${REASONS},'write_off'))`,
];

const DOWN = [
  `UPDATE stock_movements SET reason = 'manual_adjustment' WHERE reason = 'write_off'`,
  'ALTER TABLE stock_movements DROP CONSTRAINT IF EXISTS stock_movements_reason_check',
  `ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_reason_check CHECK (reason IN (${REASONS}))`,
];

export async function up0028(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down0028(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
