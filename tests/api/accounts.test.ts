import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  type Account,
  accountSchema,
  movementListResponse,
  type Payment,
  paymentSchema,
} from '../../src/shared/api/accounts';
import { addDays, balanceOf, parseReceiptNumber, settle } from '../../src/shared/domain/account';
import { type Api, type Session, startApi } from './support/harness';
import { completeCompany, insertOrders, issue } from './support/invoices';

/**
 * Customer accounts (cari hesap) over HTTP: invoices post to the account in the transaction that
 * issues or cancels them; payments are taken exactly once with gap-free receipt numbers; a
 * reversal undoes one; terms set the due day; who may do what is enforced by the server; the
 * stored figures always equal a recount of the ledger.
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

/** A delivered order of a new customer (the salesperson 'sales'), and that customer's id. */
async function deliveredOrder(options: { salesperson?: 'sales' | null } = {}) {
  const [order] = await insertOrders(
    api.db,
    TENANT,
    1,
    options.salesperson === null ? { salespersonId: null } : {},
  );
  const row = await api.db
    .selectFrom('orders')
    .select('customer_id')
    .where('id', '=', order!.id)
    .executeTakeFirstOrThrow();
  return { order: order!, customerId: row.customer_id as string };
}

const account = async (session: Session, customerId: string) =>
  api.call<{ data: Account; error?: string }>('GET', `/customers/${customerId}/account`, {
    token: session.token,
    tenant: session.tenant,
  });

const pay = (session: Session, body: Record<string, unknown>) =>
  api.call<{ data: Payment; error?: string; code?: string; field?: string }>('POST', '/payments', {
    token: session.token,
    tenant: session.tenant,
    body: { id: randomUUID(), method: 'cash', taken_at: new Date().toISOString(), ...body },
  });

/** The stored figures equal a recount of the customer's ledger. */
async function expectRecount(customerId: string) {
  const rows = await api.db
    .selectFrom('account_movements')
    .select([
      'id',
      'kind',
      'amount_kurus',
      'day',
      'due_day',
      'reverses',
      'applies_to',
      'seq',
      'balance_after_kurus',
    ])
    .where('tenant_id', '=', TENANT)
    .where('customer_id', '=', customerId)
    .orderBy('seq')
    .execute();
  const entries = rows.map((r) => ({ ...r, kind: r.kind as never, amount_kurus: Number(r.amount_kurus) }));
  let running = 0;
  rows.forEach((r, i) => {
    running += Number(r.amount_kurus);
    expect(r.seq).toBe(i + 1);
    expect(Number(r.balance_after_kurus)).toBe(running);
  });
  const stored = await api.db
    .selectFrom('customer_accounts')
    .selectAll()
    .where('tenant_id', '=', TENANT)
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  const { items, unapplied_kurus } = settle(entries);
  expect(Number(stored.balance_kurus)).toBe(balanceOf(entries));
  expect(Number(stored.unapplied_kurus)).toBe(unapplied_kurus);
  expect(stored.open_items.map((i) => i.open_kurus)).toEqual(
    items.filter((i) => i.open_kurus > 0).map((i) => i.open_kurus),
  );
  expect(stored.movement_count).toBe(rows.length);
}

