import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDb } from '../../src/client/local/database';
import { acknowledge, listEntries, putServerRows, reject } from '../../src/client/local/outbox';
import {
  accountOf,
  accountView,
  largestDebtors,
  type PaymentInput,
  paymentsOfCustomer,
  paymentsOfDay,
  receivablesOf,
  shownReceiptNumber,
  takePayment,
} from '../../src/client/local/payments';
import { createPaymentBody, type Payment, type SyncedAccount } from '../../src/shared/api/accounts';
import { RECEIPT_NUMBER_PENDING } from '../../src/shared/domain/account';

/**
 * A payment taken on a device, offline: shown at once without a receipt number, the customer's
 * balance lowered by it (oldest invoices paid first), queued once with a body the server accepts;
 * replaced by the server's numbered payment; never counted twice when a pulled account already
 * includes it; gone, with the balance back, when the server refuses it.
 */

const CUSTOMER = '44444444-4444-4444-8444-444444444444';
const ACCOUNT: SyncedAccount = {
  id: CUSTOMER,
  balance_kurus: 150_000,
  due_days: 0,
  credit_limit_kurus: null,
  open_items: [
    { id: 'inv-old', due_day: '2026-01-05', open_kurus: 100_000 },
    { id: 'inv-new', due_day: '2026-03-01', open_kurus: 50_000 },
  ],
  unapplied_kurus: 0,
  portfolio_kurus: 0,
  recent_payment_ids: [],
  movement_count: 2,
  last_movement_at: '2026-03-01T08:00:00.000Z',
  terms_version: 0,
  updated_at: '2026-03-01T08:00:00.000Z',
};

const input = (over: Partial<PaymentInput> = {}): PaymentInput => ({
  customerId: CUSTOMER,
  customerName: 'Şükrü Öztürk',
  orderId: null,
  method: 'cash',
  amountKurus: 120_050,
  details: {},
  takenBy: { id: '55555555-5555-4555-8555-555555555555', full_name: 'Sürücü Deniz' },
  day: '2026-03-10',
  now: '2026-03-10T09:00:00.000Z',
  ...over,
});

