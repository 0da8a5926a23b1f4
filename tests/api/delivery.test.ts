import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reserveChangeSeqs } from '../../src/server/db/change-seq';
import { insertOrders } from '../../src/server/orders/orders.repository';
import type { Order } from '../../src/shared/api/entities';
import { type DeliverBody, type DeliveryProof, MAX_PROOF_PHOTO_BYTES } from '../../src/shared/api/warehouse';
import type { OrderStatus } from '../../src/shared/domain/order-status';
import { type Api, type Session, startApi } from './support/harness';

/**
 * Delivery with proof: POST /orders/{id}/deliver and GET /orders/{id}/proof through
 * HTTP on a seeded database — who may deliver, the proof written once with the status change,
 * bad images refused with nothing written, who may read the proof — plus the driver's edit rule
 * (own orders in ready_for_delivery or out_for_delivery) and the driver's own start-delivery /
 * failed-delivery transitions.
 */
let api: Api;
let admin: Session;
let manager: Session;
let sales: Session;
let sales2: Session;
let warehouse: Session;
let driver: Session;
let driver2: Session;
let foreign: Session;

beforeAll(async () => {
  api = await startApi();
  [admin, manager, sales, sales2, warehouse, driver, driver2, foreign] = await Promise.all([
    api.login('demo', 'admin'),
    api.login('demo', 'manager'),
    api.login('demo', 'sales'),
    api.login('demo', 'sales2'),
    api.login('demo', 'warehouse'),
    api.login('demo', 'driver'),
    api.login('demo', 'driver2'),
    api.login('client1', 'admin'),
  ]);
});
afterAll(async () => api?.close());

type Envelope<T = unknown> = { success: boolean; data: T; code?: string; error?: string; field?: string };

/** A real 1×1 PNG. */
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const SIGNATURE = `data:image/png;base64,${PNG_1PX}`;
/** JPEG magic (FF D8 FF E0 … ) followed by filler up to `size` bytes. */
const jpegOf = (size: number) => {
  const bytes = Buffer.alloc(size, 0x11);
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
};
const GIF_AS_JPEG = `data:image/jpeg;base64,${Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64')}`;

const body = (extra: Partial<DeliverBody> = {}): DeliverBody => ({
  expected_status: 'out_for_delivery',
  recipient_name: 'Ayşe Yılmaz',
  signature: SIGNATURE,
  photo: jpegOf(2048),
  delivered_at: '2026-11-22T10:15:00.000Z',
  location: { latitude: 41.0082, longitude: 28.9784, accuracy: 12 },
  ...extra,
});

async function ok<T = Order>(r: Promise<{ status: number; body: Envelope<T>; raw: string }>): Promise<T> {
  const res = await r;
  if (res.status !== 200 && res.status !== 201) throw new Error(`${res.status} ${res.raw}`);
  return res.body.data;
}

const patchStatus = (s: Session, id: string, status: string, extra: Record<string, unknown> = {}) =>
  api.call<Envelope<Order>>('PATCH', `/orders/${id}/status`, { token: s.token, body: { status, ...extra } });

/** An order of `sales`, through the API: approved, assigned to `drv`, prepared, shipped (in_transit). */
async function inTransitFor(drv: Session): Promise<string> {
  const created = await ok(
    api.call<Envelope<Order>>('POST', '/orders', {
      token: sales.token,
      body: {
        customer_name: 'Teslimat Müşterisi',
        customer_phone: '0532 000 00 00',
        customer_address: 'Kadıköy, İstanbul',
        items: [{ product_name: 'Kargo Kutusu', quantity: 2, unit_price: 10.5 }],
      },
    }),
  );
  await ok(patchStatus(manager, created.id, 'approved'));
  await ok(
    api.call<Envelope<Order>>('PATCH', `/orders/${created.id}/assign-driver`, {
      token: manager.token,
      body: { driver_id: drv.user.id, vehicle_plate: '34 TSL 01' },
    }),
  );
  await ok(patchStatus(warehouse, created.id, 'prepared'));
  await ok(patchStatus(warehouse, created.id, 'in_transit'));
  return created.id;
}

