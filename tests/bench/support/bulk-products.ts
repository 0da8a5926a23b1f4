/**
 * N products for a tenant, inserted through the repository in batches of 1,000 (each batch one
 * transaction with its change numbers reserved like any writer's): a catalogue the size of a large
 * distributor's, with the seed's categories and brands spread over it, codes and EAN-13 barcodes
 * unique, prices and stock varied so filters and stock statuses select real subsets.
 */
import type { Kysely } from 'kysely';
import { reserveChangeSeqs } from '../../../src/server/db/change-seq';
import type { Database } from '../../../src/server/db/schema';
import { makeEan13 } from '../../../src/server/lib/ean13';
import { Prng } from '../../../src/server/lib/prng';
import { insertProducts, type NewProductInput } from '../../../src/server/products/products.repository';

const CATEGORIES = ['Elektronik', 'Bilgisayar', 'Giyim', 'Ev & Yaşam', 'Hırdavat', 'Gıda', 'Kırtasiye'];
const BRANDS = ['Apple', 'Samsung', 'Dell', 'Arçelik', 'Vestel', 'Şölen', 'İpek', 'Ülker', 'Bosch'];
const NOUNS = [
  'Çaydanlık',
  'Kablo',
  'Priz',
  'Defter',
  'Gömlek',
  'Tencere',
  'Şarj Aleti',
  'Işıldak',
  'Kulaklık',
];
const ADJECTIVES = ['Büyük', 'Küçük', 'Paslanmaz', 'Kırmızı', 'Güçlü', 'Sessiz', 'Uzun', 'İnce'];

export async function insertBulkProducts(
  db: Kysely<Database>,
  options: { tenantId: string; count: number; seed: string },
): Promise<{ inserted: number; ms: number }> {
  const started = performance.now();
  const random = new Prng(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random.next() * list.length)] as T;
  for (let done = 0; done < options.count; ) {
    const size = Math.min(1_000, options.count - done);
    await db.transaction().execute(async (trx) => {
      const seqs = await reserveChangeSeqs(trx, options.tenantId, size);
      const now = new Date();
      const batch: NewProductInput[] = Array.from({ length: size }, (_, i) => {
        const n = done + i;
        const price = 500 + Math.floor(random.next() * 500_000);
        return {
          id: crypto.randomUUID(),
          name: `${pick(ADJECTIVES)} ${pick(NOUNS)} ${n}`,
          product_code: `BLK-${String(n).padStart(7, '0')}`,
          barcode: makeEan13(`869${String(700_000_000 + n).padStart(9, '0')}`),
          description: null,
          category: pick(CATEGORIES),
          brand: pick(BRANDS),
          selling_price_kurus: price,
          cost_price_kurus: Math.round(price * 0.7),
          current_stock: Math.floor(random.next() * 200),
          min_stock: 10,
          created_at: new Date(now.getTime() - n * 1000),
          change_seq: seqs[i] as number,
        };
      });
      await insertProducts(trx, options.tenantId, batch);
    });
    done += size;
  }
  return { inserted: options.count, ms: performance.now() - started };
}
