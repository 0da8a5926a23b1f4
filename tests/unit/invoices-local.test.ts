import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cancelInvoice, dayInZone, invoiceMatches, queryInvoices } from '../../src/client/invoices/local';
import { LocalDb } from '../../src/client/local/database';
import { buildInvoiceDraft, invoiceOfOrder, issueInvoice } from '../../src/client/local/invoices';
import { acknowledge, listEntries, putServerRows, reject } from '../../src/client/local/outbox';
import { lineSources } from '../../src/server/invoices/invoice-build';
import type { Order } from '../../src/shared/api';
import {
  INVOICE_MESSAGES,
  type Invoice,
  type InvoiceSeller,
  invoiceSchema,
} from '../../src/shared/api/invoices';
import { amountInWords, splitGross } from '../../src/shared/domain/invoice';
import {
  buyerSnapshot,
  invoiceAmounts,
  invoiceLines,
  profileFor,
} from '../../src/shared/domain/invoice-content';
import { sellerIncompleteMessage } from '../../src/shared/domain/invoice-seller';

/**
 * The invoice a device issues offline: built from the mirrored order with the shared KDV rules
 * (so it shows the figures the server will print), queued once, replaced by the server's numbered
 * row, and gone again when the server refuses it.
 */

const NOW = '2026-03-10T09:00:00.000Z';
const SELLER: InvoiceSeller = {
  legal_name: 'Demo Ticaret A.Ş.',
  tax_number: '',
  tax_office: '',
  address: null,
  city: null,
  phone: null,
  email: null,
  website: null,
  logo_hash: null,
};

const item = (
  id: string,
  quantity: number,
  unitKurus: number,
  vat_rate?: number,
  product_id: string | null = null,
) => ({
  id,
  product_id,
  product_name: `Ürün ${id}`,
  barcode: null,
  quantity,
  scanned_quantity: quantity,
  unit_price: unitKurus / 100,
  unit_price_kurus: unitKurus,
  total_price: (quantity * unitKurus) / 100,
  total_price_kurus: quantity * unitKurus,
  ...(vat_rate === undefined ? {} : { vat_rate }),
});

function order(overrides: Partial<Order> = {}): Order {
  const items = [item('a', 3, 1999, 20), item('b', 7, 333, 10), item('c', 1, 12345, 1), item('d', 2, 50, 0)];
  return {
    id: '11111111-1111-4111-8111-111111111111',
    order_number: 'ORD-000042',
    customer_id: 'c1',
    customer_name: 'Ayşe Yılmaz',
    customer_phone: '0555 000 00 00',
    customer_email: null,
    customer_address: 'Kadıköy',
    status: 'delivered',
    total_amount: 0,
    total_amount_kurus: items.reduce((s, i) => s + i.total_price_kurus, 0),
    salesperson_id: 'sp1',
    salesperson_name: 'Satış',
    manager_id: null,
    manager_name: null,
    warehouse_id: null,
    warehouse_name: null,
    driver_id: null,
    driver_name: null,
    vehicle_plate: null,
    notes: null,
    items,
    events: [],
    created_at: NOW,
    updated_at: NOW,
    version: 7,
    ...overrides,
  };
}

