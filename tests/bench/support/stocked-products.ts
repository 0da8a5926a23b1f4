/**
 * Bulk products for benchmarks: COUNT extra products for one tenant, each with an EAN-13 barcode
 * (299…, the bench's own range) and an opening stock movement, inserted as the product service
 * stores them (change numbers reserved, the stock ledger seeded).
 */
import type { Kysely } from 'kysely';
import { reserveChangeSeqs } from '../../../src/server/db/change-seq';
import type { Database } from '../../../src/server/db/schema';
import { insertProducts, type NewProductInput } from '../../../src/server/products/products.repository';
import { seedStockLedger } from '../../../src/server/stock/stock-seed';

const CATEGORIES = ['Elektronik', 'Bilgisayar', 'Giyim', 'Ev & Yaşam'];
const BRANDS = ['Apple', 'Samsung', 'Dell', 'Arçelik', 'Vestel'];

export function ean13(body12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body12[i]) * (i % 2 === 0 ? 1 : 3);
  return body12 + String((10 - (sum % 10)) % 10);
}

/** Inserts `count` products; returns their barcodes in order. */
export async function insertStockedProducts(
  db: Kysely<Database>,
  tenantId: string,
  count: number,
): Promise<string[]> {
  const barcodes: string[] = [];
  const now = new Date();
  // In chunks of 1,000, each its own transaction: one statement's parameters are bounded, and
  // PGlite does not take 10,000 products with their movements in one transaction.
  for (let start = 0; start < count; start += 1000) {
    const size = Math.min(1000, count - start);
    await db.transaction().execute(async (trx) => {
      const seqs = await reserveChangeSeqs(trx, tenantId, size);
      const rows: NewProductInput[] = Array.from({ length: size }, (_, k) => {
        const i = start + k;
        const barcode = ean13(`299${String(i).padStart(9, '0')}`);
        barcodes.push(barcode);
        return {
          id: crypto.randomUUID(),
          name: `Bench Ürün ${String(i).padStart(5, '0')} İğne`,
          product_code: `BENCH-${i}`,
          barcode,
          description: null,
          category: CATEGORIES[i % CATEGORIES.length] as string,
          brand: BRANDS[i % BRANDS.length] as string,
          selling_price_kurus: 1000 + (i % 500) * 100,
          cost_price_kurus: 800,
          current_stock: i % 17 === 0 ? 0 : (i * 7) % 120,
          min_stock: 10,
          created_at: now,
          change_seq: seqs[k] as number,
        };
      });
      await insertProducts(trx, tenantId, rows);
      await seedStockLedger(trx, tenantId, rows, [], now);
    });
  }
  return barcodes;
}
