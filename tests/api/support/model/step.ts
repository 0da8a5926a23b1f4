import type { AsyncCommand } from 'fast-check';
import { checkInvariants } from './invariants';
import { allStock, type Figures, type Model } from './model';
import { changedTables, type Mark, mark, type Sent, send, type World, type Written, written } from './world';

/**
 * One step of a sequence: a request made by one of the company's users, what the model says the
 * server must answer, and the checks after it — the answer (accepted or refused as the model
 * says), the rows it wrote (a refusal: none but its own idempotency record; an acceptance: its own
 * records, once, its stock movements exactly the change of the stock figures), and every
 * invariant of invariants.ts. A failure throws with the whole sequence so far, numbered.
 */

/** The real side of one sequence. */
export interface Real {
  world: World;
  /** The steps so far, as text. */
  log: string[];
  /** JSON requests made so far, for replays under their idempotency key. */
  history: Sent[];
  /** The steps run so far: a failure freezes their texts (see Step.toString). */
  ran: { freeze(): void }[];
}

export type Expect =
  | { kind: 'refuse'; why: string }
  /** Accepted, nothing to do (already so). */
  | { kind: 'noop'; why: string }
  | { kind: 'apply' }
  /** A rule this test does not decide: the server's answer is taken (apply() reads it). */
  | { kind: 'either'; why: string };

export interface StepSpec {
  /** What kind of step (for the coverage check: every kind is seen accepted and refused). */
  kind: string;
  text: string;
  actor: Sent['actor'];
  request?: { method: string; path: string; body: unknown };
  /**
   * A step of several requests (the import): makes them and answers the last, with the keys it
   * used, where the last request's writes begin (`since`), and failures of the earlier ones.
   */
  custom?: () => Promise<{ sent: Sent; keys: string[]; since?: Mark; failures?: string[] }>;
  expect: Expect;
  /** The model's change when the request is accepted. */
  apply?: (m: Model, sent: Sent) => void | Promise<void>;
  /** Records an accepted step may write beyond the products whose stock moves. */
  touches?: { orders?: string[]; products?: string[]; invoices?: string[] };
  /** More checks of an accepted answer: a failure text or null. */
  verify?: (sent: Sent, m: Model) => string | null;
}

const short = (sent: Sent) =>
  `${sent.status} ${sent.raw.length > 300 ? `${sent.raw.slice(0, 300)}…` : sent.raw}`;

export async function runStep(m: Model, r: Real, spec: StepSpec): Promise<void> {
  const failures: string[] = [];
  r.log.push(`${r.log.length + 1}. ${spec.text}`);
  const before = allStock(m);
  const ordersBefore = new Map(m.orders.map((o) => [o.id, `${o.status}/${o.driver}`]));
  const knownInvoices = new Set(m.invoices.map((i) => i.id));
  let since = await mark(r.world);
  let sent: Sent;
  let keys: string[];
  if (spec.custom) {
    const done = await spec.custom();
    ({ sent, keys } = done);
    since = done.since ?? since;
    failures.push(...(done.failures ?? []));
  } else {
    const q = spec.request as NonNullable<StepSpec['request']>;
    sent = await send(r.world, spec.actor, q.method, q.path, q.body);
    keys = [sent.key];
    r.history.push({ ...sent, step: r.log.length });
  }
  const accepted = sent.status >= 200 && sent.status < 300;
  r.world.coverage.add(`${spec.kind}: ${accepted ? 'accepted' : 'refused'}`);
  const e = spec.expect;
  if (sent.status >= 500) failures.push(`server error: ${short(sent)}`);
  else if (e.kind === 'refuse' && accepted)
    failures.push(`the model expects a refusal (${e.why}); the server accepted: ${short(sent)}`);
  else if ((e.kind === 'apply' || e.kind === 'noop') && !accepted)
    failures.push(`the model expects this to be accepted; the server refused: ${short(sent)}`);
  const answered = failures.length === 0;
  const w = await written(r.world, since);
  const foreignKeys = w.keys.filter((k) => !keys.includes(k));
  if (foreignKeys.length > 0)
    failures.push(`idempotency records of other requests written: ${foreignKeys.join(', ')}`);

  if (!accepted) {
    // A refusal leaves no trace: at most its own idempotency record (a stored final answer).
    const trace = changedTables(w, ['idempotency_keys']);
    if (trace.length > 0) failures.push(`a refused request wrote: ${trace.join('; ')}`);
  } else if (answered) {
    if (w.keys.length !== keys.length)
      failures.push(`${w.keys.length} idempotency records written for ${keys.length} requests`);
    if (e.kind !== 'noop') await spec.apply?.(m, sent);
    const known = new Set(knownInvoices);
    adoptNewInvoices(m, w, knownInvoices);
    failures.push(...writesMatch(m, spec, w, before, e.kind === 'noop', known));
    if (e.kind === 'noop') {
      // Already so: the answer, its audit note and its idempotency record — nothing else.
      const trace = changedTables(w, ['idempotency_keys', 'audit_logs']);
      if (trace.length > 0)
        failures.push(`a request that changed nothing (${e.why}) wrote: ${trace.join('; ')}`);
    }
    const extra = spec.verify?.(sent, m);
    if (extra) failures.push(extra);
  }
  // The orders this step moved or re-assigned: their next step is asked of the server itself.
  const moved = m.orders.filter((o) => ordersBefore.get(o.id) !== `${o.status}/${o.driver}`);
  const found = await checkInvariants(r.world, m, moved);
  failures.push(...found.rules);
  // Once the answer differs from the model, the model no longer describes the records.
  if (answered) failures.push(...found.model);
  if (failures.length > 0) throw new Error(report(r.log, failures));
}

