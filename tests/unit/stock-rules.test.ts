import { describe, expect, it } from 'vitest';
import { PRODUCED_STATUSES, TRANSITIONS } from '../../src/shared/domain/order-status';
import {
  applyMovement,
  availableOf,
  countDelta,
  movementRefusal,
  ORDER_STATUSES_HOLDING_PRODUCT,
  ORDER_STOCK_STATE,
  onHandAsOf,
  orderHoldsProduct,
  orderStockMovements,
  STOCK_MESSAGES,
  stockStatusOf,
  writeOffMovement,
} from '../../src/shared/domain/stock';

const lines = [
  { product_id: 'b', quantity: 2 },
  { product_id: 'a', quantity: 3 },
  { product_id: 'a', quantity: 1 },
  { product_id: null, quantity: 9 },
];
const move = (from: string, to: string, before = lines, after = lines) =>
  orderStockMovements({ status: from, lines: before }, { status: to, lines: after });

describe('order stock effects', () => {
  it('approving reserves each product once with its summed quantity; free lines hold nothing', () => {
    expect(move('pending_approval', 'approved')).toEqual([
      { product_id: 'a', quantity: 0, reserved_delta: 4, reason: 'reservation' },
      { product_id: 'b', quantity: 0, reserved_delta: 2, reason: 'reservation' },
    ]);
  });

  it('rejecting a pending order moves nothing; cancelling an approved one releases as a cancellation', () => {
    expect(move('pending_approval', 'rejected')).toEqual([]);
    expect(move('pending_approval', 'cancelled')).toEqual([]);
    expect(move('approved', 'cancelled')).toEqual([
      { product_id: 'a', quantity: 0, reserved_delta: -4, reason: 'cancellation' },
      { product_id: 'b', quantity: 0, reserved_delta: -2, reason: 'cancellation' },
    ]);
    // a deletion (back to holding nothing) is a release
    expect(move('prepared', 'pending_approval')[0]).toMatchObject({ reserved_delta: -4, reason: 'release' });
  });

  it('preparing keeps the reservation; shipping turns it into an outgoing movement', () => {
    expect(move('approved', 'prepared')).toEqual([]);
    expect(move('prepared', 'in_transit')).toEqual([
      { product_id: 'a', quantity: -4, reserved_delta: -4, reason: 'shipment' },
      { product_id: 'b', quantity: -2, reserved_delta: -2, reason: 'shipment' },
    ]);
  });

  it('moves on the road move nothing; a return puts the goods back; a refund moves nothing more', () => {
    expect(move('in_transit', 'out_for_delivery')).toEqual([]);
    expect(move('out_for_delivery', 'in_transit')).toEqual([]);
    expect(move('out_for_delivery', 'delivered')).toEqual([]);
    expect(move('delivered', 'returned')).toEqual([
      { product_id: 'a', quantity: 4, reserved_delta: 0, reason: 'return' },
      { product_id: 'b', quantity: 2, reserved_delta: 0, reason: 'return' },
    ]);
    expect(move('returned', 'refunded')).toEqual([]);
  });

  it('an edit of a reserved order moves the reservation by the difference per product', () => {
    const after = [
      { product_id: 'a', quantity: 1 },
      { product_id: 'c', quantity: 5 },
    ];
    expect(move('approved', 'approved', lines, after)).toEqual([
      { product_id: 'a', quantity: 0, reserved_delta: -3, reason: 'release' },
      { product_id: 'b', quantity: 0, reserved_delta: -2, reason: 'release' },
      { product_id: 'c', quantity: 0, reserved_delta: 5, reason: 'reservation' },
    ]);
    expect(move('pending_approval', 'pending_approval', lines, after)).toEqual([]);
  });

  it('every transition of the status machine ends with the ledger holding what the new status holds', () => {
    for (const t of TRANSITIONS) {
      const held = { current: 0, reserved: 0 };
      // start as the from-status holds
      for (const m of move('pending_approval', t.from)) Object.assign(held, applyMovement(held, m));
      for (const m of move(t.from, t.to)) Object.assign(held, applyMovement(held, m));
      const state = ORDER_STOCK_STATE[t.to];
      const expected =
        state === 'reserved'
          ? { current: 0, reserved: 6 }
          : state === 'shipped'
            ? { current: -6, reserved: 0 }
            : { current: 0, reserved: 0 };
      // a returned order's goods came back after they went out: it holds nothing
      expect({ t: `${t.from}→${t.to}`, held }).toEqual({ t: `${t.from}→${t.to}`, held: expected });
    }
    for (const s of PRODUCED_STATUSES) expect(ORDER_STOCK_STATE[s]).toBeDefined();
  });
});

