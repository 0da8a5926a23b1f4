import { describe, expect, it } from 'vitest';
import { orderMutations } from '../../src/client/local/mutations/orders';
import type { Order } from '../../src/shared/api/entities';
import {
  changedOrderFields,
  draftFormatErrors,
  draftToItem,
  draftToLine,
  draftTotalKurus,
  type LineDraft,
  linesToItems,
  linesTotalKurus,
  lineToDraft,
  type OrderLine,
  overStockEdit,
  sameLines,
} from '../../src/shared/domain/order-lines';

const PRODUCT = '11111111-1111-4111-8111-111111111111';

const lines: OrderLine[] = [
  { product_id: PRODUCT, product_name: 'Telefon', quantity: 2, unit_price_kurus: 1_999_990 },
  { product_id: null, product_name: 'Kılıf', quantity: 3, unit_price_kurus: 33_333 },
];

const order = {
  customer_id: null,
  customer_name: 'Ayşe Yılmaz',
  customer_phone: '05321234567',
  customer_email: null,
  customer_address: null,
  notes: null,
  vehicle_plate: null,
  items: lines,
};

describe('the lines of an order', () => {
  it('totals in kuruş exactly and goes on the wire in TL, a free-text line without product_id', () => {
    expect(linesTotalKurus(lines)).toBe(2 * 1_999_990 + 3 * 33_333);
    expect(linesToItems(lines)).toEqual([
      { product_id: PRODUCT, product_name: 'Telefon', quantity: 2, unit_price: 19_999.9 },
      { product_name: 'Kılıf', quantity: 3, unit_price: 333.33 },
    ]);
  });

  it('reads a typed line the Turkish way, and says what cannot be read under its field', () => {
    const draft: LineDraft = lineToDraft(lines[0] as OrderLine, 'k');
    expect(draft).toMatchObject({ quantity: '2', unit_price: '19.999,90' });
    expect(draftToLine(draft)).toEqual(lines[0]);
    expect(draftTotalKurus({ quantity: '1.250', unit_price: '1,5' })).toBe(1250 * 150);

    const bad: LineDraft = { ...draft, quantity: '2,5', unit_price: '12.50,3' };
    expect(Object.keys(draftFormatErrors(bad)).sort()).toEqual(['quantity', 'unit_price']);
    expect(draftToLine(bad)).toBeNull();
    const item = draftToItem(bad);
    expect(Number.isNaN(item.quantity) && Number.isNaN(item.unit_price)).toBe(true);

    // Empty is not a format error (the form asks for the three fields with one message) but makes no line.
    const blank: LineDraft = { ...draft, product_name: ' ', quantity: '', unit_price: '' };
    expect(draftFormatErrors(blank)).toEqual({});
    expect(draftToLine(blank)).toBeNull();
    expect(draftTotalKurus({ quantity: '0', unit_price: '5' })).toBeNull();
  });
});

describe('which fields an edit changes (the rule the dialog, the device and the server share)', () => {
  it('an edit that shows the order as it is changes nothing', () => {
    const same = {
      customer_name: 'Ayşe Yılmaz',
      customer_phone: '05321234567',
      customer_email: '',
      customer_address: null,
      notes: null,
      vehicle_plate: '',
      items: linesToItems(lines),
    };
    expect(changedOrderFields(same, order)).toEqual([]);
    expect(sameLines(lines, [...lines])).toBe(true);
  });

  it('absent fields are not part of the edit; blank and null are both empty', () => {
    expect(changedOrderFields({}, order)).toEqual([]);
    expect(changedOrderFields({ notes: 'Kapıya bırakın' }, order)).toEqual(['notes']);
    expect(changedOrderFields({ customer_phone: null }, order)).toEqual(['customer_phone']);
    expect(changedOrderFields({ customer_email: '' }, order)).toEqual([]);
  });

  it('lines change on product, name, quantity, unit price, count and order — but not on surrounding spaces', () => {
    const items = linesToItems(lines);
    const first = items[0] as (typeof items)[number];
    const second = items[1] as (typeof items)[number];
    const variants = [
      [{ ...first, product_id: null }, second],
      [{ ...first, product_name: 'Tablet' }, second],
      [{ ...first, quantity: 3 }, second],
      [{ ...first, unit_price: 19_999.91 }, second],
      [first],
      [first, second, second],
      [second, first],
    ];
    for (const variant of variants) expect(changedOrderFields({ items: variant }, order)).toEqual(['items']);
    expect(changedOrderFields({ items: [{ ...first, product_name: ' Telefon ' }, second] }, order)).toEqual(
      [],
    );
    // A typed number that could not be read (NaN) never equals a line: the edit goes on to the
    // schema, which names the field.
    expect(changedOrderFields({ items: [{ ...first, quantity: Number.NaN }, second] }, order)).toEqual([
      'items',
    ]);
  });

  it('names every changed field in the order of the edit groups', () => {
    expect(
      changedOrderFields(
        { vehicle_plate: '34 ABC 123', notes: 'x', customer_name: 'Ayşe', items: linesToItems(lines) },
        order,
      ),
    ).toEqual(['customer_name', 'notes', 'vehicle_plate']);
  });
});