describe('taking a payment on the device', () => {
  let db: LocalDb;
  beforeEach(async () => {
    db = new LocalDb({ tenant: 'demo', userId: 'u1' }, { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.open();
    await db.transaction('rw', [db.accounts, db.outbox, db.base], () =>
      putServerRows(db, 'accounts', [ACCOUNT], []),
    );
  });
  afterEach(() => db.close());

  it('shows the payment waiting for its number and the balance lowered, oldest invoice paid first', async () => {
    const payment = await takePayment(db, input());
    expect(shownReceiptNumber(payment)).toBe(RECEIPT_NUMBER_PENDING);
    const [entry] = await listEntries(db);
    expect(entry).toMatchObject({
      kind: 'payment.create',
      id: payment.id,
      method: 'POST',
      path: '/payments',
    });
    // The body is one the server's schema accepts as it stands.
    expect(createPaymentBody.safeParse(entry?.body).success).toBe(true);
    const account = await db.accounts.get(CUSTOMER);
    expect(account?.balance_kurus).toBe(29_950);
    expect(account?.open_items).toEqual([{ id: 'inv-new', due_day: '2026-03-01', open_kurus: 29_950 }]);
    const view = accountView(account, '2026-03-10');
    expect(view.ageing.d0_30).toBe(29_950);
    expect(view.ageing.overdue_kurus).toBe(29_950);
    expect((await paymentsOfDay(db, '2026-03-10')).map((p) => p.id)).toEqual([payment.id]);
    expect(
      (await paymentsOfDay(db, '2026-03-10', '55555555-5555-4555-8555-555555555555')).map((p) => p.id),
    ).toEqual([payment.id]);
    expect(await paymentsOfCustomer(db, CUSTOMER)).toHaveLength(1);
  });

  it("takes the server's numbered payment; a pulled account that counts it is not credited again", async () => {
    const payment = await takePayment(db, input());
    const [entry] = await listEntries(db);
    // A pull brings the server's account, which already counts the payment (the answer was lost).
    const counted: SyncedAccount = {
      ...ACCOUNT,
      balance_kurus: 29_950,
      open_items: [{ id: 'inv-new', due_day: '2026-03-01', open_kurus: 29_950 }],
      recent_payment_ids: [payment.id],
      movement_count: 3,
    };
    await db.transaction('rw', [db.accounts, db.outbox, db.base], () =>
      putServerRows(db, 'accounts', [counted], []),
    );
    expect((await db.accounts.get(CUSTOMER))?.balance_kurus).toBe(29_950);
    const server: Payment = { ...payment, receipt_number: 'THS2026000000012', version: 41 };
    delete (server as { pending_sync?: number }).pending_sync;
    await acknowledge(db, entry as never, server);
    expect(await db.payments.get(payment.id)).toMatchObject({
      receipt_number: 'THS2026000000012',
      pending_sync: 0,
    });
    expect((await db.accounts.get(CUSTOMER))?.balance_kurus).toBe(29_950);
    expect(await listEntries(db)).toHaveLength(0);
  });

  it('acknowledged before the pull: the credit stays until the server’s account replaces it', async () => {
    const payment = await takePayment(db, input({ amountKurus: 10_000 }));
    const [entry] = await listEntries(db);
    await acknowledge(db, entry as never, { ...payment, receipt_number: 'THS2026000000013', version: 42 });
    expect((await db.accounts.get(CUSTOMER))?.balance_kurus).toBe(140_000);
    const pulled: SyncedAccount = { ...ACCOUNT, balance_kurus: 140_000, recent_payment_ids: [payment.id] };
    await db.transaction('rw', [db.accounts, db.outbox, db.base], () =>
      putServerRows(db, 'accounts', [pulled], []),
    );
    expect((await db.accounts.get(CUSTOMER))?.balance_kurus).toBe(140_000);
  });

  it('a refused payment goes away and the balance is as the server has it', async () => {
    const payment = await takePayment(db, input({ method: 'card', details: { pos_slip_number: '123' } }));
    const [entry] = await listEntries(db);
    await reject(db, entry as never, {
      status: 403,
      error: 'Bu müşteriden tahsilat alma yetkiniz yok',
      code: 'FORBIDDEN',
    });
    expect(await db.payments.get(payment.id)).toBeUndefined();
    expect((await db.accounts.get(CUSTOMER))?.balance_kurus).toBe(150_000);
  });

  it('a customer with no account on the device yet gets one with the payment as credit', async () => {
    const other = '66666666-6666-4666-8666-666666666666';
    await takePayment(db, input({ customerId: other, amountKurus: 5_000 }));
    const view = accountView(await accountOf(db, other), '2026-03-10');
    expect(view.balance_kurus).toBe(-5_000);
    expect(view.ageing.unapplied_kurus).toBe(5_000);
  });

  it('the receivables over every account, kept as the mirror changes, equal adding up each account', async () => {
    const other: SyncedAccount = {
      ...ACCOUNT,
      id: '77777777-7777-4777-8777-777777777777',
      balance_kurus: 20_000,
      open_items: [
        { id: 'o1', due_day: '2025-10-01', open_kurus: 12_000 },
        { id: 'o2', due_day: '2026-03-01', open_kurus: 8_000 },
      ],
    };
    const ahead: SyncedAccount = {
      ...ACCOUNT,
      id: '88888888-8888-4888-8888-888888888888',
      balance_kurus: -3_000,
      open_items: [],
      unapplied_kurus: 3_000,
    };
    await db.transaction('rw', [db.accounts, db.outbox, db.base], () =>
      putServerRows(db, 'accounts', [other, ahead], []),
    );
    await takePayment(db, input({ amountKurus: 100_500 }));
    const today = '2026-03-10';
    const all = await db.accounts.toArray();
    const views = all.map((a) => accountView(a, today));
    const sum = (f: (v: (typeof views)[number]) => number) => views.reduce((s, v) => s + f(v), 0);
    const r = await receivablesOf(db, today);
    for (const bucket of ['not_due', 'd0_30', 'd31_60', 'd61_90', 'd90_plus'] as const)
      expect(r.ageing[bucket], bucket).toBe(sum((v) => v.ageing[bucket]));
    expect(r.overdue_kurus).toBe(sum((v) => v.ageing.overdue_kurus));
    expect(r.balance_kurus).toBe(sum((v) => v.balance_kurus));
    expect(r.unapplied_kurus).toBe(sum((v) => v.ageing.unapplied_kurus));
    expect(r).toMatchObject({ accounts: 3, debtors: 2 });
    // 150,000 − 100,500 = 49,500 for the first; 20,000 for the second; the third owes nothing.
    expect((await largestDebtors(db, 10)).map((a) => a.balance_kurus)).toEqual([49_500, 20_000]);
    // A refused payment gives the credit back, in the receivables too.
    const [entry] = await listEntries(db);
    await reject(db, entry as never, { status: 403, error: 'Yetkiniz yok', code: 'FORBIDDEN' });
    expect((await receivablesOf(db, today)).balance_kurus).toBe(150_000 + 20_000 - 3_000);
  });
});