describe('refusals', () => {
  it('a reservation beyond the available stock is refused; exactly the available quantity is not', () => {
    const f = { current: 10, reserved: 7 };
    expect(availableOf(f)).toBe(3);
    expect(movementRefusal(f, { quantity: 0, reserved_delta: 4, reason: 'reservation' })).toBe(
      'insufficient',
    );
    expect(movementRefusal(f, { quantity: 0, reserved_delta: 3, reason: 'reservation' })).toBeNull();
  });

  it('an adjustment may not take on hand below zero; shipping, releasing and counting are never refused', () => {
    const f = { current: 2, reserved: 2 };
    expect(movementRefusal(f, { quantity: -3, reserved_delta: 0, reason: 'manual_adjustment' })).toBe(
      'negative',
    );
    expect(movementRefusal(f, { quantity: -2, reserved_delta: 0, reason: 'manual_adjustment' })).toBeNull();
    expect(movementRefusal(f, { quantity: -3, reserved_delta: -2, reason: 'shipment' })).toBeNull();
    expect(movementRefusal(f, { quantity: 0, reserved_delta: -2, reason: 'release' })).toBeNull();
    expect(movementRefusal(f, { quantity: -5, reserved_delta: 0, reason: 'count' })).toBeNull();
  });

  it('the refusal text names the product and the available quantity', () => {
    expect(STOCK_MESSAGES.insufficient('Çay Bardağı', 3)).toBe('Yetersiz stok: Çay Bardağı (mevcut 3)');
  });
});

describe('the count rule: as of the movement the device had seen', () => {
  it('on hand as of a movement is the current figure minus what moved after it', () => {
    expect(onHandAsOf(40, [])).toBe(40);
    // 5 shipped and 3 returned after the device looked: 40 now was 42 then
    expect(onHandAsOf(40, [-5, 3])).toBe(42);
  });

  it('posts counted − on hand as of the seen movement, so goods shipped during the count still count', () => {
    // recorded 50 when the count started; 5 shipped during it (now 45); the shelf held 48 when counted
    expect(countDelta(48, 45, [-5])).toBe(-2);
    expect(45 + countDelta(48, 45, [-5])).toBe(43); // = counted − shipped after
    expect(countDelta(50, 45, [-5])).toBe(0);
    expect(countDelta(12, 10, [])).toBe(2);
  });
});

describe('stock status thresholds (from available)', () => {
  it('out_of_stock at 0 or less, low_stock at or below min_stock, else in_stock', () => {
    expect(stockStatusOf(-1, 5)).toBe('out_of_stock');
    expect(stockStatusOf(0, 5)).toBe('out_of_stock');
    expect(stockStatusOf(0, 0)).toBe('out_of_stock');
    expect(stockStatusOf(1, 5)).toBe('low_stock');
    expect(stockStatusOf(5, 5)).toBe('low_stock');
    expect(stockStatusOf(6, 5)).toBe('in_stock');
    expect(stockStatusOf(1, 0)).toBe('in_stock');
  });
});

describe('the delete rule', () => {
  it('an order awaiting approval or reserving holds its products; on the road, delivered or finished does not', () => {
    const produced = PRODUCED_STATUSES.filter((status) => orderHoldsProduct(status));
    expect(produced).toEqual(['pending_approval', 'approved', 'prepared']);
    for (const status of ['in_transit', 'out_for_delivery', 'delivered', 'cancelled', 'rejected', 'returned'])
      expect(orderHoldsProduct(status)).toBe(false);
    // every reserving status holds, whether or not this app produces it
    for (const [status, state] of Object.entries(ORDER_STOCK_STATE))
      if (state === 'reserved') expect(ORDER_STATUSES_HOLDING_PRODUCT).toContain(status);
  });

  it('a delete writes off what is on hand and any reservation left, or nothing', () => {
    expect(writeOffMovement('p', { current: 90, reserved: 0 })).toEqual({
      product_id: 'p',
      quantity: -90,
      reserved_delta: 0,
      reason: 'write_off',
    });
    expect(
      applyMovement({ current: 7, reserved: 2 }, writeOffMovement('p', { current: 7, reserved: 2 }) as never),
    ).toEqual({
      current: 0,
      reserved: 0,
    });
    expect(writeOffMovement('p', { current: 0, reserved: 0 })).toBeNull();
  });
});
