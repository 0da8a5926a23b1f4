/**
 * Bulk seeding for the benchmarks (not a test helper): adds `count` orders to one tenant of an
 * already migrated and seeded database (seedIfEmpty), through the same repository functions the
 * seed uses (insertOrders / insertOrderEvents), so the rows look like the app's own.
 *
 * What the rows look like, and why:
 * - 70 % pending_approval (the PATCH /orders/{id}/status benchmark needs a fresh target for every
 *   request), the rest spread over the other produced statuses, each with the history of events a
 *   real order in that status would have (one `created` event, then one per transition along a
 *   path of the status machine) — GET /orders sends each order with its items AND events, so the
 *   event count per order is part of what is measured;
 * - 2–4 lines per order, from the tenant's real products and customers, by its real salespeople;
 * - created_at spread over the last year, so "newest first" pages are not trivially the inserts;
 * - order numbers continue the tenant's sequence (prefix + 6 digits) and the counter moves past
 *   them, so orders created later through the API do not collide;
 * - change_seq from reserveChangeSeqs inside each batch's transaction (db/change-seq.ts), one
 *   number per order in commit order, exactly as a writer of the app takes them: the sync feed
 *   then sends these orders to a client like any other change.
 *
 * Batches of `batchSize` orders, one transaction each: a failure leaves whole batches.
 * Deterministic (seeded PRNG), except the timestamps, which follow `now`.
 */

import { type Kysely, sql } from 'kysely';
import { reserveChangeSeqs } from '../../../src/server/db/change-seq';
import { refreshStatistics } from '../../../src/server/db/database';
import type { Database } from '../../../src/server/db/schema';
import { Prng } from '../../../src/server/lib/prng';
import { backfillDecisions } from '../../../src/server/orders/order-decisions.service';
import {
  insertOrderEvents,
  insertOrders,
  type NewOrderEventInput,
  type NewOrderInput,
} from '../../../src/server/orders/orders.repository';
import { pathsTo } from '../../../src/server/seed/seed';
import { readTenantCounters, setTenantCounters } from '../../../src/server/tenants/tenants.repository';
import {
  type OrderStatus,
  PRODUCED_STATUSES,
  type ProducedStatus,
} from '../../../src/shared/domain/order-status';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

export interface BulkOrdersOptions {
  tenantId?: string;
  count: number;
  batchSize?: number;
  /** Share of pending_approval orders (default 0.7). */
  pendingShare?: number;
  now?: Date;
  seed?: string;
  /** Called after each committed batch (progress output). */
  onBatch?: (done: number, total: number) => void;
}

export interface BulkOrdersResult {
  inserted: number;
  items: number;
  events: number;
  /** Ids of the inserted pending_approval orders, newest first. */
  pendingIds: string[];
  ms: number;
}

interface Person {
  id: string;
  full_name: string;
  role: string;
}

/** Who makes a transition in the generated history (the status machine allows each of these). */
function actorFor(
  to: ProducedStatus,
  people: Record<string, Person[]>,
  salesperson: Person,
  driver: Person,
): Person {
  switch (to) {
    case 'approved':
    case 'rejected':
    case 'returned':
    case 'refunded':
      return people.manager?.[0] ?? people.admin?.[0] ?? salesperson;
    case 'cancelled':
      return salesperson;
    case 'prepared':
      return people.warehouse?.[0] ?? people.admin?.[0] ?? salesperson;
    case 'in_transit':
    case 'out_for_delivery':
    case 'delivered':
      return driver;
    default:
      return people.admin?.[0] ?? salesperson;
  }
}

