import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/api/entities';
import type { Notification } from '../../src/shared/api/notifications';
import { type Api, type Session, startApi } from './support/harness';
import { pullAll } from './support/pull';

/**
 * Texts the server stores (an order event's notes, a notification's title and message) keep
 * their Turkish wording exactly, and carry what happened as data (`params`) for readers in other
 * languages: through HTTP on a seeded database, every kind of note and order notice is checked
 * against the Turkish sentence the server wrote before `params` existed, and the sync feed and
 * the notification list carry `params`.
 */
let api: Api;
let manager: Session;
let sales: Session;
let warehouse: Session;
let driver: Session;

beforeAll(async () => {
  api = await startApi();
  [manager, sales, warehouse, driver] = await Promise.all([
    api.login('demo', 'manager'),
    api.login('demo', 'sales'),
    api.login('demo', 'warehouse'),
    api.login('demo', 'driver'),
  ]);
});
afterAll(async () => api?.close());

type Envelope<T> = { success: boolean; data: T };
const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

async function ok<T = Order>(r: Promise<{ status: number; body: Envelope<T>; raw: string }>): Promise<T> {
  const res = await r;
  if (res.status !== 200 && res.status !== 201) throw new Error(`${res.status} ${res.raw}`);
  return res.body.data;
}
const patchStatus = (s: Session, id: string, status: string, extra: Record<string, unknown> = {}) =>
  ok(
    api.call<Envelope<Order>>('PATCH', `/orders/${id}/status`, {
      token: s.token,
      body: { status, ...extra },
    }),
  );

const createOrder = (customer: string) =>
  ok(
    api.call<Envelope<Order>>('POST', '/orders', {
      token: sales.token,
      body: { customer_name: customer, items: [{ product_name: 'Kutu', quantity: 1, unit_price: 10 }] },
    }),
  );

/** The notifications of `s` about `orderId`, as GET /notifications lists them. */
async function noticesAbout(s: Session, orderId: string): Promise<Notification[]> {
  const list = await ok(
    api.call<Envelope<{ notifications: Notification[] }>>('GET', '/notifications', {
      token: s.token,
      query: { limit: 100 },
    }),
  );
  return list.notifications.filter((n) => n.related_order?.id === orderId);
}

const eventsOf = async (id: string) =>
  (await ok(api.call<Envelope<Order>>('GET', `/orders/${id}`, { token: manager.token }))).events;