describe('invoices post to the account', () => {
  it('a sales invoice is a debit due on its issue day; cancelling it posts the reversal', async () => {
    const { order, customerId } = await deliveredOrder();
    const issued = await issue(api, manager, order.id);
    expect(issued.status, issued.raw).toBe(201);
    const r = await account(manager, customerId);
    expect(r.status, r.raw).toBe(200);
    const a = accountSchema.parse(r.body.data);
    expect(a).toMatchObject({
      balance_kurus: order.total_kurus,
      due_days: 0,
      overdue_kurus: order.total_kurus,
    });
    expect(a.ageing.d0_30).toBe(order.total_kurus);

    const moves = await api.call<{ data: unknown }>('GET', `/customers/${customerId}/account/movements`, {
      token: manager.token,
    });
    const list = movementListResponse.parse(moves.body.data);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      kind: 'sales_invoice',
      amount_kurus: order.total_kurus,
      invoice_id: issued.body.data.id,
      description: issued.body.data.invoice_number,
    });

    const cancel = await api.call('POST', `/invoices/${issued.body.data.id}/cancel`, {
      token: admin.token,
      body: { reason: 'Yanlış müşteri', expected_version: issued.body.data.version },
    });
    expect(cancel.status, cancel.raw).toBe(200);
    const after = accountSchema.parse((await account(manager, customerId)).body.data);
    expect(after.balance_kurus).toBe(0);
    expect(after.overdue_kurus).toBe(0);
    await expectRecount(customerId);
  });

  it('the customer’s terms set the due day: a 30-day customer is not yet due', async () => {
    const { order, customerId } = await deliveredOrder();
    const before = accountSchema.parse((await account(manager, customerId)).body.data);
    const terms = await api.call<{ data: Account }>('PUT', `/customers/${customerId}/account`, {
      token: manager.token,
      body: { due_days: 30, credit_limit: 1250.75, expected_version: before.terms_version },
    });
    expect(terms.status, terms.raw).toBe(200);
    expect(terms.body.data).toMatchObject({ due_days: 30, credit_limit_kurus: 125_075 });
    // A stale version is refused, and changes nothing.
    const stale = await api.call<{ error: string }>('PUT', `/customers/${customerId}/account`, {
      token: manager.token,
      body: { due_days: 60, credit_limit: null, expected_version: before.terms_version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(ACCOUNT_MESSAGES.versionConflict);

    await issue(api, manager, order.id);
    const a = accountSchema.parse((await account(manager, customerId)).body.data);
    expect(a.ageing.not_due).toBe(order.total_kurus);
    expect(a.overdue_kurus).toBe(0);
    const moves = movementListResponse.parse(
      (
        await api.call<{ data: unknown }>('GET', `/customers/${customerId}/account/movements`, {
          token: admin.token,
        })
      ).body.data,
    );
    expect(moves.data[0]?.due_day).toBe(addDays(moves.data[0]?.day as string, 30));
    // Only admin and manager set terms.
    const refused = await api.call('PUT', `/customers/${customerId}/account`, {
      token: sales.token,
      body: { due_days: 0, expected_version: a.terms_version },
    });
    expect(refused.status).toBe(403);
  });
});

describe('payments', () => {
  it('a cash payment credits the account, gets a receipt number, and settles the invoice', async () => {
    const { order, customerId } = await deliveredOrder();
    await issue(api, manager, order.id);
    const r = await pay(manager, { customer_id: customerId, amount: order.total_kurus / 100 });
    expect(r.status, r.raw).toBe(201);
    const payment = paymentSchema.parse(r.body.data);
    expect(parseReceiptNumber(payment.receipt_number)).toMatchObject({ year: new Date().getUTCFullYear() });
    expect(payment).toMatchObject({ method: 'cash', amount_kurus: order.total_kurus, document_status: null });
    const a = accountSchema.parse((await account(manager, customerId)).body.data);
    expect(a.balance_kurus).toBe(0);
    expect(a.overdue_kurus).toBe(0);
    await expectRecount(customerId);
  });

  it('exactly once: the same id again answers the first payment; the same id for another payment is refused', async () => {
    const { customerId } = await deliveredOrder();
    const id = randomUUID();
    const first = await pay(manager, { id, customer_id: customerId, amount: 100 });
    expect(first.status).toBe(201);
    // A replay with a new idempotency key (its record expired, a second device): the same payment.
    const again = await pay(manager, { id, customer_id: customerId, amount: 100 });
    expect(again.status).toBe(200);
    expect(again.body.data.receipt_number).toBe(first.body.data.receipt_number);
    // Another salesperson sending that id learns nothing of the payment.
    expect((await pay(sales2, { id, customer_id: customerId, amount: 100 })).status).toBe(409);
    const other = await pay(manager, { id, customer_id: customerId, amount: 250 });
    expect(other.status).toBe(409);
    expect(other.body.error).toBe(ACCOUNT_MESSAGES.idTaken);
    const rows = await api.db
      .selectFrom('payments')
      .select('id')
      .where('customer_id', '=', customerId)
      .execute();
    expect(rows).toHaveLength(1);
    const a = accountSchema.parse((await account(manager, customerId)).body.data);
    expect(a.balance_kurus).toBe(-10_000);
    expect(a.unapplied_kurus).toBe(10_000);
  });

  it('each method asks for its details, by their labels; nothing is written on a refusal', async () => {
    const { customerId } = await deliveredOrder();
    const card = await pay(manager, { customer_id: customerId, amount: 10, method: 'card' });
    expect(card.status).toBe(400);
    expect(card.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'pos_slip_number' });
    expect(card.body.error).toContain('POS Slip No');
    const cheque = await pay(manager, {
      customer_id: customerId,
      amount: 10,
      method: 'cheque',
      document_number: 'ÇK-1',
      bank_name: 'Ziraat',
    });
    expect(cheque.status).toBe(400);
    expect(cheque.body.field).toBe('document_due_day');
    for (const amount of [0, -5, 1.005, 'on']) {
      const bad = await pay(manager, { customer_id: customerId, amount });
      expect(bad.status, String(amount)).toBe(400);
      expect(bad.body.field).toBe('amount');
    }
    const mismatch = await pay(manager, { customer_id: customerId, amount: 10, amount_kurus: 999 });
    expect(mismatch.status).toBe(400);
    const future = await pay(manager, {
      customer_id: customerId,
      amount: 10,
      taken_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    expect(future.status).toBe(400);
    expect(future.body.field).toBe('taken_at');
    const long = await pay(manager, {
      customer_id: customerId,
      amount: 10,
      method: 'card',
      pos_slip_number: 'x'.repeat(65),
    });
    expect(long.status).toBe(400);
    const rows = await api.db
      .selectFrom('payments')
      .select('id')
      .where('customer_id', '=', customerId)
      .execute();
    expect(rows).toHaveLength(0);
    const ok = await pay(manager, {
      customer_id: customerId,
      amount: 10,
      method: 'cheque',
      document_number: 'ÇK-1',
      bank_name: 'Ziraat',
      document_due_day: addDays(new Date().toISOString().slice(0, 10), 30),
    });
    expect(ok.status, ok.raw).toBe(201);
    expect(ok.body.data.document_status).toBe('portfolio');
    expect(accountSchema.parse((await account(manager, customerId)).body.data).portfolio_kurus).toBe(1_000);
  });

  it('field roles take payments only from customers of their own orders; the warehouse none', async () => {
    const { customerId } = await deliveredOrder();
    expect((await pay(sales, { customer_id: customerId, amount: 5 })).status).toBe(201);
    const other = await pay(sales2, { customer_id: customerId, amount: 5 });
    expect(other.status).toBe(403);
    expect(other.body.error).toBe(ACCOUNT_MESSAGES.cannotTakePayment);
    expect((await pay(driver, { customer_id: customerId, amount: 5 })).status).toBe(403);
    expect((await pay(warehouse, { customer_id: customerId, amount: 5 })).status).toBe(403);
    expect((await account(warehouse, customerId)).status).toBe(403);
    expect((await account(sales2, customerId)).status).toBe(403);
    expect((await account(sales, customerId)).status).toBe(200);
    // The driver once the order is assigned to them.
    await api.db
      .updateTable('orders')
      .set({ driver_id: driver.user.id })
      .where('customer_id', '=', customerId)
      .execute();
    expect((await pay(driver, { customer_id: customerId, amount: 5 })).status).toBe(201);
    // A field role lists the payments it took, the office all of them.
    const mine = await api.call<{ data: { data: Payment[] } }>('GET', '/payments', {
      token: driver.token,
      query: { customer_id: customerId },
    });
    expect(mine.body.data.data.map((p) => p.taken_by_name)).toEqual([driver.user.full_name]);
    const all = await api.call<{ data: { data: Payment[] } }>('GET', '/payments', {
      token: manager.token,
      query: { customer_id: customerId },
    });
    expect(all.body.data.data).toHaveLength(2);
  });

  it('another company’s customer does not exist here', async () => {
    const client = await api.login('client1', 'admin');
    const { customerId } = await deliveredOrder();
    const foreign = await account(client, customerId);
    expect(foreign.status, foreign.raw).toBe(404);
    expect((await pay(client, { customer_id: customerId, amount: 5 })).status).toBe(404);
    const own = await pay(manager, { customer_id: customerId, amount: 5 });
    const got = await api.call('GET', `/payments/${own.body.data.id}`, {
      token: client.token,
      tenant: 'client1',
    });
    expect(got.status).toBe(404);
  });

  it('50 payments at once get 50 consecutive receipt numbers', async () => {
    const { customerId } = await deliveredOrder();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => pay(manager, { customer_id: customerId, amount: 1 + i })),
    );
    for (const r of results) expect(r.status, r.raw).toBe(201);
    const seqs = results
      .map((r) => parseReceiptNumber(r.body.data.receipt_number)?.sequence as number)
      .sort((a, b) => a - b);
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe((seqs[i - 1] as number) + 1);
    const a = accountSchema.parse((await account(manager, customerId)).body.data);
    expect(a.balance_kurus).toBe(
      -Array.from({ length: 50 }, (_, i) => (1 + i) * 100).reduce((s, v) => s + v, 0),
    );
    await expectRecount(customerId);
  });
});