describe('the optimistic invoice of a delivered order', () => {
  const draft = buildInvoiceDraft({
    id: 'inv-1',
    order: order(),
    customer: null,
    products: new Map(),
    seller: SELLER,
    createdByName: 'Yönetici',
    now: NOW,
  });

  it('is a valid invoice row without a number, waiting for the server', () => {
    expect(invoiceSchema.parse(draft)).toBeTruthy();
    expect(draft.invoice_number).toBeNull();
    expect(draft.pending_sync).toBe(1);
    expect(draft.type).toBe('SATIS');
    expect(draft.status).toBe('issued');
  });

  it('splits every line as the server does: net + KDV = gross, gross = the order line total', () => {
    for (const [i, line] of draft.lines.entries()) {
      const source = order().items[i];
      expect(line.gross_kurus).toBe(source?.total_price_kurus);
      expect(line.net_kurus + line.vat_kurus).toBe(line.gross_kurus);
      const split = splitGross(line.gross_kurus, line.vat_rate);
      expect([line.net_kurus, line.vat_kurus]).toEqual([split.net, split.kdv]);
    }
    // 3 × 19,99 at 20 %: gross 5997 → net 4998 (4997,5 rounded half up), KDV 999.
    expect(draft.lines[0]).toMatchObject({
      gross_kurus: 5997,
      net_kurus: 4998,
      vat_kurus: 999,
      vat_rate: 20,
    });
  });

  it('sums per rate and overall to the order total to the kuruş, with the total in words', () => {
    expect(draft.rate_totals.map((r) => r.rate)).toEqual([0, 1, 10, 20]);
    for (const r of draft.rate_totals) expect(r.net_kurus + r.vat_kurus).toBe(r.gross_kurus);
    expect(draft.gross_total_kurus).toBe(order().total_amount_kurus);
    expect(draft.net_total_kurus + draft.vat_total_kurus).toBe(draft.gross_total_kurus);
    expect(draft.net_total_kurus).toBe(draft.rate_totals.reduce((s, r) => s + r.net_kurus, 0));
    expect(draft.amount_in_words).toBe(`Yalnız: ${amountInWords(draft.gross_total_kurus)}`);
  });

  it("equals what the server's rules make of the same order and customer", () => {
    const o = order({ items: [...order().items, item('x', 4, 2599, undefined, 'p1')] });
    const customer = {
      id: 'c1',
      full_name: 'Ayşe Yılmaz',
      company_name: 'Yılmaz Ltd.',
      phone: null,
      email: 'a@example.com',
      address: 'Moda Cd. 1',
      city: 'İstanbul',
      tax_office: 'Kadıköy',
      tax_number: '123 456 7890',
    };
    const d = buildInvoiceDraft({
      id: 'inv-2',
      order: o,
      customer: customer as never,
      products: new Map([['p1', { product_code: 'P-1' }]]),
      seller: SELLER,
      createdByName: null,
      now: NOW,
    });
    // the server's path: its order lines (TL amounts as the database gives them) through lineSources
    const serverLines = invoiceLines(
      lineSources(
        o.items.map((i, index) => ({
          position: index,
          product_id: i.product_id,
          product_name: i.product_name,
          product_code: i.product_id === 'p1' ? 'P-1' : null,
          quantity: i.quantity,
          unit_price: (i.unit_price_kurus / 100).toFixed(2),
          total_price: (i.total_price_kurus / 100).toFixed(2),
          vat_rate: i.vat_rate ?? null,
        })),
      ),
    );
    expect(d.lines).toEqual(serverLines);
    const { rate_totals, net_total_kurus, vat_total_kurus, gross_total_kurus, amount_in_words } = d;
    expect({ rate_totals, net_total_kurus, vat_total_kurus, gross_total_kurus, amount_in_words }).toEqual(
      invoiceAmounts(serverLines),
    );
    const buyer = buyerSnapshot(o as never, customer);
    expect(d.buyer).toEqual(buyer);
    expect(d.profile).toBe(profileFor(buyer, 'TEMELFATURA'));
    // A line without a recorded rate: the default 20 %.
    expect(d.lines.at(-1)).toMatchObject({ vat_rate: 20, unit: 'Adet', product_code: 'P-1' });
  });
});

