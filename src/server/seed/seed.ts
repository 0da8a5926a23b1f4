import type { Kysely } from 'kysely';
import { DELIVERY_FAILURE_REASONS, type EventNote, storedEventNote } from '../../shared/api/stored-texts';
import {
  type ActingUser,
  canAssignDriver,
  checkTransition,
  DRIVER_ASSIGNED_NOTIFICATION,
  type NotificationType,
  type NotifyTarget,
  ORDER_CREATED_NOTIFICATION,
  PRODUCED_STATUSES,
  type ProducedStatus,
  TRANSITIONS,
} from '../../shared/domain/order-status';
import type { Role } from '../../shared/domain/roles';
import { INSTALLATION_PASSWORD } from '../auth/one-time-password';
import { insertCustomers, type NewCustomerInput } from '../customers/customers.repository';
import type { Database } from '../db/schema';
import { makeEan13 } from '../lib/ean13';
import { generatePassword, hashPassword } from '../lib/password';
import { Prng } from '../lib/prng';
import { orderNotificationRow } from '../notifications/notification-texts';
import { insertNotifications, type NewNotificationInput } from '../notifications/notifications.repository';
import { backfillDecisions } from '../orders/order-decisions.service';
import {
  insertOrderEvents,
  insertOrders,
  type NewOrderEventInput,
  type NewOrderInput,
} from '../orders/orders.repository';
import { seedListNames } from '../products/product-lists.repository';
import { insertProducts, type NewProductInput } from '../products/products.repository';
import { seedStockLedger } from '../stock/stock-seed';
import { countTenants, insertTenant, setTenantCounters } from '../tenants/tenants.repository';
import { insertUsers, type NewUserInput } from '../users/users.repository';
import {
  CITIES,
  COMPANY_KINDS,
  COMPANY_WORDS,
  FIRST_NAMES,
  LAST_NAMES,
  ORDER_NOTES,
  PLATES,
  SEED_TENANTS,
  type SeedTenant,
  STREETS,
  SYSTEM_NOTIFICATIONS,
} from './seed-data';
import { SEED_PRODUCTS } from './seed-products';

export interface SeedLogin {
  tenant: string;
  username: string;
  role: Role;
  full_name: string;
  password: string;
}

export interface SeedReport {
  kind: 'demo' | 'production';
  logins: SeedLogin[];
}

export const ORDERS_PER_TENANT = 64;
const CUSTOMERS_PER_TENANT = 24;
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** The demo logins (printed at every start of a demo database, listed in the README). */
export function demoLogins(password: string): SeedLogin[] {
  return SEED_TENANTS.flatMap((t) =>
    t.users.map((u) => ({
      tenant: t.id,
      username: u.username,
      role: u.role,
      full_name: u.full_name,
      password,
    })),
  );
}

/**
 * Seeds an EMPTY database (no tenants) and returns what was created, or null when there was
 * already data. Demo (default): tenants default, demo, client1 with users for every role, products
 * with valid EAN-13 barcodes, customers, orders in every produced status with their events and the
 * notifications those events imply. Production: only the platform tenant and one admin with a
 * generated password (returned once, to be printed once).
 *
 * Deterministic: every name, number and id comes from a PRNG seeded per tenant; only timestamps
 * follow the clock (`now`), so the dashboards look current. Everything is written in ONE
 * transaction: an interrupted first start leaves an empty database, seeded again next time.
 */
export async function seedIfEmpty(
  db: Kysely<Database>,
  options: {
    demoPassword: string;
    production: boolean;
    now?: Date;
    /** Progress lines (main.ts prints them: a first start must not look hung). */
    onProgress?: (line: string) => void;
  },
): Promise<SeedReport | null> {
  if ((await countTenants(db)) > 0) return null;
  const now = options.now ?? new Date();
  if (options.production) return seedProduction(db, now);
  return seedDemo(db, options.demoPassword, now, options.onProgress ?? (() => {}));
}

async function seedProduction(db: Kysely<Database>, now: Date): Promise<SeedReport> {
  const password = generatePassword(16);
  const hash = await hashPassword(password);
  const platform = SEED_TENANTS[0] as SeedTenant;
  await db.transaction().execute(async (trx) => {
    await insertTenant(trx, {
      id: 'default',
      company_name: platform.company_name,
      subdomain: 'default',
      subscription_plan: 'enterprise',
      dns_status: 'active',
    });
    await seedListNames(trx, 'default', [], now);
    await insertUsers(trx, 'default', [
      {
        id: new Prng(`prod-admin-${now.getTime()}`).uuid(),
        username: 'admin',
        password_hash: hash,
        full_name: 'Platform Yöneticisi',
        role: 'admin',
        created_at: now,
        // Printed once on the console: the operator signs in with it only to set their own.
        ...INSTALLATION_PASSWORD,
      },
    ]);
  });
  return {
    kind: 'production',
    logins: [
      { tenant: 'default', username: 'admin', role: 'admin', full_name: 'Platform Yöneticisi', password },
    ],
  };
}

