/**
 * Answers of GET /products kept per tenant and validated on every read against the catalogue's
 * version: the highest change number of the tenant's products. Every write of a product — create,
 * edit, soft delete, a stock movement, an import — gives the row a new change number (that is how
 * devices hear of it), so an answer built at version v is exactly right while the version is
 * still v. The version is one index-only lookup (products (tenant_id, change_seq)), far cheaper
 * than counting and sorting 100,000 products on every request, and it is read from the database
 * each time, so this is never stale: not after a write in this process, nor in another process on
 * the same PostgreSQL.
 *
 * Keys hold what changes the answer: the query (every parameter, normalised by its schema) and
 * whether the caller sees cost prices. The cache is bounded (oldest entries go first).
 */
export class ProductListCache<V> {
  private readonly entries = new Map<string, { version: number; value: V }>();

  constructor(private readonly maxEntries = 500) {}

  async get(key: string, version: () => Promise<number>, load: () => Promise<V>): Promise<V> {
    const current = await version();
    const hit = this.entries.get(key);
    if (hit && hit.version === current) return hit.value;
    const value = await load();
    // A write between the version read and the load may be in `value` or not; storing it under
    // the version read first would keep that doubt. Store only when nothing moved meanwhile.
    if ((await version()) === current) this.store(key, current, value);
    return value;
  }

  private store(key: string, version: number, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      let drop = Math.ceil(this.maxEntries / 10);
      for (const old of this.entries.keys()) {
        this.entries.delete(old);
        if (--drop === 0) break;
      }
    }
    this.entries.set(key, { version, value });
  }
}
