import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { StockStatus } from '../../shared/domain/stock';
import type { LocalDb, LocalProduct } from '../local/database';
import { foldTr } from '../local/queries';
import { primer, useLocalDb } from '../shared-ui/local-store';
import type { CountProduct } from './count-session';

/**
 * What /inventory reads from the local store (offline after one online visit): every mirrored
 * product, plus — for the count — each product as the server last sent it. A product with an
 * unsent change of ours (an adjustment waiting in the outbox) shows that change at once, but a
 * count must compare with the server's figure and stock_seq, because the server posts
 * `counted − on-hand as of seen_stock_seq` and knows nothing of changes it has not received.
 */
export interface InventoryData {
  products: LocalProduct[];
  /** Products as the server last sent them (the outbox's base version where one exists). */
  server: Map<string, CountProduct>;
}

function countProductOf(row: Record<string, unknown>): CountProduct {
  return {
    id: String(row.id),
    name: String(row.name ?? ''),
    product_code: String(row.product_code ?? ''),
    barcode: (row.barcode as string | null | undefined) ?? null,
    category: (row.category as string | null | undefined) ?? null,
    brand: (row.brand as string | null | undefined) ?? null,
    current_stock: Number(row.current_stock ?? 0),
    stock_seq: Number(row.stock_seq ?? 0),
  };
}

/**
 * `enabled` false: nothing is read yet (undefined) — the stock list's first page is drawn from
 * `useStockPreview` first, and every product is read only after that page is on screen.
 */
export function useInventoryData(enabled = true): InventoryData | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => {
    if (!enabled) return undefined;
    if (!db) return { products: [], server: new Map() };
    const [products, bases] = await Promise.all([
      db.products.toArray(),
      db.base.where(':id').startsWith('product:').toArray(),
    ]);
    const server = new Map<string, CountProduct>();
    for (const p of products) server.set(p.id, countProductOf(p));
    for (const base of bases) {
      const id = base.key.slice('product:'.length);
      if (base.row) server.set(id, countProductOf(base.row));
      else server.delete(id);
    }
    return { products, server };
  }, [db, enabled]);
}

const STATUS_ORDER: readonly StockStatus[] = ['out_of_stock', 'low_stock', 'in_stock'];
const STATUS_RANK: Record<StockStatus, number> = { out_of_stock: 0, low_stock: 1, in_stock: 2 };
const collator = new Intl.Collator('tr-TR');
const byName = (a: LocalProduct, b: LocalProduct) => collator.compare(a.name, b.name);

/**
 * What the unfiltered stock list shows before every product has been read: its first `end` rows
 * in the list's order, the product count, the summary's counts and the filters' choices — read
 * off the indexes (stock_status, category, brand), so a reload draws the first page from the
 * products out of stock (then running low, …) alone, not from all 10,000. The rows are exactly
 * `filterStock`'s with no filter: within a status by name in Turkish order, ties in key order
 * (an index range lists equal keys by primary key, as the whole table does, and the sort is
 * stable).
 */
export interface StockPreview {
  /** The first `end` rows of the unfiltered list (all of them when there are fewer). */
  rows: LocalProduct[];
  counts: { total: number; low: number; out: number };
  categories: string[];
  brands: string[];
}

export function useStockPreview(enabled: boolean, end: number): StockPreview | undefined {
  const db = useLocalDb();
  const primed = stockPreview.usePrimed(db);
  // The first read's rows answer any page they cover (they are the list's first rows).
  const first = useMemo(
    () =>
      enabled && primed && (primed.rows.length >= end || primed.rows.length === primed.counts.total)
        ? { ...primed, rows: primed.rows.slice(0, end) }
        : undefined,
    [enabled, primed, end],
  );
  return useLiveQuery(
    async () => (enabled && db ? readStockPreview(db, end) : undefined),
    [db, enabled, end],
    first,
  );
}

/** As many rows as the largest page: the first read covers the first page at any page size. */
const FIRST_READ_ROWS = 100;