async function seedDemo(
  db: Kysely<Database>,
  demoPassword: string,
  now: Date,
  progress: (line: string) => void,
): Promise<SeedReport> {
  progress('Demo verisi oluşturuluyor…');
  // ONE scrypt hash of the demo password, shared by every demo user: they all have that password
  // anyway (it is printed at every start), and a hash per user made the first start wait for 21
  // memory-hard hashes. Computed before the transaction (slow work never runs inside one).
  const passwordHash = await hashPassword(demoPassword);
  const plans = SEED_TENANTS.map((tenant) =>
    buildTenant(
      tenant,
      now,
      tenant.users.map(() => passwordHash),
    ),
  );
  await db.transaction().execute(async (trx) => {
    for (const plan of plans) {
      const t = plan.tenant;
      progress(
        `  • ${t.company_name} (${t.id}): ${plan.users.length} kullanıcı, ${plan.products.length} ürün, ` +
          `${plan.customers.length} müşteri, ${plan.orders.length} sipariş`,
      );
      await insertTenant(trx, {
        id: t.id,
        company_name: t.company_name,
        subdomain: t.id,
        full_domain: `${t.id}.orderapp.com.tr`,
        subscription_plan: t.subscription_plan,
        primary_color: t.primary_color,
        secondary_color: t.secondary_color,
        company_description: `${t.company_name} sipariş yönetim sistemi`,
        registration_enabled: t.registration_enabled,
        legal_name: t.legal_name,
        tax_number: t.tax_number,
        tax_office: t.tax_office,
        address: t.address,
        phone: t.phone,
        email: t.email,
        website: t.website,
        dns_status: 'active',
        demo_data: true,
      });
      await insertUsers(trx, t.id, plan.users);
      await insertCustomers(trx, t.id, plan.customers);
      await insertProducts(trx, t.id, plan.products);
      await seedListNames(trx, t.id, plan.products, now);
      await insertOrders(trx, t.id, plan.orders);
      await insertOrderEvents(trx, t.id, plan.events);
      await seedStockLedger(trx, t.id, plan.products, plan.orders, now);
      // The histories are written whole: their decisions are recorded from them afterwards.
      await backfillDecisions(
        trx,
        t.id,
        plan.orders.map((o) => o.id),
      );
      await insertNotifications(trx, t.id, plan.notifications);
      await setTenantCounters(trx, t.id, {
        change_seq: plan.lastSeq,
        order_seq: plan.orders.length,
        customer_seq: plan.customers.length,
      });
    }
  });
  return { kind: 'demo', logins: demoLogins(demoPassword) };
}

interface TenantPlan {
  tenant: SeedTenant;
  users: NewUserInput[];
  customers: NewCustomerInput[];
  products: NewProductInput[];
  orders: NewOrderInput[];
  events: NewOrderEventInput[];
  notifications: NewNotificationInput[];
  lastSeq: number;
}

/** Every simple path of the status machine from pending_approval to `target`. */
export function pathsTo(target: ProducedStatus): ProducedStatus[][] {
  const result: ProducedStatus[][] = [];
  const walk = (at: ProducedStatus, path: ProducedStatus[]) => {
    if (at === target) {
      result.push(path);
      return;
    }
    for (const t of TRANSITIONS) {
      if (t.from === at && !path.includes(t.to) && t.to !== 'pending_approval') walk(t.to, [...path, t.to]);
    }
  };
  walk('pending_approval', []);
  return result;
}

