import fc from 'fast-check';
import {
  linesArb,
  MOVES,
  planAssign,
  planCreate,
  planDeliver,
  planMove,
  planScan,
  type Target,
} from './commands-orders';
import { planAdjust, planCancelInvoice, planIssue } from './commands-other';
import { type MOrder, type Model, pick, standingSale, stockOf } from './model';
import { type Real, Step, type StepSpec } from './step';
import type { Staff } from './world';

/**
 * "Someone does the next thing an order is waiting for": an order picked at random and one of the
 * steps its status offers, made by the user whose work it is (the order's own driver, the
 * warehouse, a manager). Purely random steps are mostly refused and rarely carry an order past
 * approval; this one walks orders down the whole flow — shipping, delivery, invoices, returns —
 * where the features meet, while the random steps keep trying everything else in between.
 */

const CLOSED = ['rejected', 'cancelled', 'refunded'];
const RANK = [
  'pending_approval',
  'approved',
  'prepared',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'returned',
];

export const advance = fc
  .record({
    n: fc.nat(),
    k: fc.nat(),
    qty: fc.integer({ min: 1, max: 4 }),
    driver: fc.constantFrom<Staff>('driver', 'driver2'),
    seller: fc.constantFrom<Staff>('sales', 'sales2'),
    lines: linesArb,
  })
  .map(
    (v) =>
      new Step(
        'advance',
        v,
        (m) => m.products.length > 0,
        (m, r, value) => planAdvance(m, r, value),
      ),
  );

function planAdvance(
  m: Model,
  r: Real,
  v: { n: number; k: number; qty: number; driver: Staff; seller: Staff; lines: { p: number; qty: number }[] },
): StepSpec | Promise<StepSpec> {
  const open = m.orders.filter((o) => !CLOSED.includes(o.status));
  // A salesperson takes a new order when there is none to work on (and now and then anyway).
  if (open.length === 0 || v.k % 8 === 0) return planCreate(m, { actor: v.seller, lines: v.lines });
  // Mostly the order furthest down the flow, so that sequences reach delivery, invoices, returns.
  const furthest = Math.max(...open.map((o) => RANK.indexOf(o.status)));
  const lead = open.filter((o) => RANK.indexOf(o.status) === furthest);
  const o = pick(v.k % 3 === 0 ? open : lead, v.n) as MOrder;
  const index = m.orders.indexOf(o);
  const target: Target = { n: index, fit: false };
  const driver = o.driver ?? v.driver;
  const options: (() => StepSpec | Promise<StepSpec>)[] = [];
  const move =
    (name: string, actor: Staff, notes = true) =>
    () =>
      planMove(m, r, MOVES.find((x) => x.name === name) as (typeof MOVES)[number], { actor, target, notes });
  const assign = () => planAssign(m, r, { actor: 'manager', target, driver: v.driver });
  const sale = standingSale(m, index);
  const cancelSale = () => {
    const known = m.invoices.filter((i) => i.id !== '');
    return planCancelInvoice(m, r, {
      actor: 'admin',
      target: { n: known.indexOf(sale as never), fit: false },
    });
  };
  switch (o.status) {
    case 'pending_approval': {
      options.push(move('approve', 'manager'), move('approve', 'admin'), move('approve', 'manager'));
      // Short of stock: the warehouse books what came in (the documented way to approve it then).
      const short = o.lines.find((l) => {
        const f = stockOf(m, l.product);
        return f.onHand - f.reserved < l.qty && !m.products[l.product]?.deleted;
      });
      if (short) {
        const adjust = () =>
          planAdjust(m, r, {
            actor: 'warehouse',
            target: { n: short.product, fit: false },
            delta: short.qty + v.qty,
          });
        options.push(adjust, adjust);
      }
      if (v.k % 7 === 0) options.push(move('reject', 'manager'), move('cancel', o.salesperson));
      break;
    }
    case 'approved': {
      if (!o.driver) options.push(assign);
      const line = o.lines.findIndex((l, i) => (o.scanned[i] ?? 0) < l.qty);
      if (line >= 0) {
        const left = (o.lines[line]?.qty ?? 0) - (o.scanned[line] ?? 0);
        const scan = () =>
          planScan(m, { actor: 'warehouse', target, line, qty: Math.min(left, v.qty), foreign: false });
        options.push(scan, scan);
      }
      options.push(move('prepare', 'warehouse'));
      break;
    }
    case 'prepared':
      if (!o.driver) options.push(assign);
      options.push(move('ship', 'warehouse'));
      break;
    case 'in_transit':
      options.push(move('start delivery', driver));
      break;
    case 'out_for_delivery': {
      const deliver = () => planDeliver(m, { actor: driver, target });
      options.push(deliver, deliver, move('fail delivery', driver));
      break;
    }
    case 'delivered':
      if (!sale) options.push(() => planIssue(m, r, { actor: 'manager', target }));
      else options.push(cancelSale);
      options.push(move('return', 'manager'));
      break;
    case 'returned':
      options.push(move('refund', 'manager'));
      if (sale) options.push(cancelSale);
      break;
    default:
      options.push(move('cancel', 'manager'));
  }
  return (options[v.k % options.length] as () => StepSpec | Promise<StepSpec>)();
}
