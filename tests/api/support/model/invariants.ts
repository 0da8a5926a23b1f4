import { sql } from 'kysely';
import {
  balanceOf,
  type LedgerEntry,
  type MovementKind,
  settle,
} from '../../../../src/shared/domain/account';
import {
  type ActingUser,
  canAssignDriver,
  canSeeOrder,
  checkTransition,
  type OrderRef,
  type ProducedStatus,
  TRANSITIONS,
  transitionBlock,
} from '../../../../src/shared/domain/order-status';
import type { Role } from '../../../../src/shared/domain/roles';
import { ORDER_STOCK_STATE } from '../../../../src/shared/domain/stock';
import { FINAL_STATUSES, type MOrder, type Model, stockOf } from './model';
import { STAFF, type Staff, type World } from './world';

/**
 * The cross-feature rules (docs/architecture.md, "Cross-feature rules"), read from the database
 * after every step, plus the comparison of the records with the model. Each returns failure texts.
 */

const RESERVING = Object.entries(ORDER_STOCK_STATE)
  .filter(([, s]) => s === 'reserved')
  .map(([status]) => status);

interface DbOrder {
  status: string;
  salesperson_id: string | null;
  driver_id: string | null;
}

interface DbUser extends ActingUser {
  key: Staff | undefined;
}