function buildTenant(tenant: SeedTenant, now: Date, passwordHashes: string[]): TenantPlan {
  const rng = new Prng(`seed:${tenant.id}`);
  // The second and further targets of a notification (the warehouse on approval, the driver on
  // shipping) draw from their own generator: the main sequence, and so every other seeded row,
  // stays what it was before notifications had several targets.
  const fanoutRng = new Prng(`seed-fanout:${tenant.id}`);
  let seq = 0;
  const nextSeq = () => ++seq;

  const users: NewUserInput[] = tenant.users.map((u, i) => ({
    id: rng.uuid(),
    username: u.username,
    password_hash: passwordHashes[i] as string,
    full_name: u.full_name,
    email: u.email,
    phone: u.phone,
    role: u.role,
    created_at: new Date(now.getTime() - 120 * DAY),
  }));
  const byUsername = (name: string) => {
    const user = users.find((u) => u.username === name);
    if (!user) throw new Error(`seed user ${name} missing`);
    return user;
  };
  const ofRole = (role: Role) => users.filter((u) => u.role === role);
  const acting = (u: NewUserInput): ActingUser => ({ id: u.id, role: u.role });

  // Customers: half companies, half people; numbered with the tenant's prefix.
  const customers: NewCustomerInput[] = Array.from({ length: CUSTOMERS_PER_TENANT }, (_, i) => {
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const place = rng.pick(CITIES);
    const company = i % 2 === 0 ? `${rng.pick(COMPANY_WORDS)} ${rng.pick(COMPANY_KINDS)}` : null;
    const mail = `${first}.${last}`
      .toLowerCase()
      .replace(/ı/g, 'i')
      .replace(/ğ/g, 'g')
      .replace(/ü/g, 'u')
      .replace(/ş/g, 's')
      .replace(/ö/g, 'o')
      .replace(/ç/g, 'c')
      .replace(/i̇/g, 'i')
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '');
    return {
      id: rng.uuid(),
      customer_number: `CUST-${String(i + 1).padStart(4, '0')}`,
      full_name: `${first} ${last}`,
      company_name: company,
      phone: `+90 5${rng.int(30, 59)} ${rng.int(100, 999)} ${rng.int(10, 99)} ${rng.int(10, 99)}`,
      email: `${mail}${i}@example.com.tr`,
      address: `${rng.pick(STREETS)} No:${rng.int(1, 120)}, ${rng.pick(place.districts)} / ${place.city}`,
      city: place.city,
      created_at: new Date(now.getTime() - rng.int(70, 110) * DAY),
      change_seq: 0,
    };
  });

  // Products: valid EAN-13 (869 = GS1 Türkiye), codes per category, stock incl. low and empty.
  const categoryCode: Record<string, string> = {
    Elektronik: 'ELK',
    Bilgisayar: 'BLG',
    Giyim: 'GYM',
    'Ev & Yaşam': 'EVY',
  };
  const products: NewProductInput[] = SEED_PRODUCTS.map((p, i) => {
    const stockRoll = rng.next();
    const minStock = rng.int(5, 15);
    const stock = stockRoll < 0.08 ? 0 : stockRoll < 0.18 ? rng.int(1, minStock) : rng.int(minStock + 5, 250);
    return {
      id: rng.uuid(),
      name: p.name,
      product_code: `${categoryCode[p.category]}-${String(i + 1).padStart(4, '0')}`,
      barcode: makeEan13(
        `869${tenant.barcodeCode}${String(1000 + i).padStart(4, '0')}${String(rng.int(0, 999)).padStart(3, '0')}`,
      ),
      description: p.description,
      category: p.category,
      brand: p.brand,
      unit: p.unit ?? 'adet',
      selling_price_kurus: p.price,
      cost_price_kurus: Math.round((p.price * rng.int(65, 85)) / 100),
      discounted_price_kurus: rng.chance(0.15) ? Math.round((p.price * 9) / 10) : null,
      current_stock: stock,
      min_stock: minStock,
      status: 'active',
      images: [],
      tags: [p.category.toLowerCase(), p.brand.toLowerCase()],
      created_at: new Date(now.getTime() - rng.int(60, 100) * DAY),
      change_seq: 0,
    };
  });

  const orders: NewOrderInput[] = [];
  const events: NewOrderEventInput[] = [];
  const notifications: NewNotificationInput[] = [];
  const managers = [...ofRole('manager'), ...ofRole('admin')];
  const salespeople = ofRole('salesperson');
  const drivers = ofRole('driver');
  const warehouse = ofRole('warehouse');

  for (let i = 0; i < ORDERS_PER_TENANT; i++) {
    const target = PRODUCED_STATUSES[i % PRODUCED_STATUSES.length] as ProducedStatus;
    const candidates = pathsTo(target);
    let path = [...(rng.pick(candidates) as ProducedStatus[])];
    // Variety: a failed delivery (out_for_delivery → in_transit with a reason, then out again).
    const ofd = path.indexOf('out_for_delivery');
    if (ofd >= 0 && rng.chance(0.3)) path.splice(ofd + 1, 0, 'in_transit', 'out_for_delivery');
    if (target === 'in_transit' && rng.chance(0.3)) path = [...path, 'out_for_delivery', 'in_transit'];

    const salesperson = i % 4 === 3 ? (salespeople[1] ?? byUsername('sales')) : byUsername('sales');
    const customer = rng.pick(customers);
    const lineCount = rng.int(1, 4);
    const picked = new Set<number>();
    while (picked.size < lineCount) picked.add(rng.int(0, products.length - 1));
    const items = [...picked].map((index) => {
      const product = products[index] as NewProductInput;
      return {
        id: rng.uuid(),
        product_id: product.id,
        product_name: product.name,
        barcode: product.barcode,
        quantity: rng.int(1, 5),
        scanned_quantity: 0,
        unit_price_kurus: product.discounted_price_kurus ?? product.selling_price_kurus,
      };
    });

    // Pending orders are recent; others older, so that their whole history fits before now.
    const ageDays = path.length === 0 ? rng.int(0, 2) : rng.int(4, 60);
    let at = now.getTime() - ageDays * DAY - rng.int(1, 20) * HOUR;
    const createdAt = new Date(at);
    const orderId = rng.uuid();
    const orderNumber = `${'ORD'}-${String(i + 1).padStart(6, '0')}`;
    const customerName = customer.company_name ?? customer.full_name;
    const state = {
      status: 'pending_approval' as ProducedStatus,
      salesperson_id: salesperson.id,
      driver_id: null as string | null,
      vehicle_plate: null as string | null,
      manager_id: null as string | null,
      warehouse_id: null as string | null,
    };
    const ref = { order_number: orderNumber, customer_name: customerName };
    const notifyOne = (
      type: NotificationType,
      target: NotifyTarget,
      when: number,
      extra: { notes?: string | null },
      rng: Prng,
    ) => {
      const recipients =
        target === 'managers'
          ? managers
          : target === 'salesperson'
            ? [salesperson]
            : target === 'warehouse'
              ? ofRole('warehouse')
              : users.filter((u) => u.id === state.driver_id);
      const text = orderNotificationRow(type, ref, extra.notes);
      for (const recipient of recipients) {
        const age = now.getTime() - when;
        notifications.push({
          id: rng.uuid(),
          user_id: recipient.id,
          ...text,
          is_read: age > 2 * DAY ? rng.chance(0.9) : rng.chance(0.25),
          related_order_id: orderId,
          created_at: new Date(when),
          change_seq: 0,
        });
      }
    };
    const notify = (
      type: NotificationType,
      targets: readonly NotifyTarget[],
      when: number,
      extra: { notes?: string | null } = {},
    ) => {
      for (const [i, target] of targets.entries())
        notifyOne(type, target, when, extra, i === 0 ? rng : fanoutRng);
    };
    const event = (e: Omit<NewOrderEventInput, 'id' | 'order_id' | 'created_at'>, when: number) =>
      events.push({ id: rng.uuid(), order_id: orderId, created_at: new Date(when), ...e });

    event(
      {
        event_type: 'created',
        from_status: null,
        to_status: 'pending_approval',
        user_id: salesperson.id,
        user_name: salesperson.full_name,
        notes: null,
      },
      at,
    );
    notify(ORDER_CREATED_NOTIFICATION.type, ORDER_CREATED_NOTIFICATION.targets, at);

    const assignDriver = () => {
      const manager = rng.chance(0.85) ? byUsername('manager') : byUsername('admin');
      if (!canAssignDriver(acting(manager), state))
        throw new Error(`seed: cannot assign a driver in ${state.status}`);
      const driver = rng.chance(0.7) ? byUsername('driver') : (drivers[1] ?? byUsername('driver'));
      at += rng.int(1, 6) * HOUR;
      state.driver_id = driver.id;
      state.vehicle_plate = rng.pick(PLATES);
      event(
        {
          event_type: 'driver_assigned',
          from_status: state.status,
          to_status: state.status,
          user_id: manager.id,
          user_name: manager.full_name,
          ...storedEventNote({
            key: 'driver_assigned',
            driver: driver.full_name,
            plate: state.vehicle_plate,
          }),
        },
        at,
      );
      notify(DRIVER_ASSIGNED_NOTIFICATION.type, DRIVER_ASSIGNED_NOTIFICATION.targets, at);
    };

    for (const next of path) {
      // Shipping needs a driver: assign one (manager/admin) while approved or prepared.
      if (next === 'in_transit' && state.status === 'prepared' && !state.driver_id) assignDriver();
      const transition = TRANSITIONS.find((t) => t.from === state.status && t.to === next);
      if (!transition) throw new Error(`seed: no transition ${state.status} → ${next}`);
      const actor = pickActor(transition.who, state, rng, byUsername, warehouse);
      const check = checkTransition(acting(actor), state, next);
      if (!check.ok)
        throw new Error(`seed: ${actor.username} may not move ${state.status} → ${next} (${check.reason})`);
      at += rng.int(1, 12) * HOUR;
      // The notes as data: a failure reason (the dialog's, but 'Diğer', which needs details) or the
      // demo's remark.
      const note: EventNote | null = transition.requiresNotes
        ? { key: 'delivery_failed', reason: rng.int(0, DELIVERY_FAILURE_REASONS.length - 2) }
        : rng.chance(0.2)
          ? { key: 'demo_done' }
          : null;
      const stored = note ? storedEventNote(note) : null;
      const notes = stored?.notes ?? null;
      event(
        {
          event_type: 'status_changed',
          from_status: state.status,
          to_status: next,
          user_id: actor.id,
          user_name: actor.full_name,
          notes,
          params: stored?.params ?? null,
        },
        at,
      );
      if (transition.notify) notify(transition.notify.type, transition.notify.targets, at, { notes });
      if (next === 'approved') state.manager_id = actor.id;
      if (next === 'prepared') state.warehouse_id = actor.id;
      state.status = next;
      // Some approved/prepared orders get their driver early (drivers then see them).
      if ((next === 'approved' || next === 'prepared') && !state.driver_id && rng.chance(0.35))
        assignDriver();
    }

    const prepared = [
      'prepared',
      'in_transit',
      'out_for_delivery',
      'delivered',
      'returned',
      'refunded',
    ].includes(state.status);
    orders.push({
      id: orderId,
      order_number: orderNumber,
      customer_id: customer.id,
      customer_name: customerName,
      customer_phone: customer.phone,
      customer_email: customer.email,
      customer_address: customer.address,
      status: state.status,
      salesperson_id: state.salesperson_id,
      manager_id: state.manager_id,
      warehouse_id: state.warehouse_id,
      driver_id: state.driver_id,
      vehicle_plate: state.vehicle_plate,
      notes: rng.chance(0.4) ? rng.pick(ORDER_NOTES) : null,
      created_at: createdAt,
      updated_at: new Date(Math.min(at, now.getTime())),
      change_seq: 0,
      items: items.map((item) => ({ ...item, scanned_quantity: prepared ? item.quantity : 0 })),
    });
  }

  for (const user of users) {
    for (const s of SYSTEM_NOTIFICATIONS) {
      notifications.push({
        id: rng.uuid(),
        user_id: user.id,
        type: 'system',
        title: s.title,
        message: s.message,
        is_read: s.read,
        related_order_id: null,
        created_at: new Date(now.getTime() - s.hoursAgo * HOUR),
        change_seq: 0,
      });
    }
  }

  // Change numbers: one per row, in the order the rows changed, then the counter moves past them.
  for (const c of customers) c.change_seq = nextSeq();
  for (const p of products) p.change_seq = nextSeq();
  orders.sort((a, b) => a.updated_at.getTime() - b.updated_at.getTime());
  for (const o of orders) o.change_seq = nextSeq();
  notifications.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  for (const n of notifications) n.change_seq = nextSeq();
  orders.sort((a, b) => a.order_number.localeCompare(b.order_number));

  return { tenant, users, customers, products, orders, events, notifications, lastSeq: seq };
}

function pickActor(
  who: readonly string[],
  state: { salesperson_id: string | null; driver_id: string | null },
  rng: Prng,
  byUsername: (name: string) => NewUserInput,
  warehouse: NewUserInput[],
): NewUserInput {
  const useAdmin = who.includes('admin') && rng.chance(0.1);
  if (useAdmin) return byUsername('admin');
  if (who.includes('assigned_driver') && state.driver_id) {
    const driver = [byUsername('driver'), byUsername('driver2')].find((u) => u.id === state.driver_id);
    if (driver) return driver;
  }
  if (who.includes('own_salesperson') && rng.chance(0.3)) {
    const sales = [byUsername('sales'), byUsername('sales2')].find((u) => u.id === state.salesperson_id);
    if (sales) return sales;
  }
  if (who.includes('manager')) return byUsername('manager');
  if (who.includes('warehouse')) return warehouse[0] ?? byUsername('admin');
  return byUsername('admin');
}