describe('reversing a payment', () => {
  it('a manager reverses with the version seen; the balance comes back; the receipt number stays', async () => {
    const { order, customerId } = await deliveredOrder();
    await issue(api, manager, order.id);
    const paid = await pay(sales, { customer_id: customerId, amount: order.total_kurus / 100 });
    expect(paid.status).toBe(201);
    const path = `/payments/${paid.body.data.id}/reverse`;
    expect(
      (
        await api.call('POST', path, {
          token: sales.token,
          body: { reason: 'Yanlış', expected_version: paid.body.data.version },
        })
      ).status,
    ).toBe(403);
    const stale = await api.call('POST', path, {
      token: manager.token,
      body: { reason: 'Yanlış tutar', expected_version: paid.body.data.version - 1 },
    });
    expect(stale.status).toBe(409);
    const r = await api.call<{ data: Payment }>('POST', path, {
      token: manager.token,
      body: { reason: 'Yanlış tutar', expected_version: paid.body.data.version },
    });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data).toMatchObject({
      receipt_number: paid.body.data.receipt_number,
      reverse_reason: 'Yanlış tutar',
      reversed_by_name: manager.user.full_name,
    });
    const again = await api.call('POST', path, {
      token: manager.token,
      body: { reason: 'Yanlış tutar', expected_version: paid.body.data.version },
    });
    expect(again.status).toBe(200);
    const a = accountSchema.parse((await account(manager, customerId)).body.data);
    expect(a.balance_kurus).toBe(order.total_kurus);
    const kinds = await api.db
      .selectFrom('account_movements')
      .select('kind')
      .where('customer_id', '=', customerId)
      .orderBy('seq')
      .execute();
    expect(kinds.map((k) => k.kind)).toEqual(['sales_invoice', 'payment', 'payment_reversal']);
    await expectRecount(customerId);
  });

  it('a bounced cheque leaves the portfolio and its credit is reversed', async () => {
    const { customerId } = await deliveredOrder();
    const paid = await pay(manager, {
      customer_id: customerId,
      amount: 500,
      method: 'promissory_note',
      document_number: 'S-77',
      drawer_name: 'Ahmet Yılmaz',
      document_due_day: addDays(new Date().toISOString().slice(0, 10), 10),
    });
    expect(paid.status, paid.raw).toBe(201);
    const r = await api.call<{ data: Payment }>('POST', `/payments/${paid.body.data.id}/reverse`, {
      token: admin.token,
      body: { reason: 'Karşılıksız çıktı', returned: true, expected_version: paid.body.data.version },
    });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data.document_status).toBe('returned');
    const a = accountSchema.parse((await account(manager, customerId)).body.data);
    expect(a).toMatchObject({ balance_kurus: 0, portfolio_kurus: 0 });
    const kinds = await api.db
      .selectFrom('account_movements')
      .select('kind')
      .where('customer_id', '=', customerId)
      .execute();
    expect(kinds.map((k) => k.kind).sort()).toEqual(['cheque_returned', 'payment']);
  });
});

