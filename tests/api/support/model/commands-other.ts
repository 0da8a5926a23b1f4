import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { ean13 } from '../products';
import { APPLY, actorArb, choose, noop, refuse, type Target, targetArb } from './commands-orders';
import {
  holdingOrders,
  type Model,
  type MProduct,
  pick,
  returnOf,
  standingSale,
  stockOf,
  user,
} from './model';
import { type Expect, failing, type Real, report, Step, type StepSpec } from './step';
import { changedTables, mark, type Sent, type Staff, send, upload, written } from './world';

/**
 * The other steps: issue and cancel invoices, stock adjustments and counts, deactivating and
 * deleting products, a small import, and replaying an earlier request under its idempotency key.
 */

const hasInvoices = (m: Readonly<Model>) => m.invoices.some((i) => i.id !== '');
const hasProducts = (m: Readonly<Model>) => m.products.length > 0;

async function version(r: Real, table: 'products' | 'invoices', id: string): Promise<number> {
  const row = await r.world.api.db
    .selectFrom(table)
    .select('change_seq')
    .where('tenant_id', '=', r.world.tenant)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.change_seq);
}

// ------------------------------------------------------------------------------ invoices ---

export const issueInvoice = fc.record({ actor: actorArb(['manager', 'admin']), target: targetArb }).map(
  (v) =>
    new Step(
      'issue invoice',
      v,
      (m) => m.orders.length > 0,
      (m, r, value) => planIssue(m, r, value),
    ),
);

export async function planIssue(
  m: Model,
  r: Real,
  { actor, target }: { actor: Staff; target: Target },
): Promise<StepSpec> {
  const o = choose(
    m.orders,
    target,
    (x) => x.status === 'delivered' && !standingSale(m, m.orders.indexOf(x)),
  );
  const index = m.orders.indexOf(o);
  const id = randomUUID();
  const sale = standingSale(m, index);
  const role = user(m, actor).role;
  let expect: Expect = APPLY;
  if (role !== 'admin' && role !== 'manager') expect = refuse(`${actor} may not issue invoices`);
  else if (sale) expect = noop(`${o.label} already has ${sale.label}`);
  else if (o.status !== 'delivered') expect = refuse(`${o.label} is ${o.status}`);
  const label = `F${m.invoices.length + 1}`;
  const orderRow = await r.world.api.db
    .selectFrom('orders')
    .select('change_seq')
    .where('tenant_id', '=', r.world.tenant)
    .where('id', '=', o.id)
    .executeTakeFirstOrThrow();
  return {
    kind: 'issue invoice',
    text: `${actor} issues the sales invoice${expect.kind === 'apply' ? ` ${label}` : ''} of order ${o.label} (${o.status})`,
    actor,
    request: {
      method: 'POST',
      path: '/invoices',
      body: { id, order_id: o.id, expected_version: Number(orderRow.change_seq) },
    },
    expect,
    apply: (model) => {
      model.invoices.push({ label, id, order: index, type: 'SATIS', status: 'issued', original: null });
    },
    touches: { invoices: [id] },
    // One standing sales invoice per order: a second issue answers the first.
    verify: (sent) =>
      sale && (sent.answer as { data?: { id?: string } }).data?.id !== sale.id
        ? `a second issue of ${o.label} answered another invoice than ${sale.label}`
        : null,
  };
}

export const cancelInvoice = fc
  .record({ actor: actorArb(['admin']), target: targetArb })
  .map((v) => new Step('cancel invoice', v, hasInvoices, (m, r, value) => planCancelInvoice(m, r, value)));

export async function planCancelInvoice(
  m: Model,
  r: Real,
  { actor, target }: { actor: Staff; target: Target },
): Promise<StepSpec> {
  const known = m.invoices.filter((i) => i.id !== '');
  const inv = choose(known, target, (i) => i.status === 'issued');
  const index = m.invoices.indexOf(inv);
  const returned = inv.type === 'SATIS' ? returnOf(m, index) : undefined;
  let expect: Expect = APPLY;
  if (user(m, actor).role !== 'admin') expect = refuse(`${actor} may not cancel invoices`);
  else if (inv.status === 'cancelled') expect = noop(`${inv.label} is already cancelled for this reason`);
  else if (returned?.status === 'issued')
    expect = refuse(`${inv.label} has the return invoice ${returned.label}`);
  else if (returned) expect = { kind: 'either', why: `its return invoice ${returned.label} is cancelled` };
  const order = m.orders[inv.order];
  return {
    kind: 'cancel invoice',
    text: `${actor} cancels invoice ${inv.label} (${inv.type} of order ${order?.label}, ${inv.status})`,
    actor,
    request: {
      method: 'POST',
      path: `/invoices/${inv.id}/cancel`,
      body: { reason: 'Hatalı düzenlendi', expected_version: await version(r, 'invoices', inv.id) },
    },
    expect,
    apply: () => {
      inv.status = 'cancelled';
    },
    touches: { invoices: [inv.id] },
  };
}