describe('the list filter', () => {
  const base = buildInvoiceDraft({
    id: 'inv-1',
    order: order(),
    customer: null,
    products: new Map(),
    seller: SELLER,
    createdByName: null,
    now: '2026-01-01T22:30:00.000Z',
  });
  const numbered: Invoice = { ...base, invoice_number: 'DEM2026000000001' };

  it('searches number, order number and customer with Turkish folding', () => {
    const f = { timeZone: 'Europe/Istanbul' };
    expect(invoiceMatches(numbered, { ...f, search: 'dem2026' })).toBe(true);
    expect(invoiceMatches(numbered, { ...f, search: 'AYŞE' })).toBe(true);
    expect(invoiceMatches(numbered, { ...f, search: 'yilmaz' })).toBe(true);
    expect(invoiceMatches(numbered, { ...f, search: 'ord-000042' })).toBe(true);
    expect(invoiceMatches(numbered, { ...f, search: 'mehmet' })).toBe(false);
    expect(invoiceMatches(base, { ...f, search: 'numara bekl' })).toBe(true);
  });

  it("filters by the issue day in the tenant's time zone", () => {
    expect(dayInZone(numbered.issued_at, 'Europe/Istanbul')).toBe('2026-01-02');
    expect(dayInZone(numbered.issued_at, 'UTC')).toBe('2026-01-01');
    expect(
      invoiceMatches(numbered, { timeZone: 'Europe/Istanbul', from: '2026-01-02', to: '2026-01-02' }),
    ).toBe(true);
    expect(invoiceMatches(numbered, { timeZone: 'UTC', from: '2026-01-02' })).toBe(false);
    expect(invoiceMatches(numbered, { timeZone: 'UTC', status: 'cancelled' })).toBe(false);
    expect(invoiceMatches(numbered, { timeZone: 'UTC', type: 'SATIS' })).toBe(true);
  });
});