async function outForDeliveryFor(drv: Session): Promise<string> {
  const id = await inTransitFor(drv);
  await ok(patchStatus(drv, id, 'out_for_delivery', { expected_status: 'in_transit' }));
  return id;
}

const deliver = (s: Session, id: string, b: DeliverBody = body(), key?: string) =>
  api.call<Envelope<Order>>('POST', `/orders/${id}/deliver`, {
    token: s.token,
    tenant: s.tenant,
    body: b,
    ...(key ? { idempotencyKey: key } : {}),
  });

async function stateOf(id: string) {
  const order = await api.db
    .selectFrom('orders')
    .select(['status', 'change_seq'])
    .where('tenant_id', '=', 'demo')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const proofs = await api.db
    .selectFrom('delivery_proofs')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', 'demo')
    .where('order_id', '=', id)
    .executeTakeFirstOrThrow();
  const events = await api.db
    .selectFrom('order_events')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', 'demo')
    .where('order_id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    status: order.status,
    version: Number(order.change_seq),
    proofs: Number(proofs.n),
    events: Number(events.n),
  };
}

describe('POST /orders/{id}/deliver: who may deliver', () => {
  it('the assigned driver delivers: status delivered, one event naming the recipient, the proof stored', async () => {
    const id = await outForDeliveryFor(driver);
    const before = await stateOf(id);
    const r = await deliver(driver, id);
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data.status).toBe('delivered');
    const after = await stateOf(id);
    expect(after).toMatchObject({ status: 'delivered', proofs: 1, events: before.events + 1 });
    expect(after.version).toBeGreaterThan(before.version);
    const event = r.body.data.events?.at(-1);
    expect(event).toMatchObject({ from_status: 'out_for_delivery', to_status: 'delivered' });
    expect(event?.notes).toContain('Teslim alan: Ayşe Yılmaz');
    // The proof points at that very event.
    const row = await api.db
      .selectFrom('delivery_proofs')
      .select(['event_id', 'signature_type', 'photo_type'])
      .where('tenant_id', '=', 'demo')
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ event_id: event?.id, signature_type: 'image/png', photo_type: 'image/jpeg' });
    // The salesperson is told.
    const notes = await api.db
      .selectFrom('notifications')
      .select('type')
      .where('tenant_id', '=', 'demo')
      .where('related_order_id', '=', id)
      .where('user_id', '=', sales.user.id)
      .execute();
    expect(notes.map((n) => n.type)).toContain('order_delivered');
  });

  it('admin may deliver too (no photo, no location)', async () => {
    const id = await outForDeliveryFor(driver);
    const r = await deliver(admin, id, body({ photo: null, location: null }));
    expect(r.status, r.raw).toBe(200);
    expect(await stateOf(id)).toMatchObject({ status: 'delivered', proofs: 1 });
  });

  it('another driver gets 404, a salesperson (even the owner), manager and warehouse 403; nothing written', async () => {
    const id = await outForDeliveryFor(driver);
    const before = await stateOf(id);
    expect((await deliver(driver2, id)).status).toBe(404);
    for (const s of [sales, sales2, manager, warehouse]) {
      const r = await deliver(s, id);
      expect({ who: s.user.username, status: r.status }).toEqual({ who: s.user.username, status: 403 });
    }
    const r = await deliver(foreign, id);
    expect([403, 404]).toContain(r.status);
    expect(await stateOf(id)).toEqual(before);
  });

  it('an order not out_for_delivery: 409 CONFLICT with the current order, nothing written', async () => {
    const id = await inTransitFor(driver);
    const before = await stateOf(id);
    const r = await deliver(driver, id);
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('CONFLICT');
    expect((r.body as unknown as { current: Order }).current.status).toBe('in_transit');
    expect(await stateOf(id)).toEqual(before);
    // Without expected_status the machine refuses the jump.
    const r2 = await deliver(driver, id, body({ expected_status: undefined }));
    expect(r2.status).toBe(409);
    expect(r2.body.code).toBe('INVALID_TRANSITION');
    expect(await stateOf(id)).toEqual(before);
  });
});

