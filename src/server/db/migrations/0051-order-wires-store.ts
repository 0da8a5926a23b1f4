import { type Kysely, sql } from 'kysely';

/**
 * One function stores orders' wire texts: `order_wires_store(tenant, ids)` builds the texts of the
 * given orders as they are now and writes them (insert, or replace the stored one), marked as
 * built by the current transaction. The COMMIT trigger on orders, lines and history calls it for
 * its one order; a backup's restore (orders.repository.ts `storeOrderWires`) and an operator's
 * refill (docs/operations.md) call it for every order of a tenant. Before, each of these wrote
 * the same INSERT … ON CONFLICT of its own, which a later change of the table would have had to
 * find three times.
 *
 * The trigger's rule is unchanged: an order touched many times in one transaction is built once
 * (a later firing finds a text of the order's current number built by this transaction).
 */
/** The COMMIT trigger's function, storing its one order's text with `store` (SQL, ends in `;`). */
const triggerFunction = (
  store: string,
) => `CREATE OR REPLACE FUNCTION order_wire_store() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    v_tenant text;
    v_order uuid;
  BEGIN
    IF TG_TABLE_NAME = 'orders' THEN
      v_tenant := NEW.tenant_id; v_order := NEW.id;
    ELSIF TG_OP = 'DELETE' THEN
      v_tenant := OLD.tenant_id; v_order := OLD.order_id;
    ELSE
      v_tenant := NEW.tenant_id; v_order := NEW.order_id;
    END IF;
    IF EXISTS (SELECT 1 FROM order_wires ow JOIN orders o
                 ON o.tenant_id = ow.tenant_id AND o.id = ow.order_id AND o.change_seq = ow.change_seq
               WHERE ow.tenant_id = v_tenant AND ow.order_id = v_order AND ow.built_by = txid_current()) THEN
      RETURN NULL;
    END IF;
    ${store}
    RETURN NULL;
  END $$`;

/** Builds and writes (insert, or replace) the texts of the given orders. */
const STORE = `INSERT INTO order_wires (tenant_id, order_id, change_seq, wire, built_by)
      SELECT p_tenant, b.id, b.change_seq, b.wire, txid_current() FROM order_wire_build(p_tenant, p_ids) b
    ON CONFLICT (tenant_id, order_id) DO UPDATE
      SET change_seq = EXCLUDED.change_seq, wire = EXCLUDED.wire, built_by = EXCLUDED.built_by`;

const up: string[] = [
  `CREATE FUNCTION order_wires_store(p_tenant text, p_ids uuid[]) RETURNS void LANGUAGE sql AS $$
    ${STORE}
  $$`,
  triggerFunction('PERFORM order_wires_store(v_tenant, ARRAY[v_order]);'),
];

/** The trigger function as migration 0050 made it (its own statement), then the shared function goes. */
const down: string[] = [
  triggerFunction(`${STORE.replaceAll('p_tenant', 'v_tenant').replace('p_ids', 'ARRAY[v_order]')};`),
  'DROP FUNCTION IF EXISTS order_wires_store(text, uuid[])',
];

export async function up0051(db: Kysely<unknown>): Promise<void> {
  for (const statement of up) await sql.raw(statement).execute(db);
}

export async function down0051(db: Kysely<unknown>): Promise<void> {
  for (const statement of down) await sql.raw(statement).execute(db);
}