describe('adjustments', () => {
  it('an admin posts an opening balance with a reason; others may not; the same id is the same movement', async () => {
    const { customerId } = await deliveredOrder();
    const id = randomUUID();
    const body = { id, kind: 'opening_balance', amount_kurus: 75_050, reason: 'Eski programdan devir' };
    const path = `/customers/${customerId}/account/adjustments`;
    expect((await api.call('POST', path, { token: manager.token, body })).status).toBe(403);
    const r = await api.call('POST', path, { token: admin.token, body });
    expect(r.status, r.raw).toBe(201);
    expect((await api.call('POST', path, { token: admin.token, body })).status).toBe(200);
    const noReason = await api.call<{ field: string }>('POST', path, {
      token: admin.token,
      body: { ...body, id: randomUUID(), reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.field).toBe('reason');
    expect(accountSchema.parse((await account(admin, customerId)).body.data).balance_kurus).toBe(75_050);
    await expectRecount(customerId);
  });
});

describe('credit limit', () => {
  it('an approval over the limit is refused with the figures; a manager may approve with a reason, audited', async () => {
    const { order, customerId } = await deliveredOrder();
    await issue(api, manager, order.id); // the balance: one invoice
    const [pending] = await insertOrders(api.db, TENANT, 1, { status: 'pending_approval' });
    await api.db
      .updateTable('orders')
      .set({ customer_id: customerId })
      .where('id', '=', pending!.id)
      .execute();
    const limit = order.total_kurus + pending!.total_kurus - 1; // one kuruş short
    const terms = accountSchema.parse((await account(manager, customerId)).body.data);
    const set = await api.call('PUT', `/customers/${customerId}/account`, {
      token: admin.token,
      body: { due_days: 0, credit_limit_kurus: limit, expected_version: terms.terms_version },
    });
    expect(set.status, set.raw).toBe(200);

    const approve = (body: Record<string, unknown> = {}) =>
      api.call<{ code: string; error: string; credit: Record<string, unknown> }>(
        'PATCH',
        `/orders/${pending!.id}/status`,
        {
          token: manager.token,
          body: { status: 'approved', expected_status: 'pending_approval', ...body },
        },
      );
    const refused = await approve();
    expect(refused.status, refused.raw).toBe(409);
    expect(refused.body.code).toBe('CREDIT_LIMIT');
    expect(refused.body.credit).toMatchObject({
      limit_kurus: limit,
      balance_kurus: order.total_kurus,
      open_orders_kurus: 0,
      order_kurus: pending!.total_kurus,
      over_kurus: 1,
      may_override: true,
    });
    expect(refused.body.error).toContain('risk limiti aşılıyor');
    const still = await api.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', pending!.id)
      .executeTakeFirstOrThrow();
    expect(still.status).toBe('pending_approval');

    const over = await approve({ credit_override_reason: 'Eski müşteri, ödeme sözü var' });
    expect(over.status, over.raw).toBe(200);
    const log = await api.db
      .selectFrom('audit_logs')
      .select(['action', 'user_id'])
      .where('tenant_id', '=', TENANT)
      .where('entity_id', '=', pending!.id)
      .where('action', '=', 'order.credit_override')
      .execute();
    expect(log).toEqual([{ action: 'order.credit_override', user_id: manager.user.id }]);

    // The approved order now counts against the limit too; paying the invoice and a little ahead
    // brings the customer back under it, so the next order approves without a reason.
    await pay(manager, { customer_id: customerId, amount_kurus: order.total_kurus + 1 });
    const [next] = await insertOrders(api.db, TENANT, 1, { status: 'pending_approval' });
    await api.db.updateTable('orders').set({ customer_id: customerId }).where('id', '=', next!.id).execute();
    const ok = await api.call('PATCH', `/orders/${next!.id}/status`, {
      token: manager.token,
      body: { status: 'approved', expected_status: 'pending_approval' },
    });
    expect(ok.status, ok.raw).toBe(200);
  });
});

describe('the receipt', () => {
  const run = promisify(execFile);
  async function pdf(session: Session, url: string) {
    const r = await api.app.inject({
      method: 'GET',
      url: `/api${url}${url.includes('?') ? '&' : '?'}tenant=${session.tenant}`,
      headers: { authorization: `Bearer ${session.token}` },
    });
    if (r.statusCode !== 200) return { status: r.statusCode, text: '', size: '' };
    const dir = await mkdtemp(join(tmpdir(), 'receipt-'));
    try {
      const name = join(dir, 'r.pdf');
      await writeFile(name, r.rawPayload);
      const { stdout } = await run('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', name, '-']);
      const info = await run('/usr/bin/pdfinfo', [name]);
      return {
        status: r.statusCode,
        text: stdout.replace(/\s+/g, ' '),
        size: /Page size:\s+([\d.]+ x [\d.]+)/.exec(info.stdout)?.[1] ?? '',
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('prints the number, the customer, the amount in figures and words, the method’s details; A5 or an 80 mm roll', async () => {
    const { order, customerId } = await deliveredOrder();
    const invoice = await issue(api, manager, order.id);
    const paid = await pay(sales, {
      customer_id: customerId,
      order_id: order.id,
      amount: 1250.75,
      method: 'card',
      pos_slip_number: 'SLİP-0042',
      applies_to: [invoice.body.data.id],
    });
    expect(paid.status, paid.raw).toBe(201);
    const a5 = await pdf(sales, `/payments/${paid.body.data.id}/receipt`);
    expect(a5.status).toBe(200);
    expect(a5.size).toBe('419.53 x 595.28');
    for (const text of [
      'TAHSİLAT MAKBUZU',
      paid.body.data.receipt_number,
      'Öztürk Gıda Ltd. Şti.',
      '1.250,75',
      'Bin İki Yüz Elli Türk Lirası Yetmiş Beş Kuruş',
      'Kredi Kartı',
      'SLİP-0042',
      invoice.body.data.invoice_number as string,
      order.order_number,
      sales.user.full_name,
    ])
      expect(a5.text).toContain(text);
    const roll = await pdf(sales, `/payments/${paid.body.data.id}/receipt?size=thermal`);
    expect(roll.size.startsWith('226 x')).toBe(true);
    expect(roll.text).toContain(paid.body.data.receipt_number);
    // Not the salesperson's to see: another salesperson gets no receipt.
    expect((await pdf(sales2, `/payments/${paid.body.data.id}/receipt`)).status).toBe(404);
    // A reversed payment's receipt says so.
    await api.call('POST', `/payments/${paid.body.data.id}/reverse`, {
      token: manager.token,
      body: { reason: 'Çift çekim', expected_version: paid.body.data.version },
    });
    expect((await pdf(manager, `/payments/${paid.body.data.id}/receipt`)).text).toContain('İPTAL EDİLDİ');
  });
});

describe('day-end', () => {
  it('a manager confirms what a driver handed over; a difference is recorded; a late payment shows after it', async () => {
    const { customerId } = await deliveredOrder();
    await api.db
      .updateTable('orders')
      .set({ driver_id: driver.user.id })
      .where('customer_id', '=', customerId)
      .execute();
    // The company's day (Istanbul), as the server files payments under it.
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date());
    const before = await api.call<{ data: { people: { user_id: string; expected_total_kurus: number }[] } }>(
      'GET',
      '/day-ends',
      {
        token: manager.token,
        query: { day },
      },
    );
    const start =
      before.body.data.people.find((p) => p.user_id === driver.user.id)?.expected_total_kurus ?? 0;
    // A day may already hold other tests' payments of this driver; what this test adds is counted on top.
    expect((await pay(driver, { customer_id: customerId, amount: 100 })).status).toBe(201);
    expect((await pay(driver, { customer_id: customerId, amount: 50.5 })).status).toBe(201);
    const card = await pay(driver, {
      customer_id: customerId,
      amount: 20,
      method: 'card',
      pos_slip_number: '77',
    });
    expect(card.status).toBe(201);

    const mine = await api.call<{
      data: { people: { user_id: string; expected_kurus: Record<string, number> }[] };
    }>('GET', '/day-ends', { token: driver.token, query: { day } });
    expect(mine.body.data.people.map((p) => p.user_id)).toEqual([driver.user.id]);
    const me = mine.body.data.people[0]!;
    expect(me.expected_kurus.card).toBeGreaterThanOrEqual(2_000);

    const counted = { ...me.expected_kurus, cash: (me.expected_kurus.cash ?? 0) - 500 }; // 5 TL short in the till
    const body = {
      id: randomUUID(),
      user_id: driver.user.id,
      day,
      counted_kurus: counted,
      note: '5 TL eksik',
    };
    expect((await api.call('POST', '/day-ends', { token: driver.token, body })).status).toBe(403);
    const confirmed = await api.call<{
      data: Record<string, unknown> & { confirmation: Record<string, unknown> };
    }>('POST', '/day-ends', { token: manager.token, body });
    expect(confirmed.status, confirmed.raw).toBe(201);
    expect(confirmed.body.data.confirmation).toMatchObject({ difference_kurus: -500, note: '5 TL eksik' });
    expect(confirmed.body.data.expected_total_kurus).toBe(start + 17_050);
    // The same confirmation again answers it; another for that person and day is refused.
    expect((await api.call('POST', '/day-ends', { token: manager.token, body })).status).toBe(200);
    const second = await api.call('POST', '/day-ends', {
      token: manager.token,
      body: { ...body, id: randomUUID() },
    });
    expect(second.status).toBe(409);
    // A payment synced after the confirmation shows as collected after it, not hidden in it.
    expect((await pay(driver, { customer_id: customerId, amount: 10 })).status).toBe(201);
    const after = await api.call<{
      data: { people: { user_id: string; after_confirmation_kurus: number }[] };
    }>('GET', '/day-ends', { token: manager.token, query: { day } });
    expect(after.body.data.people.find((p) => p.user_id === driver.user.id)?.after_confirmation_kurus).toBe(
      1_000,
    );
    // Not for the warehouse or a manager, not for a day to come.
    const notField = await api.call<{ field: string }>('POST', '/day-ends', {
      token: manager.token,
      body: { ...body, id: randomUUID(), user_id: warehouse.user.id },
    });
    expect(notField.status).toBe(400);
    expect(notField.body.field).toBe('user_id');
    const future = await api.call<{ field: string }>('POST', '/day-ends', {
      token: manager.token,
      body: { ...body, id: randomUUID(), user_id: sales.user.id, day: addDays(day, 3) },
    });
    expect(future.status).toBe(400);
    expect((await api.call('GET', '/day-ends', { token: warehouse.token, query: { day } })).status).toBe(403);
  });
});