describe('POST /orders/{id}/deliver: exactly once', () => {
  it('a replay with the same Idempotency-Key gets the same answer; a later deliver is satisfied; one proof', async () => {
    const id = await outForDeliveryFor(driver);
    const key = randomUUID();
    const first = await deliver(driver, id, body(), key);
    expect(first.status, first.raw).toBe(200);
    const afterFirst = await stateOf(id);
    const replay = await deliver(driver, id, body(), key);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    // The idempotency record is gone (another device, an expired key): expected_status makes it satisfied.
    const again = await deliver(driver, id, body({ recipient_name: 'Başka Biri' }), randomUUID());
    expect(again.status, again.raw).toBe(200);
    expect(again.body.data.status).toBe('delivered');
    expect(await stateOf(id)).toEqual(afterFirst);
    const proof = await ok<DeliveryProof>(
      api.call<Envelope<DeliveryProof>>('GET', `/orders/${id}/proof`, { token: manager.token }),
    );
    expect(proof.recipient_name).toBe('Ayşe Yılmaz');
  });
});

describe('POST /orders/{id}/deliver: images are checked, nothing written on a bad one', () => {
  const cases: { name: string; b: Partial<DeliverBody>; field: string }[] = [
    { name: 'photo over the limit', b: { photo: jpegOf(MAX_PROOF_PHOTO_BYTES + 1) }, field: 'photo' },
    { name: 'GIF bytes declared as JPEG', b: { photo: GIF_AS_JPEG }, field: 'photo' },
    {
      name: 'a GIF declared as GIF',
      b: { photo: GIF_AS_JPEG.replace('image/jpeg', 'image/gif') },
      field: 'photo',
    },
    {
      name: 'PNG bytes declared as JPEG',
      b: { photo: SIGNATURE.replace('image/png', 'image/jpeg') },
      field: 'photo',
    },
    { name: 'signature as JPEG', b: { signature: jpegOf(100) }, field: 'signature' },
    {
      name: 'signature with JPEG bytes declared as PNG',
      b: { signature: jpegOf(100).replace('image/jpeg', 'image/png') },
      field: 'signature',
    },
    { name: 'signature missing', b: { signature: undefined as unknown as string }, field: 'signature' },
    { name: 'recipient blank', b: { recipient_name: '  ' }, field: 'recipient_name' },
    { name: 'not a data URL', b: { photo: 'https://example.com/x.jpg' }, field: 'photo' },
  ];
  it.each(cases)('$name → 400 naming $field', async ({ b, field }) => {
    const id = await outForDeliveryFor(driver);
    const before = await stateOf(id);
    const r = await deliver(driver, id, body(b), randomUUID());
    expect({ status: r.status, code: r.body.code, field: r.body.field }).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      field,
    });
    expect(r.body.error).toMatch(
      field === 'photo' ? /Fotoğraf/ : field === 'signature' ? /İmza/ : /Teslim alan/,
    );
    expect(await stateOf(id)).toEqual({ ...before, status: 'out_for_delivery', proofs: 0 });
  });

  it('a PNG photo is accepted', async () => {
    const id = await outForDeliveryFor(driver);
    const r = await deliver(driver, id, body({ photo: SIGNATURE }));
    expect(r.status, r.raw).toBe(200);
  });
});