export async function checkInvariants(
  world: World,
  m: Model,
  probe: readonly MOrder[],
): Promise<{ rules: string[]; model: string[] }> {
  const db = world.api.db;
  const t = world.tenant;
  const orderIds = m.orders.map((o) => o.id);
  const productIds = m.products.map((p) => p.id);
  const none = ['00000000-0000-0000-0000-000000000000'];
  const [orders, items, products, movements, reserving, invoices, users, proofs] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['id', 'status', 'salesperson_id', 'driver_id', 'deleted_at'])
      .where('tenant_id', '=', t)
      .where('id', 'in', orderIds.length ? orderIds : none)
      .execute(),
    db
      .selectFrom('order_items')
      .select(['order_id', 'product_id', 'quantity', 'scanned_quantity', 'position'])
      .where('tenant_id', '=', t)
      .where('order_id', 'in', orderIds.length ? orderIds : none)
      .orderBy('order_id')
      .orderBy('position')
      .execute(),
    db
      .selectFrom('products')
      .select(['id', 'current_stock', 'reserved_stock', 'status', 'deleted_at'])
      .where('tenant_id', '=', t)
      .where('id', 'in', productIds)
      .execute(),
    db
      .selectFrom('stock_movements')
      .select(['product_id', 'quantity', 'reserved_delta', 'reason', 'seq'])
      .where('tenant_id', '=', t)
      .where('product_id', 'in', productIds)
      .orderBy('seq')
      .execute(),
    // What the open orders of the whole company reserve of these products.
    sql<{ product_id: string; q: string }>`
      SELECT i.product_id, sum(i.quantity)::text AS q FROM order_items i
      JOIN orders o ON o.tenant_id = i.tenant_id AND o.id = i.order_id
      WHERE i.tenant_id = ${t} AND o.deleted_at IS NULL AND o.status IN (${sql.join(RESERVING)})
        AND i.product_id IN (${sql.join(productIds)})
      GROUP BY i.product_id`.execute(db),
    db
      .selectFrom('invoices')
      .select([
        'id',
        'order_id',
        'type',
        'status',
        'original_invoice_id',
        'invoice_number',
        'gross_total_kurus',
        sql<string | null>`buyer->>'customer_id'`.as('customer_id'),
      ])
      .where('tenant_id', '=', t)
      .where('order_id', 'in', orderIds.length ? orderIds : none)
      .execute(),
    db
      .selectFrom('users')
      .select(['id', 'role', 'username'])
      .where('tenant_id', '=', t)
      .where('is_active', '=', true)
      .where('deleted_at', 'is', null)
      .execute(),
    db
      .selectFrom('delivery_proofs')
      .select('order_id')
      .where('tenant_id', '=', t)
      .where('order_id', 'in', orderIds.length ? orderIds : none)
      .execute(),
  ]);
  /** Rules read from the database alone. */
  const out: string[] = [];
  /** Where the records differ from the model. */
  const differ: string[] = [];
  const label = (id: string | null) =>
    m.orders.find((o) => o.id === id)?.label ?? m.products.find((p) => p.id === id)?.label ?? String(id);
  const staff: DbUser[] = users.map((u) => ({
    id: u.id,
    role: u.role as Role,
    key: STAFF.find((k) => k === u.username),
  }));

  // --- the model's records are the server's -----------------------------------------------------
  const byId = new Map(orders.map((o) => [o.id, o]));
  for (const o of m.orders) {
    const row = byId.get(o.id);
    if (!row) {
      differ.push(`order ${o.label} is missing`);
      continue;
    }
    const driver = o.driver ? m.ids[o.driver] : null;
    if (row.status !== o.status)
      differ.push(`order ${o.label} is ${row.status}; the model expects ${o.status}`);
    if (row.driver_id !== driver)
      differ.push(
        `order ${o.label} has driver ${who(m, row.driver_id)}; the model expects ${o.driver ?? 'none'}`,
      );
    const lines = items.filter((i) => i.order_id === o.id);
    const got = lines
      .map((l) => `${label(l.product_id)}×${l.quantity} (${l.scanned_quantity} scanned)`)
      .join(', ');
    const want = o.lines
      .map((l, i) => `${m.products[l.product]?.label}×${l.qty} (${o.scanned[i] ?? 0} scanned)`)
      .join(', ');
    if (got !== want) differ.push(`order ${o.label} lines are ${got}; the model expects ${want}`);
    const proofCount = proofs.filter((p) => p.order_id === o.id).length;
    if (proofCount !== (o.proof ? 1 : 0))
      differ.push(
        `order ${o.label} has ${proofCount} proofs of delivery; the model expects ${o.proof ? 1 : 0}`,
      );
  }
  const productRows = new Map(products.map((p) => [p.id, p]));
  for (const [i, p] of m.products.entries()) {
    const row = productRows.get(p.id);
    if (!row) {
      differ.push(`product ${p.label} is missing`);
      continue;
    }
    const f = stockOf(m, i);
    if (row.current_stock !== f.onHand || row.reserved_stock !== f.reserved)
      differ.push(
        `product ${p.label}: on hand ${row.current_stock}, reserved ${row.reserved_stock}; ` +
          `the model expects ${f.onHand} and ${f.reserved}`,
      );
    if ((row.deleted_at !== null) !== p.deleted)
      differ.push(
        `product ${p.label} is ${row.deleted_at ? '' : 'not '}deleted; the model expects otherwise`,
      );
    else if (!p.deleted && (row.status === 'active') !== p.active)
      differ.push(
        `product ${p.label} is ${row.status}; the model expects ${p.active ? 'active' : 'inactive'}`,
      );
  }
  const modelInvoices = new Map(m.invoices.map((inv) => [inv.id, inv]));
  for (const row of invoices) {
    const inv = modelInvoices.get(row.id);
    if (!inv) {
      differ.push(
        `invoice ${row.type} ${row.invoice_number} of order ${label(row.order_id)} is not in the model`,
      );
      continue;
    }
    modelInvoices.delete(row.id);
    const original = inv.original === null ? null : (m.invoices[inv.original]?.id ?? null);
    if (row.type !== inv.type || row.status !== inv.status || row.original_invoice_id !== original)
      differ.push(
        `invoice ${inv.label} is ${row.type} ${row.status}; the model expects ${inv.type} ${inv.status}` +
          (row.original_invoice_id !== original ? ' (another original invoice)' : ''),
      );
  }
  for (const inv of modelInvoices.values()) differ.push(`invoice ${inv.label} (${inv.type}) is missing`);

  // --- no stranded order ------------------------------------------------------------------------
  for (const row of orders) {
    if (row.deleted_at !== null || FINAL_STATUSES.includes(row.status as ProducedStatus)) continue;
    if (!nextActor(staff, row)) {
      const o = m.orders.find((x) => x.id === row.id);
      out.push(
        `order ${o?.label} is stranded: ${row.status}, driver ${who(m, row.driver_id)} — ` +
          'no active user other than the admin may take its next step',
      );
    }
  }
  for (const o of probe) {
    const row = byId.get(o.id);
    if (!row || FINAL_STATUSES.includes(row.status as ProducedStatus)) continue;
    const next = nextActor(staff, row);
    if (!next?.key) continue;
    // The server agrees that this user may reach the order for its next step.
    const r = await world.api.call('GET', `/orders/${o.id}`, {
      tenant: t,
      token: world.sessions[next.key].token,
    });
    if (r.status !== 200)
      out.push(`order ${o.label}: ${next.key} must take its next step but cannot open it (${r.status})`);
  }

  // --- stock: the ledger, the reservations, the documented limits --------------------------------
  const reservedByOrders = new Map(reserving.rows.map((r) => [r.product_id, Number(r.q)]));
  for (const row of products) {
    const own = movements.filter((mv) => mv.product_id === row.id);
    let onHand = 0;
    let reserved = 0;
    for (const mv of own) {
      onHand += mv.quantity;
      reserved += mv.reserved_delta;
      if (mv.reserved_delta > 0 && onHand - reserved < 0)
        out.push(
          `product ${label(row.id)}: a reservation (movement ${mv.seq}) took available to ${onHand - reserved}`,
        );
      if (mv.quantity < 0 && ['manual_adjustment', 'return', 'import'].includes(mv.reason) && onHand < 0)
        out.push(`product ${label(row.id)}: ${mv.reason} movement ${mv.seq} took on hand to ${onHand}`);
    }
    if (onHand !== row.current_stock || reserved !== row.reserved_stock)
      out.push(
        `product ${label(row.id)}: stored ${row.current_stock}/${row.reserved_stock} (on hand/reserved), ` +
          `its ledger sums to ${onHand}/${reserved}`,
      );
    const promised = reservedByOrders.get(row.id) ?? 0;
    if (row.reserved_stock !== promised)
      out.push(
        `product ${label(row.id)}: reserved ${row.reserved_stock}, the open orders' lines hold ${promised}`,
      );
  }

  // --- invoices ---------------------------------------------------------------------------------
  const standingSales = new Map<string, number>();
  for (const row of invoices) {
    if (row.type !== 'SATIS' || row.status !== 'issued') continue;
    standingSales.set(row.order_id, (standingSales.get(row.order_id) ?? 0) + 1);
  }
  for (const [order, n] of standingSales)
    if (n > 1) out.push(`order ${label(order)} has ${n} standing sales invoices`);
  for (const row of invoices) {
    if (row.type !== 'IADE' || row.status !== 'issued') continue;
    const sale = invoices.find((i) => i.id === row.original_invoice_id);
    if (sale?.type !== 'SATIS' || sale.order_id !== row.order_id || sale.status !== 'issued')
      out.push(
        `return invoice ${row.invoice_number} of order ${label(row.order_id)} refers to ` +
          (sale ? `${sale.type} ${sale.invoice_number}, ${sale.status}` : 'no invoice of the order'),
      );
  }
  out.push(...numbering(m, invoices));
  out.push(...(await accounts(world, invoices)));
  out.push(...(await storedWires(world, orderIds)));
  return { rules: out, model: differ };
}

