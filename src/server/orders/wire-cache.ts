/**
 * The JSON text of orders as the database built it (order_wire / order_summary_wire, migration
 * 0004), kept in memory by (tenant, order id, change number).
 *
 * Why: reading orders' JSON is most of what the order list and the sync feed cost on the embedded
 * database (500 full orders: ~35 ms to build, ~14 ms to read back as the text stored when they
 * changed — order_wires, migration 0050 —, ~0 from here), and the same versions are asked for
 * again and again — by every device of a tenant on its first sync, by every user paging the same
 * list.
 *
 * Why it is exact: an order's change number (`change_seq`) moves with EVERY change of the order,
 * its lines or its history (db/change-seq.ts), so a text stored for (id, change_seq) is the text
 * of that version for as long as that version exists. Two things it cannot see, and what bounds
 * them:
 * - the names of the users an order mentions (salesperson, manager, warehouse, driver) live in
 *   `users`: a name change empties this cache in its process (ReadCaches.invalidate, through the
 *   profile route), and entries live at most `ttlMs` (60 s), which bounds what another API process
 *   on PostgreSQL can show;
 * - texts are stored only by READ paths, which see committed rows: a write's transaction may roll
 *   back and its change number be handed out again, so nothing built inside a write is ever kept.
 * Memory is bounded by `maxBytes` (oldest dropped first).
 *
 * The sync feed takes the texts as UTF-8 bytes (`getBytes`), encoded once per version and kept
 * beside the text: a first pull is ~1 MB, and encoding it anew for every answer (byteLength, then
 * the socket write of a two-byte string — Turkish letters make V8 store it as UTF-16) was most of
 * what a pull cost on PostgreSQL.
 */
/**
 * What a text is: an order in full (detail, sync feed) or as a list row ('full', 'summary'), or a
 * wire form a pull source names for its rows (sync/sources.ts: e.g. a product as sent to a role
 * that sees `cost_price`, 'product-cost', or to one that does not, 'product'). Each is exact for
 * (id, change number) for the same reason as the orders'.
 */
export type WireKind = 'full' | 'summary' | (string & {});

export class WireCache {
  private readonly entries = new Map<
    string,
    { seq: number; wire: string | null; bytes: Buffer | null; until: number }
  >();
  private bytes = 0;

  constructor(
    private readonly maxBytes = 64 * 1024 * 1024,
    private readonly ttlMs = 60_000,
  ) {}

  private static key(kind: WireKind, tenantId: string, id: string): string {
    return `${kind}:${tenantId}:${id}`;
  }

  get(kind: WireKind, tenantId: string, id: string, seq: number): string | undefined {
    const entry = this.entry(kind, tenantId, id, seq);
    if (!entry) return undefined;
    // Kept as bytes only (the sync feed's): decoded for this reader, not kept twice.
    return entry.wire ?? entry.bytes?.toString('utf8');
  }

  /** The same text as UTF-8 bytes (encoded on first use, then kept with it). */
  getBytes(kind: WireKind, tenantId: string, id: string, seq: number): Buffer | undefined {
    const entry = this.entry(kind, tenantId, id, seq);
    if (!entry) return undefined;
    if (entry.bytes === null && entry.wire !== null) {
      entry.bytes = Buffer.from(entry.wire, 'utf8');
      this.bytes += entry.bytes.length;
      this.trim();
    }
    return entry.bytes ?? undefined;
  }

  private entry(kind: WireKind, tenantId: string, id: string, seq: number) {
    if (this.maxBytes <= 0) return undefined;
    const entry = this.entries.get(WireCache.key(kind, tenantId, id));
    if (!entry || entry.seq !== seq || entry.until <= Date.now()) return undefined;
    return entry;
  }

  private static size(entry: { wire: string | null; bytes: Buffer | null }): number {
    return (entry.wire?.length ?? 0) * 2 + (entry.bytes?.length ?? 0);
  }

  private trim(): void {
    if (this.bytes <= this.maxBytes) return;
    for (const [k, e] of this.entries) {
      this.entries.delete(k);
      this.bytes -= WireCache.size(e);
      if (this.bytes <= this.maxBytes * 0.9) break;
    }
  }

  set(kind: WireKind, tenantId: string, id: string, seq: number, wire: string): void {
    this.put(kind, tenantId, id, { seq, wire, bytes: null });
  }

  /**
   * Keeps a text as its UTF-8 bytes only (the sync feed reads them so): outside V8's heap, so a
   * first sync's thousands of texts cost its garbage collector nothing to keep.
   */
  setBytes(kind: WireKind, tenantId: string, id: string, seq: number, bytes: Buffer): void {
    this.put(kind, tenantId, id, { seq, wire: null, bytes });
  }

  private put(
    kind: WireKind,
    tenantId: string,
    id: string,
    value: { seq: number; wire: string | null; bytes: Buffer | null },
  ): void {
    if (this.maxBytes <= 0 || WireCache.size(value) > this.maxBytes / 16) return;
    const key = WireCache.key(kind, tenantId, id);
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= WireCache.size(old);
      this.entries.delete(key);
    }
    const entry = { ...value, until: Date.now() + this.ttlMs };
    this.entries.set(key, entry);
    this.bytes += WireCache.size(entry);
    this.trim();
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}