/** The server's ids of the return invoices a status change issued (the model knows them as due). */
function adoptNewInvoices(m: Model, w: Written, known: Set<string>) {
  for (const inv of m.invoices) {
    if (inv.id !== '') continue;
    const found = w.invoices.find((i) => !known.has(i.id) && i.type === inv.type);
    if (found) {
      inv.id = found.id;
      known.add(found.id);
    }
  }
}

function writesMatch(
  m: Model,
  spec: StepSpec,
  w: Written,
  before: Figures[],
  noop: boolean,
  known: Set<string>,
): string[] {
  const out: string[] = [];
  const after = allStock(m);
  // Stock movements: exactly the change of each product's figures, nothing for an unchanged one —
  // except goods returned to a deleted product, written off at once (a pair that sums to nothing,
  // which writes the product's row).
  const moved = new Map<string, Figures>();
  const withMovements = new Set(w.movements.map((mv) => mv.product_id));
  for (const mv of w.movements) {
    const f = moved.get(mv.product_id) ?? { onHand: 0, reserved: 0 };
    moved.set(mv.product_id, { onHand: f.onHand + mv.quantity, reserved: f.reserved + mv.reserved_delta });
  }
  const stockChanged = new Set<string>();
  for (const [i, p] of m.products.entries()) {
    const b = before[i] ?? { onHand: 0, reserved: 0 };
    const a = after[i] as Figures;
    const got = moved.get(p.id) ?? { onHand: 0, reserved: 0 };
    moved.delete(p.id);
    const want = { onHand: a.onHand - b.onHand, reserved: a.reserved - b.reserved };
    if (want.onHand !== 0 || want.reserved !== 0 || got.onHand !== 0 || got.reserved !== 0)
      stockChanged.add(p.id);
    else if (withMovements.has(p.id) && p.deleted) stockChanged.add(p.id);
    if (got.onHand !== want.onHand || got.reserved !== want.reserved)
      out.push(
        `stock movements of ${p.label}: on hand ${signed(got.onHand)}, reserved ${signed(got.reserved)}; ` +
          `the model expects on hand ${signed(want.onHand)}, reserved ${signed(want.reserved)}`,
      );
  }
  if (moved.size > 0)
    out.push(`stock movements of products outside the sequence: ${[...moved.keys()].join(', ')}`);
  const allowedProducts = new Set([...stockChanged, ...(noop ? [] : (spec.touches?.products ?? []))]);
  const strayProducts = w.products.filter((id) => !allowedProducts.has(id));
  if (strayProducts.length > 0)
    out.push(`products written that this step does not touch: ${names(m, strayProducts)}`);
  const allowedOrders = new Set(noop ? [] : (spec.touches?.orders ?? []));
  const strayOrders = w.orders.filter((id) => !allowedOrders.has(id));
  if (strayOrders.length > 0)
    out.push(`orders written that this step does not touch: ${names(m, strayOrders)}`);
  // The invoices it names, and those it brought that the model expects (issued or returned).
  const expectedNew = m.invoices.filter((i) => !known.has(i.id)).map((i) => i.id);
  const allowedInvoices = new Set(noop ? [] : [...(spec.touches?.invoices ?? []), ...expectedNew]);
  const strayInvoices = w.invoices.filter((i) => !allowedInvoices.has(i.id));
  if (strayInvoices.length > 0)
    out.push(
      `invoices written that this step does not touch: ${strayInvoices.map((i) => `${i.type} ${i.id}`).join(', ')}`,
    );
  return out;
}

const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

function names(m: Model, ids: readonly string[]): string {
  return ids
    .map((id) => m.orders.find((o) => o.id === id)?.label ?? m.products.find((p) => p.id === id)?.label ?? id)
    .join(', ');
}

export function report(log: readonly string[], failures: readonly string[]): string {
  return [
    `Broken after step ${log.length}:`,
    ...failures.map((f) => `  - ${f}`),
    'Steps (a fresh company catalogue of P1…; orders #n, invoices Fn in the order they were made):',
    ...log.map((l) => `  ${l}`),
  ].join('\n');
}

/**
 * A fast-check command made of a generated value: `plan` turns it into a step against the model
 * as it is now (the targets are picked among the records that exist), `text` is how it reads
 * after it ran.
 */
export class Step<V> implements AsyncCommand<Model, Real> {
  private resolved: string | undefined;
  private frozen: string | undefined;
  constructor(
    private readonly name: string,
    private readonly value: V,
    private readonly applicable: (m: Readonly<Model>) => boolean,
    private readonly plan: (m: Model, r: Real, v: V) => StepSpec | Promise<StepSpec>,
  ) {}
  check(m: Readonly<Model>): boolean {
    return this.applicable(m);
  }
  async run(m: Model, r: Real): Promise<void> {
    const spec = await this.plan(m, r, this.value);
    this.resolved = spec.text;
    r.ran.push(this);
    await failing(r, () => runStep(m, r, spec));
  }
  /** Keeps the text of the step as it ran in a failing sequence (shrinking runs it again later). */
  freeze(): void {
    this.frozen = this.resolved;
  }
  toString(): string {
    return this.frozen ?? this.resolved ?? `${this.name} ${JSON.stringify(this.value)}`;
  }
}

/**
 * fast-check prints the shrunk sequence with each step's toString(); a step names its targets as
 * they were in the run, so the texts of a failing run are kept for that print.
 */
export async function failing(r: Real, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    for (const step of r.ran) step.freeze();
    throw error;
  }
}

export const hasOrders = (m: Readonly<Model>) => m.orders.length > 0;
