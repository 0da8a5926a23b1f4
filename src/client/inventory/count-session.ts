import { z } from 'zod';
import { parseScan } from '../../shared/domain/barcode';

/**
 * A STOCK COUNT BY SCANNING, as data and pure functions (no React, no store), so the rules a
 * warehouse relies on are unit-tested:
 *
 * - A count covers a scope: the whole catalogue, one category, one brand, or a free "shelf" name
 *   (any product scanned there). Products outside a category/brand scope may still be scanned
 *   (they are on that shelf); the line says so.
 * - Per product the device keeps the counted quantity and, captured ONCE when the product is
 *   first counted, what it then believed was on hand (`expected`) and the product's `stock_seq`
 *   (its last stock movement the device had seen). Both come from the same version of the
 *   product row, so the difference the screen shows (counted − expected) is exactly what the
 *   server posts: it computes `counted − on-hand as of seen_stock_seq`. Goods that move after the
 *   product was first counted (an order shipped from the same shelf) still count; they are
 *   neither overwritten nor do they block the count.
 * - Large differences get a second look before posting: |difference| ≥ 10 units, or ≥ 20 % of
 *   the expected quantity (any difference when nothing was expected).
 */

export type CountScopeKind = 'all' | 'category' | 'brand' | 'shelf';
export interface CountScope {
  kind: CountScopeKind;
  /** The category, the brand or the shelf's name; null for 'all'. */
  value: string | null;
}

/** What the count needs of a product (a mirrored product row, as the server last sent it). */
export interface CountProduct {
  id: string;
  name: string;
  product_code: string;
  barcode: string | null;
  category: string | null;
  brand: string | null;
  current_stock: number;
  stock_seq: number;
}

const lineSchema = z.object({
  product_id: z.string(),
  name: z.string(),
  code: z.string(),
  barcode: z.string().nullable(),
  counted: z.number().int().min(0),
  expected: z.number().int(),
  seen_stock_seq: z.number().int().min(0),
  first_counted_at: z.string(),
  out_of_scope: z.boolean(),
});
export type CountLine = z.infer<typeof lineSchema>;

export const countSessionSchema = z.object({
  count_id: z.string(),
  scope: z.object({ kind: z.enum(['all', 'category', 'brand', 'shelf']), value: z.string().nullable() }),
  started_at: z.string(),
  notes: z.string(),
  /** In the order products were first counted. */
  lines: z.array(lineSchema),
  /** Accepted scans (the +N of one scan counts once here). */
  scans: z.number().int().min(0),
});
export type CountSession = z.infer<typeof countSessionSchema>;

/** Highest quantity one line may hold (the server's bound on a counted quantity). */
export const MAX_COUNTED = 1_000_000;

/** A difference needs a second look at this many units… */
export const SECOND_LOOK_UNITS = 10;
/** …or at this share of the expected quantity. */
export const SECOND_LOOK_SHARE = 0.2;

export function newSession(countId: string, scope: CountScope, now: string): CountSession {
  const value = scope.kind === 'all' ? null : (scope.value?.trim() ?? '');
  return {
    count_id: countId,
    scope: { kind: scope.kind, value },
    started_at: now,
    notes: '',
    lines: [],
    scans: 0,
  };
}

/** Whether a product belongs to the count's scope (a shelf takes whatever is scanned on it). */
export function inScope(scope: CountScope, product: Pick<CountProduct, 'category' | 'brand'>): boolean {
  if (scope.kind === 'category') return product.category === scope.value;
  if (scope.kind === 'brand') return product.brand === scope.value;
  return true;
}

/**
 * `units` more of `product` (negative: fewer, never below 0). The first count of a product
 * captures its on-hand quantity and stock_seq as the device has them now; later counts keep them.
 */
export function addCount(
  session: CountSession,
  product: CountProduct,
  units: number,
  now: string,
): CountSession {
  const index = session.lines.findIndex((l) => l.product_id === product.id);
  if (index < 0) {
    if (units < 0) return session;
    const line: CountLine = {
      product_id: product.id,
      name: product.name,
      code: product.product_code,
      barcode: product.barcode,
      counted: Math.min(MAX_COUNTED, units),
      expected: product.current_stock,
      seen_stock_seq: product.stock_seq,
      first_counted_at: now,
      out_of_scope: !inScope(session.scope, product),
    };
    return { ...session, lines: [...session.lines, line] };
  }
  const lines = session.lines.slice();
  const line = lines[index] as CountLine;
  lines[index] = { ...line, counted: Math.max(0, Math.min(MAX_COUNTED, line.counted + units)) };
  return { ...session, lines };
}