/**
 * Each order's stored wire text (order_wires, written when the order changes) is of its current
 * change number and is exactly the text built from its rows now — so a reader given the stored
 * text never sees another version than the order's, or a stale name.
 */
async function storedWires(world: World, orderIds: readonly string[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const t = world.tenant;
  const { rows } = await sql<{ id: string; seq: string; stored_seq: string | null; same: boolean | null }>`
    SELECT o.id, o.change_seq::text AS seq, ow.change_seq::text AS stored_seq,
           ow.wire = (SELECT b.wire FROM order_wire_build(${t}, ARRAY[o.id]) b) AS same
    FROM orders o
    LEFT JOIN order_wires ow ON ow.tenant_id = o.tenant_id AND ow.order_id = o.id
    WHERE o.tenant_id = ${t} AND o.id IN (${sql.join(orderIds)})`.execute(world.api.db);
  const out: string[] = [];
  for (const row of rows) {
    if (row.stored_seq !== row.seq)
      out.push(
        `order ${row.id}: stored wire text of change ${row.stored_seq ?? 'none'}, the order is at ${row.seq}`,
      );
    else if (row.same !== true) out.push(`order ${row.id}: stored wire text differs from the one built now`);
  }
  return out;
}

/**
 * The customer accounts the invoices post to, read from the database: each invoice of a customer
 * is posted once (a sales invoice +gross, a return invoice −gross) and, once cancelled, reversed
 * once by a movement naming its posting; each touched account's stored figures are its ledger's
 * (balance = Σ movements, `seq` 1…n with the running balance, the settlement's open items and
 * unapplied credit recounted by the one rule).
 */
async function accounts(
  world: World,
  invoices: readonly {
    id: string;
    type: string;
    status: string;
    invoice_number: string;
    gross_total_kurus: number | string;
    customer_id: string | null;
  }[],
): Promise<string[]> {
  const db = world.api.db;
  const t = world.tenant;
  const customers = [...new Set(invoices.flatMap((i) => (i.customer_id ? [i.customer_id] : [])))];
  if (customers.length === 0) return [];
  const [movements, stored] = await Promise.all([
    db
      .selectFrom('account_movements')
      .selectAll()
      .where('tenant_id', '=', t)
      .where('customer_id', 'in', customers)
      .orderBy('customer_id')
      .orderBy('seq')
      .execute(),
    db
      .selectFrom('customer_accounts')
      .selectAll()
      .where('tenant_id', '=', t)
      .where('customer_id', 'in', customers)
      .execute(),
  ]);
  const out: string[] = [];
  for (const inv of invoices) {
    if (!inv.customer_id) continue;
    const posts = movements.filter((mv) => mv.invoice_id === inv.id && mv.kind !== 'invoice_cancellation');
    const undo = movements.filter((mv) => mv.invoice_id === inv.id && mv.kind === 'invoice_cancellation');
    const kind = inv.type === 'IADE' ? 'return_invoice' : 'sales_invoice';
    const amount = (inv.type === 'IADE' ? -1 : 1) * Number(inv.gross_total_kurus);
    const post = posts[0];
    if (posts.length !== 1 || post?.kind !== kind || Number(post.amount_kurus) !== amount)
      out.push(
        `invoice ${inv.invoice_number} is posted to its customer's account as ` +
          `${posts.map((p) => `${p.kind} ${p.amount_kurus}`).join(', ') || 'nothing'}; expected ${kind} ${amount}`,
      );
    const wantUndo = inv.status === 'cancelled' ? 1 : 0;
    if (
      undo.length !== wantUndo ||
      (undo[0] && (undo[0].reverses !== post?.id || Number(undo[0].amount_kurus) !== -amount))
    )
      out.push(
        `invoice ${inv.invoice_number} (${inv.status}) has ${undo.length} cancellation movements; expected ${wantUndo} undoing its posting`,
      );
  }
  for (const customer of customers) {
    const rows = movements.filter((mv) => mv.customer_id === customer);
    const entries: LedgerEntry[] = rows.map((r) => ({
      id: r.id,
      kind: r.kind as MovementKind,
      amount_kurus: Number(r.amount_kurus),
      day: r.day,
      due_day: r.due_day,
      reverses: r.reverses,
      applies_to: r.applies_to,
    }));
    let running = 0;
    rows.forEach((r, i) => {
      running += Number(r.amount_kurus);
      if (r.seq !== i + 1 || Number(r.balance_after_kurus) !== running)
        out.push(
          `account of customer ${customer}: movement ${i + 1} has seq ${r.seq}, running balance ${r.balance_after_kurus} ≠ ${running}`,
        );
    });
    const account = stored.find((a) => a.customer_id === customer);
    const { items, unapplied_kurus } = settle(entries);
    const open = items.filter((i) => i.open_kurus > 0).map((i) => `${i.id}:${i.open_kurus}`);
    const got = account ? account.open_items.map((i) => `${i.id}:${i.open_kurus}`) : [];
    if (
      (account ? Number(account.balance_kurus) : 0) !== balanceOf(entries) ||
      (account ? Number(account.unapplied_kurus) : 0) !== unapplied_kurus ||
      got.join() !== open.join()
    )
      out.push(
        `account of customer ${customer}: stored balance ${account?.balance_kurus ?? 0}, open ${got.join(' ')}; ` +
          `its ledger gives ${balanceOf(entries)}, open ${open.join(' ')}`,
      );
  }
  return out;
}

/** A non-admin active user who may see the order and take a step of the machine out of its status. */
function nextActor(staff: readonly DbUser[], row: DbOrder) {
  const order: OrderRef = {
    status: row.status,
    salesperson_id: row.salesperson_id,
    driver_id: row.driver_id,
  };
  // A move waiting for a driver (shipping) has its next step in whoever may assign one.
  const waitsForDriver = TRANSITIONS.some(
    (tr) => tr.from === row.status && transitionBlock(tr, order) === 'driver_required',
  );
  return staff.find(
    (u) =>
      u.role !== 'admin' &&
      canSeeOrder(u, order) &&
      (TRANSITIONS.some((tr) => tr.from === row.status && checkTransition(u, order, tr.to).ok) ||
        (waitsForDriver && canAssignDriver(u, order))),
  );
}

/** Invoice numbers issued in this sequence continue the tenant's, per year, without a gap. */
function numbering(m: Model, rows: readonly { id: string; invoice_number: string }[]): string[] {
  const ours = rows.filter((r) => m.invoices.some((i) => i.id === r.id));
  const perYear = new Map<number, number[]>();
  for (const r of ours) {
    const { year, seq } = parseNumber(r.invoice_number);
    perYear.set(year, [...(perYear.get(year) ?? []), seq]);
  }
  const out: string[] = [];
  for (const [year, seqs] of perYear) {
    seqs.sort((a, b) => a - b);
    const start = m.invoiceStart.get(year) ?? 0;
    const want = seqs.map((_, i) => start + i + 1);
    if (seqs.join() !== want.join())
      out.push(
        `invoice numbers of ${year} issued in this sequence are ${seqs.join(', ')}; without a gap they are ${want.join(', ')}`,
      );
  }
  return out;
}

/** `<prefix 3><year 4><sequence 9>`. */
export function parseNumber(n: string): { year: number; seq: number } {
  return { year: Number(n.slice(-13, -9)), seq: Number(n.slice(-9)) };
}

function who(m: Model, id: string | null): string {
  if (id === null) return 'none';
  return STAFF.find((k) => m.ids[k] === id) ?? id;
}