describe('the device applies an edit as the server does', () => {
  const wire = (): Order =>
    ({
      id: 'o1',
      status: 'pending_approval',
      version: 4,
      ...order,
      items: lines.map((l, i) => ({
        id: `item-${i}`,
        product_id: l.product_id,
        product_name: l.product_name,
        barcode: null,
        quantity: l.quantity,
        scanned_quantity: i === 0 ? 1 : 0,
        unit_price: l.unit_price_kurus / 100,
        unit_price_kurus: l.unit_price_kurus,
        total_price: (l.quantity * l.unit_price_kurus) / 100,
        total_price_kurus: l.quantity * l.unit_price_kurus,
      })),
      total_amount_kurus: linesTotalKurus(lines),
      events: [],
    }) as unknown as Order;
  const entry = (body: Record<string, unknown>) =>
    ({
      id: 'e1',
      body,
      local: { actor: { id: 'u1', name: 'Satış' } },
      user_id: 'u1',
      created_at: '2026-01-01T00:00:00.000Z',
    }) as unknown as Parameters<(typeof orderMutations)['order.update']['apply']>[1];

  const apply = (row: Record<string, unknown>, body: Record<string, unknown>) =>
    orderMutations['order.update'].apply(row, entry(body), 'order:o1');

  it('an edit the order already satisfies leaves it and its history untouched', () => {
    const row = wire() as unknown as Record<string, unknown>;
    const applied = apply(row, {
      expected_version: 4,
      customer_name: 'Ayşe Yılmaz',
      items: linesToItems(lines),
    });
    expect(applied).toBe(row);
  });

  it('unchanged lines keep their ids and scans when only another field changes', () => {
    const applied = apply(wire() as unknown as Record<string, unknown>, {
      expected_version: 4,
      notes: 'Kapıya bırakın',
      items: linesToItems(lines),
    }) as Record<string, unknown>;
    expect(applied.notes).toBe('Kapıya bırakın');
    expect((applied.items as { id: string; scanned_quantity: number }[])[0]).toMatchObject({
      id: 'item-0',
      scanned_quantity: 1,
    });
    expect(applied.events).toHaveLength(1);
  });

  it('changed lines are rebuilt and the total recomputed in kuruş', () => {
    const items = linesToItems(lines);
    const applied = apply(wire() as unknown as Record<string, unknown>, {
      items: [{ ...items[0], quantity: 1 }],
    }) as Record<string, unknown>;
    expect(applied.total_amount_kurus).toBe(1_999_990);
    expect((applied.items as unknown[]).length).toBe(1);
  });
});

describe('overStockEdit: the stock cap of an order edit', () => {
  const line = (product_id: string | null, quantity: number) => ({
    product_id,
    product_name: product_id ?? 'Serbest',
    quantity,
  });
  const available = (figures: Record<string, number>) => (id: string) => figures[id] ?? null;

  it('refuses more pieces than are available to a pending order, naming the product and the cap', () => {
    expect(overStockEdit([line('p1', 2)], [line('p1', 6)], available({ p1: 5 }), false)).toEqual({
      product_id: 'p1',
      product_name: 'p1',
      wanted: 6,
      available: 5,
    });
    expect(overStockEdit([line('p1', 2)], [line('p1', 5)], available({ p1: 5 }), false)).toBeNull();
  });

  it("counts an approved order's own reservation as available to it", () => {
    // 3 reserved by this order, 2 more free: it may grow to 5, not 6.
    expect(overStockEdit([line('p1', 3)], [line('p1', 5)], available({ p1: 2 }), true)).toBeNull();
    expect(overStockEdit([line('p1', 3)], [line('p1', 6)], available({ p1: 2 }), true)?.available).toBe(5);
  });

  it('never refuses a product whose quantity stays or falls, nor free-text or unknown products', () => {
    expect(overStockEdit([line('p1', 9)], [line('p1', 9)], available({ p1: 0 }), false)).toBeNull();
    expect(overStockEdit([line('p1', 9)], [line('p1', 4)], available({ p1: 0 }), false)).toBeNull();
    expect(overStockEdit([], [line(null, 500)], available({}), false)).toBeNull();
    expect(overStockEdit([], [line('unknown', 500)], available({}), false)).toBeNull();
  });

  it('adds up several lines of one product', () => {
    expect(
      overStockEdit([line('p1', 1)], [line('p1', 1), line('p1', 4)], available({ p1: 4 }), false)?.wanted,
    ).toBe(5);
  });
});