/** A scan accepted: `units` more, and one more scan. */
export function addScan(
  session: CountSession,
  product: CountProduct,
  units: number,
  now: string,
): CountSession {
  const next = addCount(session, product, units, now);
  return { ...next, scans: session.scans + 1 };
}

/** Set a line's counted quantity by hand (0 … MAX_COUNTED). */
export function setCounted(session: CountSession, productId: string, counted: number): CountSession {
  const value = Math.max(0, Math.min(MAX_COUNTED, Math.trunc(counted)));
  return {
    ...session,
    lines: session.lines.map((l) => (l.product_id === productId ? { ...l, counted: value } : l)),
  };
}

export function removeLine(session: CountSession, productId: string): CountSession {
  return { ...session, lines: session.lines.filter((l) => l.product_id !== productId) };
}

/** counted − expected: what the count will post for the line. */
export function lineDelta(line: Pick<CountLine, 'counted' | 'expected'>): number {
  return line.counted - line.expected;
}

/** Does the line's difference need a second look before posting? */
export function needsSecondLook(
  line: Pick<CountLine, 'counted' | 'expected'>,
  rule = { units: SECOND_LOOK_UNITS, share: SECOND_LOOK_SHARE },
): boolean {
  const delta = Math.abs(lineDelta(line));
  if (delta === 0) return false;
  return delta >= rule.units || delta >= rule.share * Math.abs(line.expected);
}

export interface CountSummary {
  lines: number;
  units: number;
  scans: number;
  differing: number;
  secondLook: number;
}

export function summarize(session: CountSession): CountSummary {
  let units = 0;
  let differing = 0;
  let secondLook = 0;
  for (const line of session.lines) {
    units += line.counted;
    if (lineDelta(line) !== 0) differing++;
    if (needsSecondLook(line)) secondLook++;
  }
  return { lines: session.lines.length, units, scans: session.scans, differing, secondLook };
}

/** The request body of POST /inventory/counts. */
export function countBody(session: CountSession) {
  const notes = session.notes.trim();
  return {
    count_id: session.count_id,
    ...(notes ? { notes } : {}),
    lines: session.lines.map((l) => ({
      product_id: l.product_id,
      counted: l.counted,
      seen_stock_seq: l.seen_stock_seq,
    })),
  };
}

// --------------------------------------------------------------------------- scans ---

/**
 * Codes compare case-insensitively and without the Turkish dotted/dotless i distinction (a wedge
 * scanner on a Turkish keyboard layout may send 'ı' or 'İ' for the 'I' of a product code).
 */
export function foldCode(code: string): string {
  return code
    .trim()
    .replace(/\u0131/g, 'i') // dotless ı
    .replace(/\u0130/g, 'I') // dotted İ
    .toUpperCase();
}

/** Products by every code a scan may carry: barcode first, then product code. */
export function codeIndex<P extends CountProduct>(products: readonly P[]): Map<string, P> {
  const index = new Map<string, P>();
  for (const p of products) if (p.barcode) index.set(foldCode(p.barcode), p);
  for (const p of products) {
    const key = foldCode(p.product_code);
    if (key && !index.has(key)) index.set(key, p);
  }
  return index;
}

export type CountScanOutcome<P extends CountProduct = CountProduct> =
  | { kind: 'counted'; code: string; product: P; units: number; counted: number; outOfScope: boolean }
  | { kind: 'unknown'; code: string }
  | { kind: 'unreadable'; raw: string };

/**
 * Decide one scan against the product index and, when it names a product, count it: the new
 * session and the verdict. `quantity` is the +N entry; a GS1 quantity (AI 30/37) multiplies it.
 */
export function scanIntoCount<P extends CountProduct>(
  session: CountSession,
  index: ReadonlyMap<string, P>,
  raw: string,
  quantity: number,
  now: string,
): { session: CountSession; outcome: CountScanOutcome<P> } {
  const parsed = parseScan(raw);
  if (!parsed.ok) return { session, outcome: { kind: 'unreadable', raw } };
  const code = parsed.scan.text;
  let product: P | undefined;
  for (const candidate of parsed.scan.candidates) {
    product = index.get(foldCode(candidate));
    if (product) break;
  }
  if (!product) return { session, outcome: { kind: 'unknown', code } };
  const units = Math.max(1, quantity) * (parsed.scan.quantity ?? 1);
  const next = addScan(session, product, units, now);
  const line = next.lines.find((l) => l.product_id === product.id) as CountLine;
  return {
    session: next,
    outcome: { kind: 'counted', code, product, units, counted: line.counted, outOfScope: line.out_of_scope },
  };
}
