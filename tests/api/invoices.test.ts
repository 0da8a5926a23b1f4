import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES, invoiceListResponse, invoiceSchema } from '../../src/shared/api/invoices';
import { parseInvoiceNumber } from '../../src/shared/domain/invoice';
import { sellerIncompleteMessage } from '../../src/shared/domain/invoice-seller';
import { type Api, type Session, startApi } from './support/harness';
import { completeCompany, insertOrders, issue } from './support/invoices';

/**
 * Invoices: issued from a delivered order only, by admin and manager; one sales invoice per
 * order (a replay or a second device gets the first); amounts from the order's lines; reads by
 * role; cancelling keeps the number; a return makes the return invoice.
 */
const TENANT = 'demo';
let api: Api;
let admin: Session;
let manager: Session;
let sales: Session;
let sales2: Session;
let warehouse: Session;
let driver: Session;

beforeAll(async () => {
  api = await startApi();
  await completeCompany(api.db, TENANT);
  [admin, manager, sales, sales2, warehouse, driver] = await Promise.all([
    api.login(TENANT, 'admin'),
    api.login(TENANT, 'manager'),
    api.login(TENANT, 'sales'),
    api.login(TENANT, 'sales2'),
    api.login(TENANT, 'warehouse'),
    api.login(TENANT, 'driver'),
  ]);
});
afterAll(async () => api?.close());