export async function insertBulkOrders(
  db: Kysely<Database>,
  options: BulkOrdersOptions,
): Promise<BulkOrdersResult> {
  const started = performance.now();
  const tenantId = options.tenantId ?? 'demo';
  const batchSize = options.batchSize ?? 1000;
  const pendingShare = options.pendingShare ?? 0.7;
  const now = (options.now ?? new Date()).getTime();
  const rng = new Prng(options.seed ?? `bulk-orders:${tenantId}`);

  const tenant = await db
    .selectFrom('tenants')
    .select('order_number_prefix')
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const users = await db
    .selectFrom('users')
    .select(['id', 'full_name', 'role'])
    .where('tenant_id', '=', tenantId)
    .orderBy('username')
    .execute();
  const people: Record<string, Person[]> = {};
  for (const u of users) people[u.role] = [...(people[u.role] ?? []), u];
  const salespeople = people.salesperson ?? [];
  const drivers = people.driver ?? [];
  if (salespeople.length === 0 || drivers.length === 0)
    throw new Error(`tenant ${tenantId} has no salesperson/driver`);
  const customers = await db
    .selectFrom('customers')
    .select(['id', 'full_name', 'company_name', 'phone', 'email', 'address'])
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .execute();
  const products = await db
    .selectFrom('products')
    .select(['id', 'name', 'barcode', 'selling_price', 'discounted_price'])
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .execute();
  if (customers.length === 0 || products.length < 4) throw new Error(`tenant ${tenantId} is not seeded`);

  const others = PRODUCED_STATUSES.filter((s) => s !== 'pending_approval');
  const pathCache = new Map<ProducedStatus, ProducedStatus[][]>();
  const paths = (s: ProducedStatus) => {
    let found = pathCache.get(s);
    if (!found) {
      found = pathsTo(s);
      pathCache.set(s, found);
    }
    return found;
  };
  const toKurus = (decimal: string | number | null) => Math.round(Number(decimal) * 100);

  const result: BulkOrdersResult = { inserted: 0, items: 0, events: 0, pendingIds: [], ms: 0 };
  for (let start = 0; start < options.count; start += batchSize) {
    const size = Math.min(batchSize, options.count - start);
    // Fresh planner statistics before every batch. Why: each order line and event is checked
    // against its order by a foreign-key query whose plan is made once per session; planned while
    // `orders` held 64 rows it is a sequential scan, and every later line then scans the whole
    // growing table (measured on PGlite, which has no autovacuum: 1000 orders took 2.3 s, 4.5 s,
    // 6.1 s, 8.3 s … — quadratic). With statistics it is an index lookup and batches stay flat.
    await sql`ANALYZE orders`.execute(db);
    await db.transaction().execute(async (trx) => {
      const counters = await readTenantCounters(trx, tenantId);
      const orders: NewOrderInput[] = [];
      const events: NewOrderEventInput[] = [];
      for (let i = 0; i < size; i++) {
        const status: ProducedStatus = rng.chance(pendingShare) ? 'pending_approval' : rng.pick(others);
        const path = status === 'pending_approval' ? [] : rng.pick(paths(status));
        const salesperson = rng.pick(salespeople);
        const driver = rng.pick(drivers);
        const customer = rng.pick(customers);
        const lines = rng.int(2, 4);
        const picked = new Set<number>();
        while (picked.size < lines) picked.add(rng.int(0, products.length - 1));
        // Pending orders are recent (days), the others up to a year old (their history fits).
        const ageMs = status === 'pending_approval' ? rng.int(0, 14 * DAY) : rng.int(2 * DAY, 365 * DAY);
        let at = now - ageMs;
        const createdAt = new Date(at);
        const id = rng.uuid();
        const state = {
          manager_id: null as string | null,
          warehouse_id: null as string | null,
          driver_id: null as string | null,
        };
        events.push({
          id: rng.uuid(),
          order_id: id,
          event_type: 'created',
          from_status: null,
          to_status: 'pending_approval',
          user_id: salesperson.id,
          user_name: salesperson.full_name,
          notes: null,
          created_at: createdAt,
        });
        let from: ProducedStatus = 'pending_approval';
        for (const to of path) {
          if (to === 'in_transit' && !state.driver_id) state.driver_id = driver.id;
          const actor = actorFor(to, people, salesperson, driver);
          at += rng.int(1, 8) * HOUR;
          events.push({
            id: rng.uuid(),
            order_id: id,
            event_type: 'status_changed',
            from_status: from,
            to_status: to,
            user_id: actor.id,
            user_name: actor.full_name,
            notes: null,
            created_at: new Date(Math.min(at, now)),
          });
          if (to === 'approved') state.manager_id = actor.id;
          if (to === 'prepared') state.warehouse_id = actor.id;
          from = to;
        }
        const prepared = state.warehouse_id !== null;
        orders.push({
          id,
          order_number: `${tenant.order_number_prefix}-${String(counters.order_seq + i + 1).padStart(6, '0')}`,
          customer_id: customer.id,
          customer_name: customer.company_name ?? customer.full_name,
          customer_phone: customer.phone,
          customer_email: customer.email,
          customer_address: customer.address,
          status: status as OrderStatus,
          salesperson_id: salesperson.id,
          manager_id: state.manager_id,
          warehouse_id: state.warehouse_id,
          driver_id: state.driver_id,
          vehicle_plate: state.driver_id ? '34 ABC 123' : null,
          notes: rng.chance(0.3) ? 'Hızlı teslimat rica edilir' : null,
          created_at: createdAt,
          updated_at: new Date(Math.min(at, now)),
          change_seq: 0,
          items: [...picked].map((index) => {
            const p = products[index] as (typeof products)[number];
            const quantity = rng.int(1, 10);
            return {
              id: rng.uuid(),
              product_id: p.id,
              product_name: p.name,
              barcode: p.barcode,
              quantity,
              scanned_quantity: prepared ? quantity : 0,
              unit_price_kurus: toKurus(p.discounted_price ?? p.selling_price),
            };
          }),
        });
        if (status === 'pending_approval') result.pendingIds.push(id);
      }
      // One change number per order, taken inside this transaction (commit order = change order).
      const seqs = await reserveChangeSeqs(trx, tenantId, orders.length);
      orders.forEach((o, i) => {
        o.change_seq = seqs[i] as number;
      });
      await insertOrders(trx, tenantId, orders);
      await insertOrderEvents(trx, tenantId, events);
      await backfillDecisions(
        trx,
        tenantId,
        orders.map((o) => o.id),
      );
      await setTenantCounters(trx, tenantId, {
        change_seq: seqs[seqs.length - 1] as number,
        order_seq: counters.order_seq + size,
        customer_seq: counters.customer_seq,
      });
      result.items += orders.reduce((n, o) => n + o.items.length, 0);
      result.events += events.length;
    });
    result.inserted += size;
    options.onBatch?.(result.inserted, options.count);
  }
  // Leave the tables as a running server keeps them: VACUUM (ANALYZE), what autovacuum does on
  // PostgreSQL and the server's own maintenance does on PGlite (src/server/db/database.ts).
  if (options.count > 0) await refreshStatistics(db);
  result.ms = performance.now() - started;
  return result;
}