describe('GET /orders/{id}/proof', () => {
  let id: string;
  beforeAll(async () => {
    id = await outForDeliveryFor(driver);
    await ok(deliver(driver, id));
  });

  it('manager, admin, the order salesperson and its driver read it: recipient, times, who, images, location', async () => {
    for (const s of [manager, admin, sales, driver]) {
      const r = await api.call<Envelope<DeliveryProof>>('GET', `/orders/${id}/proof`, { token: s.token });
      expect(r.status, `${s.user.username}: ${r.raw.slice(0, 200)}`).toBe(200);
      expect(r.body.data).toMatchObject({
        order_id: id,
        recipient_name: 'Ayşe Yılmaz',
        delivered_at: '2026-11-22T10:15:00.000Z',
        delivered_by: driver.user.id,
        delivered_by_name: driver.user.full_name,
        signature: SIGNATURE,
        photo: jpegOf(2048),
        latitude: 41.0082,
        longitude: 28.9784,
        accuracy: 12,
      });
      expect(Date.parse(r.body.data.received_at)).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it('404 to whoever may not see the order (another salesperson, another driver, another tenant)', async () => {
    for (const s of [sales2, driver2]) {
      const r = await api.call('GET', `/orders/${id}/proof`, { token: s.token });
      expect(r.status).toBe(404);
    }
    const r = await api.call('GET', `/orders/${id}/proof`, { token: foreign.token, tenant: 'client1' });
    expect(r.status).toBe(404);
  });

  it('404 when the order has no proof (not delivered yet)', async () => {
    const other = await inTransitFor(driver);
    const r = await api.call<Envelope>('GET', `/orders/${other}/proof`, { token: manager.token });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe('NOT_FOUND');
  });
});

describe('the driver’s own transitions', () => {
  it('start delivery (in_transit → out_for_delivery) by the assigned driver only', async () => {
    const id = await inTransitFor(driver);
    expect((await patchStatus(driver2, id, 'out_for_delivery')).status).toBe(404);
    expect((await patchStatus(sales, id, 'out_for_delivery')).status).toBe(403);
    const r = await patchStatus(driver, id, 'out_for_delivery', { expected_status: 'in_transit' });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data.status).toBe('out_for_delivery');
  });

  it('failed delivery goes back to in_transit with the reason as notes (required)', async () => {
    const id = await outForDeliveryFor(driver);
    const noReason = await patchStatus(driver, id, 'in_transit', { expected_status: 'out_for_delivery' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.field).toBe('notes');
    const r = await patchStatus(driver, id, 'in_transit', {
      expected_status: 'out_for_delivery',
      notes: 'Alıcı adreste değil: zile basıldı, cevap yok',
    });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data.status).toBe('in_transit');
    expect(r.body.data.events?.at(-1)?.notes).toBe('Alıcı adreste değil: zile basıldı, cevap yok');
  });
});

describe('in transit ↔ out for delivery is a cycle: a move names the version its driver saw', () => {
  const FAILED = 'Alıcı adreste değil: kapı kapalı';

  it('a start of delivery sent again late (new key) after the order came back is refused, nothing written', async () => {
    const id = await inTransitFor(driver);
    const seen = await stateOf(id);
    const start = { expected_status: 'in_transit', expected_version: seen.version };
    const first = await patchStatus(driver, id, 'out_for_delivery', start);
    expect(first.status, first.raw).toBe(200);
    const failed = await patchStatus(driver, id, 'in_transit', {
      expected_status: 'out_for_delivery',
      notes: FAILED,
    });
    expect(failed.status, failed.raw).toBe(200);

    // The order is in transit again: the status the first request saw is true once more. Sent
    // again (its idempotency record gone), it must not start a second delivery.
    const before = await stateOf(id);
    const again = await patchStatus(driver, id, 'out_for_delivery', start);
    expect(again.status, again.raw).toBe(409);
    expect(again.body.code).toBe('CONFLICT');
    expect(await stateOf(id)).toEqual(before);
  });

  it('a failed delivery sent again late after the order went round once more is satisfied, nothing written', async () => {
    const id = await outForDeliveryFor(driver);
    const seen = await stateOf(id);
    const fail = { expected_status: 'out_for_delivery', expected_version: seen.version, notes: FAILED };
    expect((await patchStatus(driver, id, 'in_transit', fail)).status).toBe(200);
    expect(
      (await patchStatus(driver, id, 'out_for_delivery', { expected_status: 'in_transit' })).status,
    ).toBe(200);
    // Out for delivery again: a second failure is refused …
    const before = await stateOf(id);
    const again = await patchStatus(driver, id, 'in_transit', fail);
    expect(again.status, again.raw).toBe(409);
    expect(await stateOf(id)).toEqual(before);
    // … and once it is in transit by a new failure, the old one is found already so.
    expect(
      (await patchStatus(driver, id, 'in_transit', { expected_status: 'out_for_delivery', notes: FAILED }))
        .status,
    ).toBe(200);
    const settled = await stateOf(id);
    const late = await patchStatus(driver, id, 'in_transit', fail);
    expect(late.status, late.raw).toBe(200);
    expect(late.body.data.status).toBe('in_transit');
    expect(await stateOf(id)).toEqual(settled);
  });

  it('other changes since the version seen (a driver re-assigned, notes) do not refuse the move', async () => {
    const id = await inTransitFor(driver);
    const seen = await stateOf(id);
    const reassigned = await api.call<Envelope<Order>>('PATCH', `/orders/${id}/assign-driver`, {
      token: manager.token,
      body: { driver_id: driver.user.id, vehicle_plate: '34 YNİ 02' },
    });
    expect(reassigned.status, reassigned.raw).toBe(200);
    expect((await stateOf(id)).version).toBeGreaterThan(seen.version);
    const r = await patchStatus(driver, id, 'out_for_delivery', {
      expected_status: 'in_transit',
      expected_version: seen.version,
    });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data.status).toBe('out_for_delivery');
  });
});

describe('a driver edits only their orders in ready_for_delivery or out_for_delivery', () => {
  /** An order of `sales` for `driver`, put straight into the db in `status` (ready_for_delivery is never produced). */
  async function seeded(status: OrderStatus): Promise<string> {
    const [seq] = await api.db.transaction().execute((trx) => reserveChangeSeqs(trx, 'demo', 1));
    const id = randomUUID();
    const at = new Date();
    await insertOrders(api.db, 'demo', [
      {
        id,
        order_number: `DRV-${id.slice(0, 8)}`,
        customer_id: null,
        customer_name: 'Sürücü Düzenleme',
        customer_phone: null,
        customer_email: null,
        customer_address: null,
        status,
        salesperson_id: sales.user.id,
        driver_id: driver.user.id,
        vehicle_plate: '34 ABC 01',
        notes: null,
        created_at: at,
        updated_at: at,
        change_seq: seq as number,
        items: [
          {
            id: randomUUID(),
            product_id: null,
            product_name: 'Ürün',
            barcode: null,
            quantity: 1,
            scanned_quantity: 0,
            unit_price_kurus: 1000,
          },
        ],
      },
    ]);
    return id;
  }
  const put = (s: Session, id: string, b: Record<string, unknown>) =>
    api.call<Envelope<Order>>('PUT', `/orders/${id}`, { token: s.token, body: b });

  it.each(['ready_for_delivery', 'out_for_delivery'] as const)(
    '%s: notes and plate yes, customer no; other driver 404',
    async (status) => {
      const id = await seeded(status);
      const r = await put(driver, id, { notes: 'Arka kapıdan teslim', vehicle_plate: '34 XYZ 99' });
      expect(r.status, r.raw).toBe(200);
      expect(r.body.data).toMatchObject({ notes: 'Arka kapıdan teslim', vehicle_plate: '34 XYZ 99' });
      const c = await put(driver, id, { customer_name: 'Başka Müşteri' });
      expect({ status: c.status, field: c.body.field }).toEqual({ status: 403, field: 'customer_name' });
      expect((await put(driver2, id, { notes: 'x' })).status).toBe(404);
    },
  );

  it.each(['in_transit', 'delivered', 'prepared'] as const)(
    '%s: the assigned driver may not edit (403, nothing written)',
    async (status) => {
      const id = await seeded(status);
      const r = await put(driver, id, { notes: 'Olmaz' });
      expect(r.status).toBe(403);
      const row = await api.db
        .selectFrom('orders')
        .select('notes')
        .where('tenant_id', '=', 'demo')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.notes).toBeNull();
    },
  );
});
