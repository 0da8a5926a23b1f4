import fc from 'fast-check';
import { advance } from './commands-advance';
import { assignDriver, createOrder, deliver, editOrder, MOVES, scan, statusMove } from './commands-orders';
import {
  adjustStock,
  cancelInvoice,
  countStock,
  deleteProduct,
  freshIdentity,
  importProducts,
  issueInvoice,
  replay,
  setActive,
} from './commands-other';
import { parseNumber } from './invariants';
import type { Model } from './model';
import type { Real } from './step';
import { send, type World } from './world';

/** The steps and how often each is drawn (a step listed twice is drawn twice as often). */
export function stepArbitraries() {
  const move = (name: string) => statusMove(MOVES.find((x) => x.name === name) as (typeof MOVES)[number]);
  const weighted: [number, fc.Arbitrary<fc.AsyncCommand<Model, Real>>][] = [
    [12, advance],
    [3, createOrder],
    [2, editOrder],
    [4, move('approve')],
    [1, move('reject')],
    [1, move('cancel')],
    [3, assignDriver],
    [3, scan],
    [3, move('prepare')],
    [3, move('ship')],
    [3, move('start delivery')],
    [3, deliver],
    [1, move('fail delivery')],
    [1, move('deliver without proof')],
    [2, move('return')],
    [1, move('refund')],
    [3, issueInvoice],
    [2, cancelInvoice],
    [1, adjustStock],
    [1, countStock],
    [1, setActive],
    [1, deleteProduct],
    [1, importProducts],
    [3, replay],
  ];
  return weighted.flatMap(([w, arb]) => Array.from({ length: w }, () => arb));
}

/** Opening stock of a sequence's three products: mostly some, sometimes none. */
export const openingArb = fc.array(
  fc.oneof(
    { weight: 1, arbitrary: fc.constant(0) },
    { weight: 4, arbitrary: fc.integer({ min: 3, max: 20 }) },
  ),
  { minLength: 3, maxLength: 3 },
);

/**
 * A new sequence: a catalogue of its own (three products with the given opening stock, through
 * the API), an empty model of orders and invoices, and the company's invoice numbers so far —
 * which must already run 1…N per year.
 */
export async function newRun(
  world: World,
  opening: readonly number[],
): Promise<{ model: Model; real: Real }> {
  const model: Model = {
    ids: world.ids,
    customers: [],
    products: [],
    orders: [],
    invoices: [],
    invoiceStart: new Map(),
  };
  for (const n of [1, 2]) {
    const r = await send(world, 'admin', 'POST', '/customers', {
      full_name: `Model Cari Müşterisi ${n}`,
      address: 'Moda Cad. No:3 Kadıköy İstanbul',
    });
    if (r.status !== 201) throw new Error(`customer ${n}: ${r.status} ${r.raw}`);
    model.customers.push((r.answer as { data: { id: string } }).data.id);
  }
  for (const [i, stock] of opening.entries()) {
    const { code, barcode } = freshIdentity();
    const label = `P${i + 1}`;
    const price = 1000 + 250 * i;
    const r = await send(world, 'admin', 'POST', '/products', {
      name: `Model Ürünü ${label}`,
      product_code: code,
      barcode,
      selling_price_kurus: price,
      cost_price_kurus: 500,
      min_stock: 2,
      current_stock: stock,
    });
    if (r.status !== 201) throw new Error(`product ${label}: ${r.status} ${r.raw}`);
    model.products.push({
      label,
      id: (r.answer as { data: { id: string } }).data.id,
      code,
      barcode,
      name: `Model Ürünü ${label}`,
      priceKurus: price,
      active: true,
      deleted: false,
      base: stock,
    });
  }
  const numbers = await world.api.db
    .selectFrom('invoices')
    .select('invoice_number')
    .where('tenant_id', '=', world.tenant)
    .execute();
  const perYear = new Map<number, number[]>();
  for (const { invoice_number } of numbers) {
    const { year, seq } = parseNumber(invoice_number);
    perYear.set(year, [...(perYear.get(year) ?? []), seq]);
  }
  for (const [year, seqs] of perYear) {
    const max = Math.max(...seqs);
    if (seqs.length !== max || new Set(seqs).size !== max)
      throw new Error(`the company's invoice numbers of ${year} are not 1…${max} without a gap`);
    model.invoiceStart.set(year, max);
  }
  return { model, real: { world, log: [], history: [], ran: [] } };
}