// --------------------------------------------------------------------------------- stock ---

export const adjustStock = fc
  .record({
    actor: actorArb(['warehouse', 'admin']),
    target: targetArb,
    delta: fc.integer({ min: -6, max: 6 }).filter((d) => d !== 0),
  })
  .map((v) => new Step('adjust stock', v, hasProducts, (m, r, value) => planAdjust(m, r, value)));

export async function planAdjust(
  m: Model,
  r: Real,
  { actor, target, delta }: { actor: Staff; target: Target; delta: number },
): Promise<StepSpec> {
  const p = choose(m.products, target, (x) => !x.deleted);
  const i = m.products.indexOf(p);
  const f = stockOf(m, i);
  const role = user(m, actor).role;
  let expect: Expect = APPLY;
  if (role !== 'warehouse' && role !== 'admin') expect = refuse(`${actor} may not adjust stock`);
  else if (p.deleted) expect = refuse(`${p.label} is deleted`);
  else if (f.onHand + delta < 0) expect = refuse(`on hand ${f.onHand} ${delta} < 0`);
  return {
    kind: 'adjust stock',
    text: `${actor} adjusts the stock of ${p.label} by ${delta > 0 ? '+' : ''}${delta} (${f.onHand} on hand, ${f.reserved} reserved)`,
    actor,
    request: {
      method: 'PATCH',
      path: `/products/${p.id}/stock`,
      body: {
        adjustment: delta,
        reason: 'manual_adjustment',
        expected_version: await version(r, 'products', p.id),
      },
    },
    expect,
    apply: () => {
      p.base += delta;
    },
    touches: { products: [p.id] },
  };
}

export const countStock = fc
  .record({
    actor: actorArb(['warehouse', 'admin']),
    lines: fc.array(fc.record({ n: fc.nat(), counted: fc.integer({ min: 0, max: 10 }) }), {
      minLength: 1,
      maxLength: 2,
    }),
  })
  .map(
    (v) =>
      new Step('count stock', v, hasProducts, async (m, r, { actor, lines: picks }): Promise<StepSpec> => {
        const lines: { p: MProduct; counted: number }[] = [];
        for (const { n, counted } of picks) {
          const p = pick(m.products, n) as MProduct;
          if (!lines.some((l) => l.p === p)) lines.push({ p, counted });
        }
        const seen = await r.world.api.db
          .selectFrom('products')
          .select(['id', 'stock_seq'])
          .where('tenant_id', '=', r.world.tenant)
          .where(
            'id',
            'in',
            lines.map((l) => l.p.id),
          )
          .execute();
        const role = user(m, actor).role;
        // A count states what is on the shelf: never refused (counts may take available below zero).
        const expect: Expect =
          role !== 'warehouse' && role !== 'admin' ? refuse(`${actor} may not count stock`) : APPLY;
        const now = lines.map((l) => stockOf(m, m.products.indexOf(l.p)).onHand);
        return {
          kind: 'count stock',
          text: `${actor} counts ${lines.map((l, i) => `${l.p.label}: ${l.counted} (${now[i]} on hand)`).join(', ')}`,
          actor,
          request: {
            method: 'POST',
            path: '/inventory/counts',
            body: {
              count_id: randomUUID(),
              lines: lines.map((l) => ({
                product_id: l.p.id,
                counted: l.counted,
                seen_stock_seq: Number(seen.find((s) => s.id === l.p.id)?.stock_seq ?? 0),
              })),
            },
          },
          expect,
          apply: (model) => {
            for (const l of lines) l.p.base += l.counted - stockOf(model, model.products.indexOf(l.p)).onHand;
          },
          touches: { products: lines.map((l) => l.p.id) },
        };
      }),
  );

// ------------------------------------------------------------------------------ products ---

export const setActive = fc
  .record({ actor: actorArb(['admin']), target: targetArb, active: fc.boolean() })
  .map(
    (v) =>
      new Step(
        'set product active',
        v,
        hasProducts,
        async (m, r, { actor, target, active }): Promise<StepSpec> => {
          const p = choose(m.products, target, (x) => !x.deleted && x.active !== active);
          let expect: Expect = APPLY;
          if (user(m, actor).role !== 'admin') expect = refuse(`${actor} may not change products`);
          else if (p.deleted || p.active === active) expect = noop(`${p.label} is already so`);
          return {
            kind: 'set product active',
            text: `${actor} ${active ? 'activates' : 'deactivates'} product ${p.label}`,
            actor,
            request: {
              method: 'POST',
              path: '/products/bulk',
              body: {
                action: active ? 'activate' : 'deactivate',
                items: [{ id: p.id, expected_version: await version(r, 'products', p.id) }],
              },
            },
            expect,
            apply: () => {
              p.active = active;
            },
            touches: { products: [p.id] },
          };
        },
      ),
  );

