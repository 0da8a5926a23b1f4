import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteCustomer } from '../../src/client/customers/local';
import { createCustomer, pendingCustomerNumber, updateCustomer } from '../../src/client/local/customers';
import { LocalDb, recordKey } from '../../src/client/local/database';
import { createOrder } from '../../src/client/local/orders';
import { acknowledge, listEntries, reject } from '../../src/client/local/outbox';
import { listCustomers } from '../../src/client/local/queries';
import { nextBatch } from '../../src/client/local/sync/batch';
import { planSends } from '../../src/client/local/sync/plan';
import { rankCustomers } from '../../src/client/shared-ui/customer-search';
import { createCustomerBody, isTurkishPhone, phoneKey } from '../../src/shared/api/customers';
import type { Customer } from '../../src/shared/api/entities';
import { recordKeysOverlap } from '../../src/shared/api/push';
import { isValidTaxNumber, isValidTckn, isValidVkn, taxNumberKind } from '../../src/shared/domain/tax-id';

describe('tax numbers', () => {
  it('VKN: 10 digits with the check digit over the first nine', () => {
    // A company's published VKN, and one worked out by hand (1111111114: the sum is 46 → 4; 0000000001: 49 → 1).
    for (const v of ['2701341846', '1111111114', '0000000001']) expect(isValidVkn(v), v).toBe(true);
    for (const v of ['2701341845', '2701341847', '1111111111', '270134184', '27013418460', '27013418a6', ''])
      expect(isValidVkn(v), v).toBe(false);
  });

  it('TCKN: 11 digits, the first not 0, the 10th and 11th digits from the others', () => {
    for (const v of ['10000000146', '12345678950']) expect(isValidTckn(v), v).toBe(true);
    // 10th digit wrong; 11th digit wrong; leading 0 with otherwise right digits; too short; letters.
    for (const v of ['10000000156', '10000000147', '00000000000', '1000000014', '1000000014x'])
      expect(isValidTckn(v), v).toBe(false);
  });

  it('a tax number is either, by its length; the schema names the field and ignores spaces', () => {
    expect(isValidTaxNumber('2701341846')).toBe(true);
    expect(isValidTaxNumber('10000000146')).toBe(true);
    expect(taxNumberKind('10000000146')).toBe('tckn');
    expect(taxNumberKind('2701341846')).toBe('vkn');
    expect(taxNumberKind('123')).toBeNull();
    const ok = createCustomerBody.safeParse({ full_name: 'Ali Veli', tax_number: '270 134 18 46' });
    expect(ok.success && ok.data.tax_number).toBe('2701341846');
    const bad = createCustomerBody.safeParse({ full_name: 'Ali Veli', tax_number: '2701341845' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['tax_number']);
    expect(bad.error?.issues[0]?.message).toMatch(/^Vergi\/T\.C\. kimlik no/);
    expect(bad.error?.issues[0]?.message).not.toMatch(/tax_number/);
  });

  it('phones: Turkish numbers in their usual spellings; the key is the last 10 digits', () => {
    for (const p of [
      '0532 111 22 33',
      '+90 (532) 111-22-33',
      '5321112233',
      '0090 212 555 44 33',
      '0850 222 33 44',
    ])
      expect(isTurkishPhone(p), p).toBe(true);
    for (const p of ['12345', '0132 111 22 33', '+1 555 123 4567 89', 'telefon', '0532 111 22 33 44'])
      expect(isTurkishPhone(p), p).toBe(false);
    expect(phoneKey('+90 (532) 111-22-33')).toBe(phoneKey('0532 111 22 33'));
  });
});

function customer(id: string, fields: Partial<Customer>): Customer {
  return {
    id,
    customer_number: `CUST-${id}`,
    full_name: 'Kişi',
    company_name: null,
    phone: null,
    email: null,
    address: null,
    city: null,
    tax_office: null,
    tax_number: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    version: 1,
    ...fields,
  };
}

describe('finding customers', () => {
  const book = [
    customer('1', { full_name: 'Deniz Ege', company_name: 'Yıldız Market' }),
    customer('2', { full_name: 'Ali Veli', company_name: 'Kuzey Ege Ticaret' }),
    customer('3', { full_name: 'Merve Kaya', company_name: 'Ege Yapı Market', city: 'İzmir' }),
    customer('4', { full_name: 'İsmail Işık', city: 'İstanbul', phone: '+90 532 111 22 33' }),
    customer('5', { full_name: 'Ayşe Şen', company_name: 'Begemot Ltd.', tax_number: '2701341846' }),
  ];
  const names = (q: string) => rankCustomers(book, q).map((c) => c.company_name ?? c.full_name);

  it("typing 'Ege' lists Ege Yapı Market first, then word matches, then matches inside a word", () => {
    expect(names('Ege')).toEqual(['Ege Yapı Market', 'Kuzey Ege Ticaret', 'Yıldız Market', 'Begemot Ltd.']);
    expect(names('ege')[0]).toBe('Ege Yapı Market');
  });

  it('matches city, phone and tax number with Turkish case folding', () => {
    expect(names('ISTANBUL')).toEqual(['İsmail Işık']);
    expect(names('istanbul')).toEqual(['İsmail Işık']);
    expect(names('İZMİR')).toEqual(['Ege Yapı Market']);
    expect(names('ışık')).toEqual(['İsmail Işık']);
    expect(names('IŞIK')).toEqual(['İsmail Işık']);
    expect(names('0532 111')).toEqual(['İsmail Işık']);
    expect(names('270134')).toEqual(['Begemot Ltd.']);
    expect(names('yok böyle')).toEqual([]);
  });

  it('a blank query lists everyone by name, the Turkish way', () => {
    expect(names('')).toEqual([
      'Begemot Ltd.',
      'Ege Yapı Market',
      'İsmail Işık',
      'Kuzey Ege Ticaret',
      'Yıldız Market',
    ]);
  });
});

describe('customers on the device', () => {
  let db: LocalDb;
  beforeEach(async () => {
    db = new LocalDb({ tenant: 'demo', userId: 'u1' }, { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.open();
  });
  afterEach(() => db.close());

  const orderInput = (customerId: string) => ({
    customer_id: customerId,
    customer_name: 'Sahada Market',
    items: [{ product_name: 'Kalem', quantity: 1, unit_price: 10 }],
  });

  it("the device's customer search (the /customers list) finds İstanbul and Şahin however they are typed", async () => {
    await createCustomer(db, { full_name: 'Mehmet Şahin', city: 'İstanbul' });
    await createCustomer(db, { full_name: 'Zeynep Öztürk', company_name: 'Çağlar Gıda', city: 'İzmir' });
    await createCustomer(db, { full_name: 'Ali Veli', city: 'Ankara' });
    const book = await listCustomers(db);
    const found = (q: string) => rankCustomers(book, q).map((c) => c.full_name);
    for (const q of ['İstanbul', 'ISTANBUL', 'Istanbul', 'ıstanbul', 'istanbul', 'İSTANBUL'])
      expect(found(q), q).toEqual(['Mehmet Şahin']);
    for (const q of ['IZMIR', 'izmir', 'İZMİR', 'Izmır']) expect(found(q), q).toEqual(['Zeynep Öztürk']);
    expect(found('sahin')).toEqual(['Mehmet Şahin']);
    expect(found('SAHİN')).toEqual(['Mehmet Şahin']);
    expect(found('ozturk')).toEqual(['Zeynep Öztürk']);
    expect(found('caglar gida')).toEqual(['Zeynep Öztürk']);
    expect(found('bursa')).toEqual([]);
  });

  it('a customer created offline shows a provisional number until the server answers with the real one', async () => {
    const c = await createCustomer(db, { full_name: 'Sahada Açılan', company_name: 'Sahada Market' });
    const local = await db.customers.get(c.id);
    expect(local).toMatchObject({ customer_number: pendingCustomerNumber(c.id), pending_sync: 1 });
    const [entry] = await listEntries(db);
    if (!entry) throw new Error('no entry');
    expect(entry).toMatchObject({
      kind: 'customer.create',
      path: '/customers',
      record_key: `customer:${c.id}`,
    });
    await acknowledge(db, entry, {
      ...customer(c.id, { full_name: 'Sahada Açılan' }),
      customer_number: 'CUST-0025',
      version: 7,
    });
    expect(await db.customers.get(c.id)).toMatchObject({
      customer_number: 'CUST-0025',
      pending_sync: 0,
      version: 7,
    });
  });

  it('an order for a customer made offline is sent after the customer, and held while that create is refused', async () => {
    const c = await createCustomer(db, { full_name: 'Sahada Açılan' });
    const order = await createOrder(db, orderInput(c.id));
    const [custEntry, orderEntry] = await listEntries(db);
    if (!custEntry || !orderEntry) throw new Error('entries missing');
    expect(orderEntry.record_key).toBe(`order:${order.id} customer:${c.id}`);
    expect(recordKeysOverlap(orderEntry.record_key, custEntry.record_key)).toBe(true);
    expect(recordKeysOverlap(orderEntry.record_key, `order:${order.id}`)).toBe(true);
    expect(recordKeysOverlap(orderEntry.record_key, 'order:another')).toBe(false);
    const plan = (entries: Awaited<ReturnType<typeof listEntries>>) =>
      planSends(entries, { now: Date.now(), force: true, isMine: () => true, isKnown: () => true }).send;
    // Both go, the customer first, in one batch (the server holds the order if the customer fails).
    expect(nextBatch(plan(await listEntries(db))).map((e) => e.kind)).toEqual([
      'customer.create',
      'order.create',
    ]);
    await reject(db, custEntry, { status: 400, error: 'Hata', code: 'VALIDATION_ERROR' });
    expect(plan(await listEntries(db))).toEqual([]);
    // An order for a customer the server already has keeps its own key.
    await acknowledge(db, { ...custEntry, status: 'pending' }, customer(c.id, {}));
    const later = await createOrder(db, orderInput('11111111-1111-4111-8111-111111111111'));
    const entries = await listEntries(db);
    expect(entries.find((e) => e.id === later.id)?.record_key).toBe(`order:${later.id}`);
  });

  it('edits send only what changed with the version seen; delete removes the row locally', async () => {
    await db.customers.put({
      ...customer('c1', { full_name: 'Eski Ad', city: 'Van' }),
      version: 5,
      pending_sync: 0,
    });
    expect(await updateCustomer(db, 'c1', { full_name: 'Eski Ad', city: 'Van' })).toBeNull();
    const entry = await updateCustomer(db, 'c1', {
      full_name: 'Yeni Ad',
      city: 'Van',
      tax_number: '270 134 1846',
    });
    expect(entry?.body).toEqual({ full_name: 'Yeni Ad', tax_number: '2701341846', expected_version: 5 });
    expect(await db.customers.get('c1')).toMatchObject({ full_name: 'Yeni Ad', tax_number: '2701341846' });
    await deleteCustomer(db, 'c1');
    expect(await db.customers.get('c1')).toBeUndefined();
    expect((await listEntries(db)).map((e) => e.record_key)).toEqual([
      recordKey('customers', 'c1'),
      recordKey('customers', 'c1'),
    ]);
  });
});