describe('stored texts', () => {
  it('a rejection: the salesperson’s notice keeps its Turkish sentence and stores the order and the typed reason', async () => {
    const order = await createOrder('Ayşe {ref} Yılmaz');
    const created = await noticesAbout(manager, order.id);
    expect(created.map((n) => [n.type, n.title, n.message, n.params])).toEqual([
      [
        'order_created',
        'Yeni Sipariş',
        `${order.order_number} numaralı sipariş (Ayşe {ref} Yılmaz) oluşturuldu ve onay bekliyor.`,
        { order_number: order.order_number, customer_name: 'Ayşe {ref} Yılmaz' },
      ],
    ]);

    await patchStatus(manager, order.id, 'rejected', { notes: 'Stok yetersiz' });
    const [rejected] = await noticesAbout(sales, order.id);
    expect(rejected).toMatchObject({
      type: 'order_rejected',
      title: 'Sipariş Reddedildi',
      message: `${order.order_number} numaralı sipariş (Ayşe {ref} Yılmaz) reddedildi. Not: Stok yetersiz`,
      params: {
        order_number: order.order_number,
        customer_name: 'Ayşe {ref} Yılmaz',
        notes: 'Stok yetersiz',
      },
    });
    // The reason is the manager's own words: stored as typed, with nothing to translate.
    const last = (await eventsOf(order.id)).at(-1);
    expect(last).toMatchObject({ to_status: 'rejected', notes: 'Stok yetersiz', params: null });

    // The sync feed carries the same params.
    const pages = await pullAll(api, sales);
    const fed = pages.flatMap((p) => p.notifications.upserts).find((n) => n.id === rejected?.id);
    expect(fed?.params).toEqual(rejected?.params);
  });

  it('a delivery’s life: each known note is stored in its old Turkish words and as data', async () => {
    const order = await createOrder('Teslimat Müşterisi');
    await ok(
      api.call<Envelope<Order>>('PUT', `/orders/${order.id}`, {
        token: sales.token,
        body: { customer_phone: '0532 000 00 00', notes: 'Kapıda ödeme' },
      }),
    );
    await patchStatus(manager, order.id, 'approved');
    await ok(
      api.call<Envelope<Order>>('PATCH', `/orders/${order.id}/assign-driver`, {
        token: manager.token,
        body: { driver_id: driver.user.id, vehicle_plate: '34 TSL 01' },
      }),
    );
    await patchStatus(warehouse, order.id, 'prepared');
    await patchStatus(warehouse, order.id, 'in_transit');
    await patchStatus(driver, order.id, 'out_for_delivery', { expected_status: 'in_transit' });
    await patchStatus(driver, order.id, 'in_transit', {
      notes: 'Alıcı adreste değil: zile basıldı',
      expected_status: 'out_for_delivery',
    });
    await patchStatus(driver, order.id, 'out_for_delivery', { expected_status: 'in_transit' });
    await ok(
      api.call<Envelope<Order>>('POST', `/orders/${order.id}/deliver`, {
        token: driver.token,
        body: {
          expected_status: 'out_for_delivery',
          recipient_name: 'Mehmet Öztürk',
          notes: 'Komşuya bırakıldı',
          signature: SIGNATURE,
          delivered_at: new Date().toISOString(),
        },
      }),
    );

    const events = await eventsOf(order.id);
    expect(events.map((e) => [e.event_type, e.to_status, e.notes, e.params ?? null])).toEqual([
      ['created', 'pending_approval', null, null],
      [
        'updated',
        'pending_approval',
        'Güncellenen alanlar: customer_phone, notes',
        { key: 'fields_updated', fields: ['customer_phone', 'notes'] },
      ],
      ['status_changed', 'approved', null, null],
      [
        'driver_assigned',
        'approved',
        `Sürücü atandı: ${driver.user.full_name} (34 TSL 01)`,
        { key: 'driver_assigned', driver: driver.user.full_name, plate: '34 TSL 01' },
      ],
      ['status_changed', 'prepared', null, null],
      ['status_changed', 'in_transit', null, null],
      ['status_changed', 'out_for_delivery', null, null],
      [
        'status_changed',
        'in_transit',
        'Alıcı adreste değil: zile basıldı',
        { key: 'delivery_failed', reason: 0, details: 'zile basıldı' },
      ],
      ['status_changed', 'out_for_delivery', null, null],
      [
        'status_changed',
        'delivered',
        'Teslim alan: Mehmet Öztürk\nKomşuya bırakıldı',
        { key: 'delivered_to', recipient: 'Mehmet Öztürk', notes: 'Komşuya bırakıldı' },
      ],
    ]);

    // The order notices of the way, each with the order's number and customer.
    const ref = `${order.order_number} numaralı sipariş (Teslimat Müşterisi)`;
    const params = { order_number: order.order_number, customer_name: 'Teslimat Müşterisi' };
    const toSales = await noticesAbout(sales, order.id);
    expect(toSales.map((n) => [n.type, n.title, n.message, n.params]).reverse()).toEqual([
      ['order_approved', 'Sipariş Onaylandı', `${ref} onaylandı.`, params],
      ['order_in_transit', 'Sipariş Yolda', `${ref} kargoya verildi.`, params],
      ['order_delivered', 'Sipariş Teslim Edildi', `${ref} müşteriye teslim edildi.`, params],
    ]);
    const toDriver = await noticesAbout(driver, order.id);
    expect(toDriver.map((n) => [n.type, n.title, n.message, n.params]).reverse()).toEqual([
      ['order_assigned', 'Yeni Teslimat Atandı', `${ref} size teslimat için atandı.`, params],
      ['order_in_transit', 'Sipariş Yolda', `${ref} kargoya verildi.`, params],
    ]);

    // The driver's mirror gets the events' params through the sync feed.
    const pages = await pullAll(api, driver);
    const fed = pages.flatMap((p) => p.orders.upserts).find((o) => o.id === order.id);
    expect(fed?.events.map((e) => e.params ?? null)).toEqual(events.map((e) => e.params ?? null));
  });

  it('a failure reason that is not one of the dialog’s stays words, and a driver without plate has no plate', async () => {
    const order = await createOrder('Serbest Not');
    await patchStatus(manager, order.id, 'approved');
    await ok(
      api.call<Envelope<Order>>('PATCH', `/orders/${order.id}/assign-driver`, {
        token: manager.token,
        body: { driver_id: driver.user.id, vehicle_plate: null },
      }),
    );
    await patchStatus(warehouse, order.id, 'prepared');
    await patchStatus(warehouse, order.id, 'in_transit');
    await patchStatus(driver, order.id, 'out_for_delivery');
    await patchStatus(driver, order.id, 'in_transit', { notes: 'Müşteri adreste yok' });
    const events = await eventsOf(order.id);
    expect(events.find((e) => e.event_type === 'driver_assigned')).toMatchObject({
      notes: `Sürücü atandı: ${driver.user.full_name}`,
      params: { key: 'driver_assigned', driver: driver.user.full_name },
    });
    expect(events.at(-1)).toMatchObject({ notes: 'Müşteri adreste yok', params: null });
  });
});