export const deleteProduct = fc
  .record({ actor: actorArb(['admin']), target: targetArb, bulk: fc.boolean() })
  .map(
    (v) =>
      new Step('delete product', v, hasProducts, async (m, r, { actor, target, bulk }): Promise<StepSpec> => {
        const p = choose(m.products, target, (x) => !x.deleted);
        const i = m.products.indexOf(p);
        const holders = holdingOrders(m, i);
        const f = stockOf(m, i);
        let expect: Expect = APPLY;
        if (user(m, actor).role !== 'admin') expect = refuse(`${actor} may not delete products`);
        else if (p.deleted) expect = noop(`${p.label} is already deleted`);
        else if (holders.length > 0) {
          const why = `${p.label} is held by open order ${holders.map((o) => o.label).join(', ')}`;
          // The bulk call answers per product: there the product must simply stay (not 'applied').
          expect = bulk ? { kind: 'either', why } : refuse(why);
        } else if (f.onHand < 0) expect = { kind: 'either', why: 'how a negative shelf is written off' };
        const expectedVersion = await version(r, 'products', p.id);
        return {
          kind: 'delete product',
          text: `${actor} deletes product ${p.label}${bulk ? ' (bulk)' : ''} (${f.onHand} on hand, ${f.reserved} reserved)`,
          actor,
          request: bulk
            ? {
                method: 'POST',
                path: '/products/bulk',
                body: { action: 'delete', items: [{ id: p.id, expected_version: expectedVersion }] },
              }
            : { method: 'DELETE', path: `/products/${p.id}`, body: { expected_version: expectedVersion } },
          expect,
          apply: async (model, sent) => {
            const outcome = (sent.answer as { data?: { results?: { outcome: string }[] } }).data?.results?.[0]
              ?.outcome;
            if (holders.length > 0 || (bulk && outcome !== 'applied')) return;
            p.deleted = true;
            // What stood on the shelf is written off through the ledger (a negative shelf: as the server did).
            const now = stockOf(model, i).onHand;
            if (now > 0) p.base -= now;
            else p.base += (await currentStock(r, p.id)) - now;
          },
          touches: { products: [p.id] },
          verify: (sent) => {
            const outcome = (sent.answer as { data?: { results?: { outcome: string }[] } }).data?.results?.[0]
              ?.outcome;
            return holders.length > 0 && outcome === 'applied'
              ? `product ${p.label} was deleted while open order ${holders.map((o) => o.label).join(', ')} holds it`
              : null;
          },
        };
      }),
  );

async function currentStock(r: Real, id: string): Promise<number> {
  const row = await r.world.api.db
    .selectFrom('products')
    .select('current_stock')
    .where('tenant_id', '=', r.world.tenant)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.current_stock;
}

// -------------------------------------------------------------------------------- import ---

let serial = 0;
/** A product code and barcode nobody has used in this test run. */
export function freshIdentity(): { code: string; barcode: string } {
  serial += 1;
  return {
    code: `MDL-${process.pid}-${serial}`,
    barcode: ean13(`86${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(7, '0')}`),
  };
}