describe('issuing', () => {
  it('a manager issues the sales invoice of a delivered order: number, ETTN, snapshots, amounts', async () => {
    const [order] = await insertOrders(api.db, TENANT, 1);
    const r = await issue(api, manager, order!.id);
    expect(r.status, r.raw).toBe(201);
    const invoice = invoiceSchema.parse(r.body.data);
    expect(parseInvoiceNumber(invoice.invoice_number ?? '')).toMatchObject({
      year: new Date().getFullYear(),
    });
    expect(invoice.ettn).toMatch(/^[0-9a-f-]{36}$/);
    expect(invoice).toMatchObject({
      type: 'SATIS',
      status: 'issued',
      profile: 'TEMELFATURA',
      order_id: order!.id,
      gross_total_kurus: order!.total_kurus,
      currency: 'TRY',
    });
    expect(invoice.buyer).toMatchObject({ tax_number: '2701341846', tax_office: 'Çankaya', city: 'Ankara' });
    expect(invoice.seller.tax_number).toBe('9876543217');
    expect(invoice.lines.map((l) => l.vat_rate)).toEqual([20, 10, 1]);
    for (const line of invoice.lines) expect(line.net_kurus + line.vat_kurus).toBe(line.gross_kurus);
    expect(invoice.rate_totals.map((t) => t.rate)).toEqual([1, 10, 20]);
    expect(invoice.net_total_kurus + invoice.vat_total_kurus).toBe(invoice.gross_total_kurus);
    expect(invoice.amount_in_words.startsWith('Yalnız:')).toBe(true);

    const got = await api.call<{ data: unknown }>('GET', `/invoices/${invoice.id}`, { token: admin.token });
    expect(got.status).toBe(200);
    expect(invoiceSchema.parse(got.body.data)).toEqual(invoice);
  });

  it('a buyer without a VKN gets an e-Arşiv invoice', async () => {
    const [order] = await insertOrders(api.db, TENANT, 1, { customerTaxNumber: null });
    const r = await issue(api, admin, order!.id);
    expect(r.status, r.raw).toBe(201);
    expect(r.body.data.profile).toBe('EARSIVFATURA');
  });

  it('refused for an order not delivered (409) and for roles other than admin/manager (403)', async () => {
    for (const status of ['approved', 'in_transit', 'cancelled', 'pending_approval']) {
      const [order] = await insertOrders(api.db, TENANT, 1, { status });
      const r = await issue(api, admin, order!.id);
      expect(r.status, status).toBe(409);
      expect(r.body.error).toBe(INVOICE_MESSAGES.orderNotDelivered);
    }
    const [order] = await insertOrders(api.db, TENANT, 1);
    for (const session of [sales, warehouse, driver]) {
      const r = await issue(api, session, order!.id);
      expect(r.status).toBe(403);
      expect(r.body.error).toBe(INVOICE_MESSAGES.cannotIssue);
    }
    const unknown = await issue(api, admin, randomUUID());
    expect(unknown.status).toBe(404);
    const bad = await api.call<{ code: string; error: string }>('POST', '/invoices', {
      token: admin.token,
      body: { id: 'x', order_id: order!.id },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
  });

  it('one sales invoice per order: a replay and a second device both get the first', async () => {
    const [order] = await insertOrders(api.db, TENANT, 1);
    const id = randomUUID();
    const first = await issue(api, admin, order!.id, id);
    expect(first.status).toBe(201);
    const replay = await issue(api, admin, order!.id, id);
    expect(replay.status).toBe(200);
    const other = await issue(api, manager, order!.id, randomUUID());
    expect(other.status).toBe(200);
    expect(other.body.data.id).toBe(id);
    expect(replay.body.data.invoice_number).toBe(first.body.data.invoice_number);
    const rows = await api.db.selectFrom('invoices').select('id').where('order_id', '=', order!.id).execute();
    expect(rows).toHaveLength(1);
    // The same id for another order is someone else's invoice: 409, nothing written.
    const [second] = await insertOrders(api.db, TENANT, 1);
    const taken = await issue(api, admin, second!.id, id);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(INVOICE_MESSAGES.idTaken);
  });

  it('an incomplete company profile is refused naming what is missing; nothing is written; the readiness answer says the same', async () => {
    const [order] = await insertOrders(api.db, TENANT, 1);
    const saved = await api.db
      .selectFrom('tenants')
      .select(['tax_office', 'tax_number'])
      .where('id', '=', TENANT)
      .executeTakeFirstOrThrow();
    const ready = await api.call<{ data: { ready: boolean; missing: string[] } }>(
      'GET',
      '/invoices/readiness',
      {
        token: manager.token,
      },
    );
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({ ready: true, missing: [] });
    const count = async () =>
      (await api.db.selectFrom('invoices').select('id').where('tenant_id', '=', TENANT).execute()).length;
    const sequences = () =>
      api.db.selectFrom('invoice_sequences').selectAll().where('tenant_id', '=', TENANT).execute();
    const before = { invoices: await count(), sequences: await sequences() };
    // No tax office, and a tax number whose check digit is wrong: both are named.
    await api.db
      .updateTable('tenants')
      .set({ tax_office: '  ', tax_number: '1234567891' })
      .where('id', '=', TENANT)
      .execute();
    try {
      const r = await api.call<{ error: string; code: string; missing: string[] }>('POST', '/invoices', {
        token: admin.token,
        body: { id: randomUUID(), order_id: order!.id },
      });
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('INVALID_STATE');
      expect(r.body.missing).toEqual(['tax_number', 'tax_office']);
      expect(r.body.error).toBe(sellerIncompleteMessage(['tax_number', 'tax_office']));
      expect(r.body.error).toBe('Fatura kesmek için şirket bilgileri eksik: Vergi numarası, Vergi dairesi');
      expect(await count()).toBe(before.invoices);
      expect(await sequences()).toEqual(before.sequences);
      for (const session of [admin, manager]) {
        const now = await api.call<{ data: { ready: boolean; missing: string[] } }>(
          'GET',
          '/invoices/readiness',
          { token: session.token },
        );
        expect(now.body.data).toEqual({ ready: false, missing: ['tax_number', 'tax_office'] });
      }
      for (const session of [sales, warehouse, driver]) {
        const refused = await api.call('GET', '/invoices/readiness', { token: session.token });
        expect(refused.status).toBe(403);
      }
    } finally {
      await api.db
        .updateTable('tenants')
        .set({ tax_office: saved.tax_office, tax_number: saved.tax_number })
        .where('id', '=', TENANT)
        .execute();
    }
    expect((await issue(api, admin, order!.id)).status).toBe(201);
  });
});

describe('reading', () => {
  it('admin/manager list all, a salesperson their own orders’ invoices, warehouse/driver 403', async () => {
    const own = await insertOrders(api.db, TENANT, 2);
    for (const o of own) expect((await issue(api, admin, o.id)).status).toBe(201);
    const list = async (session: Session, query: Record<string, string> = {}) =>
      api.call<{ data: unknown; error?: string }>('GET', '/invoices', { token: session.token, query });
    const all = invoiceListResponse.parse((await list(manager, { limit: '100' })).body.data);
    expect(all.data.length).toBeGreaterThanOrEqual(2);
    const mine = invoiceListResponse.parse((await list(sales, { limit: '100' })).body.data);
    expect(mine.data.map((i) => i.id)).toEqual(
      expect.arrayContaining(all.data.filter((i) => own.some((o) => o.id === i.order_id)).map((i) => i.id)),
    );
    const theirs = invoiceListResponse.parse((await list(sales2, { limit: '100' })).body.data);
    expect(theirs.data).toHaveLength(0);
    for (const session of [warehouse, driver]) {
      const r = await list(session);
      expect(r.status).toBe(403);
      expect(r.body.error).toBe(INVOICE_MESSAGES.cannotView);
    }
    const one = all.data[0]!;
    const hidden = await api.call('GET', `/invoices/${one.id}`, { token: sales2.token });
    expect(hidden.status).toBe(404);
  });

  it('search by number and by customer with Turkish folding; status, type and dates filter', async () => {
    const [o] = await insertOrders(api.db, TENANT, 1);
    const invoice = (await issue(api, admin, o!.id)).body.data;
    const search = async (query: Record<string, string>) =>
      invoiceListResponse
        .parse(
          (
            await api.call<{ data: unknown }>('GET', '/invoices', {
              token: admin.token,
              query: { limit: '100', ...query },
            })
          ).body.data,
        )
        .data.map((i) => i.id);
    expect(await search({ search: invoice.invoice_number!.slice(-6) })).toContain(invoice.id);
    expect(await search({ search: 'ŞÜKRÜ ÖZTÜRK' })).toContain(invoice.id);
    expect(await search({ search: 'şükrü' })).toContain(invoice.id);
    expect(await search({ type: 'IADE' })).not.toContain(invoice.id);
    expect(await search({ status: 'issued' })).toContain(invoice.id);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Istanbul' }).format(new Date());
    expect(await search({ from: today, to: today })).toContain(invoice.id);
    expect(await search({ to: '2000-01-01' })).not.toContain(invoice.id);
    const bad = await api.call<{ code: string }>('GET', '/invoices', {
      token: admin.token,
      query: { from: '2026-13-45' },
    });
    expect(bad.status).toBe(400);
  });

  it("another tenant's invoice is 404", async () => {
    const [o] = await insertOrders(api.db, TENANT, 1);
    const invoice = (await issue(api, admin, o!.id)).body.data;
    const other = await api.login('client1', 'admin');
    const r = await api.call('GET', `/invoices/${invoice.id}`, { tenant: 'client1', token: other.token });
    expect(r.status).toBe(404);
    const cancel = await api.call('POST', `/invoices/${invoice.id}/cancel`, {
      tenant: 'client1',
      token: other.token,
      body: { reason: 'Yanlış kesildi', expected_version: invoice.version },
    });
    expect(cancel.status).toBe(404);
  });
});

describe('settings', () => {
  it('an admin reads and changes the prefix, the profile and invoicing on delivery; the next number uses the prefix', async () => {
    const get = await api.call<{ data: { invoice_number_prefix: string; version: number } }>(
      'GET',
      '/invoices/settings',
      {
        token: admin.token,
      },
    );
    expect(get.status).toBe(200);
    expect(get.body.data).toMatchObject({ invoice_profile: 'TEMELFATURA', auto_invoice_on_delivery: false });
    expect(get.body.data.invoice_number_prefix).toMatch(/^[A-Z0-9]{3}$/);
    expect((await api.call('GET', '/invoices/settings', { token: manager.token })).status).toBe(403);
    const put = (body: Record<string, unknown>) =>
      api.call<{ data: { version: number; invoice_number_prefix: string }; error?: string; field?: string }>(
        'PUT',
        '/invoices/settings',
        { token: admin.token, body },
      );
    const bad = await put({ invoice_number_prefix: 'ab', expected_version: get.body.data.version });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('invoice_number_prefix');
    expect(bad.body.error).toMatch(/^Fatura ön eki /);
    const stale = await put({ invoice_number_prefix: 'XYZ', expected_version: get.body.data.version - 1 });
    expect(stale.status).toBe(409);
    const ok = await put({
      invoice_number_prefix: 'XYZ',
      invoice_profile: 'TICARIFATURA',
      expected_version: get.body.data.version,
    });
    expect(ok.status, ok.raw).toBe(200);
    try {
      const [order] = await insertOrders(api.db, TENANT, 1);
      const r = await issue(api, admin, order!.id);
      expect(r.body.data.invoice_number?.startsWith('XYZ')).toBe(true);
      expect(r.body.data.profile).toBe('TICARIFATURA');
    } finally {
      await put({
        invoice_number_prefix: get.body.data.invoice_number_prefix,
        invoice_profile: 'TEMELFATURA',
        expected_version: ok.body.data.version,
      });
    }
  });
});

describe('the demo data', () => {
  it('every delivered order of the demo seed can be invoiced (its lines add up to its total)', async () => {
    const delivered = await api.db
      .selectFrom('orders')
      .select('id')
      .where('tenant_id', '=', TENANT)
      .where('status', '=', 'delivered')
      .where('order_number', 'not like', 'INV-%')
      .execute();
    expect(delivered.length).toBeGreaterThan(0);
    for (const order of delivered) {
      const r = await issue(api, manager, order.id);
      expect([200, 201], r.raw).toContain(r.status);
    }
  });
});