/**
 * The unfiltered list's first rows, read while the app starts on /inventory (the screen's
 * `firstRead`), so its first frame draws them. Only for the plain address: a search, a filter, a
 * later page or the count tab need other rows (their reads run as before).
 */
export const stockPreview = primer(async (db: LocalDb) =>
  typeof location !== 'undefined' && location.search !== ''
    ? undefined
    : readStockPreview(db, FIRST_READ_ROWS),
);

/** The read behind `useStockPreview` (one transaction). */
export function readStockPreview(db: LocalDb, end: number): Promise<StockPreview> {
  return db.transaction('r', db.products, async () => {
    const withStatus = (status: StockStatus) => db.products.where('stock_status').equals(status);
    const [total, out, low, categories, brands] = await Promise.all([
      db.products.count(),
      withStatus('out_of_stock').count(),
      withStatus('low_stock').count(),
      db.products.orderBy('category').uniqueKeys(),
      db.products.orderBy('brand').uniqueKeys(),
    ]);
    let rows: LocalProduct[] = [];
    for (const status of STATUS_ORDER) {
      if (rows.length >= end) break;
      rows = rows.concat((await withStatus(status).toArray()).sort(byName));
    }
    // A row of a status the list does not know sorts last: read everything then (never with
    // the server's statuses).
    if (rows.length < Math.min(end, total))
      rows = filterStock(await db.products.toArray(), new Map(), NO_FILTER);
    const choices = (keys: unknown[]) =>
      keys.filter((k): k is string => typeof k === 'string' && k !== '').sort(collator.compare);
    return {
      rows: rows.slice(0, end),
      counts: { total, low, out },
      categories: choices(categories),
      brands: choices(brands),
    };
  });
}

/** Goods promised to approved orders (the wire carries current and available). */
export function reservedOf(p: Pick<LocalProduct, 'current_stock' | 'available_stock'>): number {
  return p.current_stock - p.available_stock;
}

export interface StockFilter {
  search: string;
  category: string;
  brand: string;
  status: '' | StockStatus;
}

const NO_FILTER: StockFilter = { search: '', category: '', brand: '', status: '' };

export function isUnfiltered(filter: StockFilter): boolean {
  return !filter.search.trim() && !filter.category && !filter.brand && !filter.status;
}

/** The text a product is searched by (name, code, barcode), folded the Turkish way once. */
export function searchText(p: Pick<LocalProduct, 'name' | 'product_code' | 'barcode'>): string {
  return foldTr(`${p.name}\u0000${p.product_code}\u0000${p.barcode ?? ''}`);
}

/**
 * The stock list: filtered (search on name, code, barcode with Turkish case folding; category,
 * brand, stock status) and ordered low stock first — out of stock, then running low, then the
 * rest — by name within each group.
 */
export function filterStock(
  products: readonly LocalProduct[],
  haystacks: ReadonlyMap<string, string>,
  filter: StockFilter,
): LocalProduct[] {
  const q = foldTr(filter.search.trim());
  const rows = products.filter(
    (p) =>
      (!filter.category || p.category === filter.category) &&
      (!filter.brand || p.brand === filter.brand) &&
      (!filter.status || p.stock_status === filter.status) &&
      (!q || (haystacks.get(p.id) ?? '').includes(q)),
  );
  rows.sort(
    (a, b) =>
      (STATUS_RANK[a.stock_status] ?? 3) - (STATUS_RANK[b.stock_status] ?? 3) ||
      collator.compare(a.name, b.name),
  );
  return rows;
}

/** The distinct non-empty values of a field, in Turkish order (the category and brand filters). */
export function distinctValues(products: readonly LocalProduct[], field: 'category' | 'brand'): string[] {
  const values = new Set<string>();
  for (const p of products) {
    const v = p[field];
    if (v) values.add(v);
  }
  return [...values].sort(collator.compare);
}

export function stockCounts(products: readonly LocalProduct[]): { total: number; low: number; out: number } {
  let low = 0;
  let out = 0;
  for (const p of products) {
    if (p.stock_status === 'low_stock') low++;
    else if (p.stock_status === 'out_of_stock') out++;
  }
  return { total: products.length, low, out };
}