export const importProducts = fc
  .record({
    actor: actorArb(['admin']),
    target: targetArb,
    stock: fc.integer({ min: 0, max: 12 }),
    fresh: fc.integer({ min: 0, max: 8 }),
    long: fc.oneof({ weight: 2, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  })
  .map(
    (v) =>
      new Step('import', v, hasProducts, (m, r, { actor, target, stock, fresh, long }): StepSpec => {
        const live = m.products.filter((p) => !p.deleted);
        const p = live.length > 0 ? choose(live, target, () => true) : undefined;
        const made = freshIdentity();
        const label = `P${m.products.length + 1}`;
        const rows = ['Ürün Kodu;Ürün Adı;Satış Fiyatı;Stok;Barkod;Açıklama'];
        if (p) rows.push(`${p.code};;;${stock};;`);
        rows.push(`${made.code};Model İthal ${label};12,50;${fresh};${made.barcode};`);
        // One cell over the 2,000-character limit: that row is refused, the others still import.
        if (long) rows.push(`${freshIdentity().code};Uzun Açıklamalı;10,00;1;;${'ç'.repeat(2001)}`);
        const csv = Buffer.from(`\ufeff${rows.join('\r\n')}\r\n`, 'utf8');
        const isAdmin = user(m, actor).role === 'admin';
        const touched: string[] = [];
        const now = p ? stockOf(m, m.products.indexOf(p)).onHand : 0;
        return {
          kind: 'import',
          text:
            `${actor} imports a file: ${p ? `${p.label} stock ${stock} (${now} on hand), ` : ''}new ${label} stock ${fresh}` +
            `${long ? ', and a row with a 2001-character cell' : ''}; then confirms it`,
          actor,
          custom: async () => {
            const before = await mark(r.world);
            const preview = await upload(r.world, actor, '/products/import/preview', 'urunler.csv', csv);
            const previewSent: Sent = {
              actor,
              method: 'POST',
              path: '/products/import/preview',
              body: null,
              key: '',
              ...preview,
            };
            if (preview.status !== 200) return { sent: previewSent, keys: [] };
            // A preview writes its own preview record and nothing else.
            const trace = changedTables(await written(r.world, before), ['product_imports']);
            const failures = trace.length > 0 ? [`the import preview wrote: ${trace.join('; ')}`] : [];
            const since = await mark(r.world);
            const summary = (preview.answer as { data: { import_id: string; fingerprint: string } }).data;
            const sent = await send(r.world, actor, 'POST', `/products/import/${summary.import_id}/confirm`, {
              expected_fingerprint: summary.fingerprint,
            });
            r.history.push({ ...sent, step: r.log.length });
            return { sent, keys: [sent.key], since, failures };
          },
          expect: isAdmin ? APPLY : refuse(`${actor} may not import products`),
          apply: async (model) => {
            if (p) p.base += stock - now;
            const row = await r.world.api.db
              .selectFrom('products')
              .select(['id'])
              .where('tenant_id', '=', r.world.tenant)
              .where('product_code', '=', made.code)
              .where('deleted_at', 'is', null)
              .executeTakeFirst();
            touched.push(row?.id ?? '');
            model.products.push({
              label,
              id: row?.id ?? '(not created)',
              code: made.code,
              barcode: made.barcode,
              name: `Model İthal ${label}`,
              priceKurus: 1250,
              active: true,
              deleted: false,
              base: fresh,
            });
          },
          touches: { products: touched },
        };
      }),
  );

// -------------------------------------------------------------------------------- replay ---

/**
 * An earlier request sent again (a device that never heard the answer):
 * - under its idempotency key: the same answer, and nothing written — not even a second
 *   idempotency or audit record;
 * - late, under a new key (its idempotency record expired after 30 days, or another tab sent it):
 *   a request that was applied is never applied twice — creates name their id, status changes the
 *   status seen, edits the version seen — so it is refused or found already so, and writes nothing
 *   but its own audit note and idempotency record.
 */
export const replay = fc
  .record({
    n: fc.nat(),
    late: fc.oneof({ weight: 2, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  })
  .map(
    ({ n, late }) =>
      new (class implements fc.AsyncCommand<Model, Real> {
        private text = `replay of request ${n}`;
        private frozen: string | undefined;
        check = () => true;
        freeze() {
          this.frozen = this.text;
        }
        async run(_m: Model, r: Real): Promise<void> {
          r.ran.push(this);
          await failing(r, () => this.replay(r));
        }
        async replay(r: Real): Promise<void> {
          // Late: an applied request — often one of the last few, as a second tab or a retry sends it.
          const applied = r.history.filter((h) => h.status < 300);
          const first = late ? pick(n % 2 === 0 ? applied.slice(-4) : applied, n >> 1) : pick(r.history, n);
          this.text = !first
            ? 'nothing to replay yet'
            : late
              ? `${first.actor} sends the request of step ${first.step} again under a new key (${first.method} ${first.path}, answered ${first.status})`
              : `${first.actor} sends the request of step ${first.step} again under its key (${first.method} ${first.path}, answered ${first.status})`;
          r.log.push(`${r.log.length + 1}. ${this.text}`);
          if (!first) return;
          const since = await mark(r.world);
          const again = await send(
            r.world,
            first.actor,
            first.method,
            first.path,
            first.body,
            late ? randomUUID() : first.key,
          );
          const accepted = again.status < 300;
          r.world.coverage.add(`${late ? 'late replay' : 'replay'}: ${accepted ? 'accepted' : 'refused'}`);
          const w = await written(r.world, since);
          const failures: string[] = [];
          if (again.status >= 500)
            failures.push(`the replay answered ${again.status} ${again.raw.slice(0, 300)}`);
          if (!late && (again.status !== first.status || !isDeepStrictEqual(again.answer, first.answer)))
            failures.push(
              `the replay answered ${again.status} ${again.raw.slice(0, 300)}; the first answer was ${first.status} ${first.raw.slice(0, 300)}`,
            );
          const trace = changedTables(
            w,
            late ? ['idempotency_keys', ...(accepted ? ['audit_logs'] : [])] : [],
          );
          if (trace.length > 0) failures.push(`the ${late ? 'late ' : ''}replay wrote: ${trace.join('; ')}`);
          if (failures.length > 0) throw new Error(report(r.log, failures));
        }
        toString() {
          return this.frozen ?? this.text;
        }
      })(),
  );