describe('issuing through the outbox', () => {
  let db: LocalDb;
  const o = order();
  const input = { seller: SELLER, createdByName: 'Yönetici' };

  beforeEach(async () => {
    db = new LocalDb({ tenant: 'demo', userId: 'u1' }, { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.open();
    await db.transaction('rw', [db.orders, db.outbox, db.base], () => putServerRows(db, 'orders', [o], []));
  });
  afterEach(() => db.close());

  it('shows the invoice at once without a number, queued once however often it is asked', async () => {
    const first = await issueInvoice(db, o.id, input);
    const second = await issueInvoice(db, o.id, input);
    expect(second.id).toBe(first.id);
    const entries = await listEntries(db);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'invoice.issue',
      id: first.id,
      method: 'POST',
      path: '/invoices',
      body: { id: first.id, order_id: o.id },
    });
    const shown = await invoiceOfOrder(db, o.id);
    expect(shown).toMatchObject({
      invoice_number: null,
      pending_sync: 1,
      gross_total_kurus: o.total_amount_kurus,
    });
    expect((await queryInvoices(db, { timeZone: 'UTC' }, 0, 10)).total).toBe(1);
    // The order itself is unchanged by its invoice.
    expect((await db.orders.get(o.id))?.version).toBe(7);
  });

  it('is refused on the device for an order that is not delivered', async () => {
    await db.transaction('rw', [db.orders, db.outbox, db.base], () =>
      putServerRows(db, 'orders', [{ ...o, status: 'in_transit' }], []),
    );
    await expect(issueInvoice(db, o.id, input)).rejects.toThrow(INVOICE_MESSAGES.orderNotDelivered);
  });

  it("is replaced by the server's numbered row (also when another device issued it first)", async () => {
    const mine = await issueInvoice(db, o.id, input);
    const [entry] = await listEntries(db);
    const server: Invoice = {
      ...mine,
      id: '22222222-2222-4222-8222-222222222222',
      invoice_number: 'DEM2026000000007',
      ettn: '33333333-3333-4333-8333-333333333333',
      version: 1,
    };
    delete (server as { pending_sync?: number }).pending_sync;
    await acknowledge(db, entry as never, server);
    expect(await db.invoices.get(mine.id)).toBeUndefined();
    expect(await db.invoices.get(server.id)).toMatchObject({
      invoice_number: 'DEM2026000000007',
      pending_sync: 0,
    });
    expect(await listEntries(db)).toHaveLength(0);
  });

  it("goes away when the server refuses it, the server's reason kept for the sync panel", async () => {
    const mine = await issueInvoice(db, o.id, input);
    const [entry] = await listEntries(db);
    await reject(db, entry as never, {
      status: 400,
      error: sellerIncompleteMessage(['tax_office']),
      code: 'INVALID_STATE',
    });
    expect(await db.invoices.get(mine.id)).toBeUndefined();
    expect(await db.orders.get(o.id)).toMatchObject({ status: 'delivered', version: 7 });
    const [failed] = await listEntries(db, 'failed');
    expect(failed).toMatchObject({ kind: 'invoice.issue', error: sellerIncompleteMessage(['tax_office']) });
  });

  it('cancels a numbered invoice with the reason and the version seen; not one still waiting for its number', async () => {
    const mine = await issueInvoice(db, o.id, input);
    await expect(cancelInvoice(db, mine.id, 'Yanlış müşteri', 'Admin')).rejects.toThrow(
      INVOICE_MESSAGES.numberPending,
    );
    const server: Invoice = { ...mine, id: 'srv-1', invoice_number: 'DEM2026000000008', version: 3 };
    delete (server as { pending_sync?: number }).pending_sync;
    await db.transaction('rw', [db.invoices, db.outbox, db.base], () =>
      putServerRows(db, 'invoices', [server], []),
    );
    const entry = await cancelInvoice(db, 'srv-1', '  Yanlış müşteri ', 'Admin');
    expect(entry).toMatchObject({
      kind: 'invoice.cancel',
      path: '/invoices/srv-1/cancel',
      body: { reason: 'Yanlış müşteri', expected_version: 3 },
    });
    expect(await db.invoices.get('srv-1')).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Yanlış müşteri',
      cancelled_by_name: 'Admin',
    });
  });

  it('does not cancel a sales invoice whose return invoice stands (numbered or waiting for its number); once the return is cancelled it does', async () => {
    const mine = await issueInvoice(db, o.id, input);
    const sale: Invoice = { ...mine, id: 'sale-1', invoice_number: 'DEM2026000000009', version: 4 };
    delete (sale as { pending_sync?: number }).pending_sync;
    const ret: Invoice = {
      ...sale,
      id: 'ret-1',
      type: 'IADE',
      invoice_number: 'DEM2026000000010',
      original_invoice_id: 'sale-1',
      original_invoice_number: 'DEM2026000000009',
      version: 5,
    };
    await db.transaction('rw', [db.invoices, db.outbox, db.base], () =>
      putServerRows(db, 'invoices', [sale, ret], []),
    );
    await expect(cancelInvoice(db, 'sale-1', 'Yanlış müşteri', 'Admin')).rejects.toThrow(
      INVOICE_MESSAGES.hasReturnInvoice('DEM2026000000010'),
    );
    // A return invoice this device holds without its number yet blocks the same way.
    await db.invoices.update('ret-1', { invoice_number: null, pending_sync: 1 });
    await expect(cancelInvoice(db, 'sale-1', 'Yanlış müşteri', 'Admin')).rejects.toThrow(
      INVOICE_MESSAGES.hasReturnInvoice(INVOICE_MESSAGES.numberPending),
    );
    expect((await listEntries(db)).filter((e) => e.kind === 'invoice.cancel')).toEqual([]);
    expect((await db.invoices.get('sale-1'))?.status).toBe('issued');
    // The return invoice cancelled: the sale may be cancelled.
    await db.transaction('rw', [db.invoices, db.outbox, db.base], () =>
      putServerRows(db, 'invoices', [{ ...ret, status: 'cancelled', version: 6 }], []),
    );
    await cancelInvoice(db, 'sale-1', 'Yanlış müşteri', 'Admin');
    expect((await db.invoices.get('sale-1'))?.status).toBe('cancelled');
  });
});
