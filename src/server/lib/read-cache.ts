/**
 * A small, bounded, short-lived cache for what EVERY request reads before its own work: the tenant
 * named by `?tenant=` and the session + user behind the bearer token, so that a one-order read
 * stays fast. On the
 * embedded database those two lookups cost more than the page itself for a one-order read: PGlite
 * plans every statement anew, on the one thread that also serves HTTP.
 *
 * Why this is safe:
 * - Entries live `ttlMs` at most (AUTH_CACHE_MS, default 2 s; 0 turns the cache off). Only found
 *   rows are kept: an unknown tenant or session is looked up every time.
 * - Every write in this process that changes what is cached (logout, a profile or password change
 *   today; user and tenant administration when it comes) runs through `invalidateAround`, which
 *   empties the cache before the write and again after its commit. A read that started before an
 *   invalidation never stores what it read (the generation check), so a read racing a logout
 *   cannot put the live session back.
 * - The embedded database has exactly one process: a logout applies to the very next request.
 *   With PostgreSQL and several API processes, ANOTHER process may accept a revoked token, or see
 *   a tenant's old settings, for at most `ttlMs` (docs/architecture.md, "Read cache").
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The cached value, else `load()`'s — kept when found and no invalidation happened meanwhile. */
  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    if (this.ttlMs <= 0) return load();
    const hit = this.entries.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (value !== undefined && generation === this.generation) {
      if (this.entries.size >= this.maxEntries) {
        // Oldest first (a Map keeps insertion order): drop a tenth at once, not one per insert.
        let drop = Math.ceil(this.maxEntries / 10);
        for (const k of this.entries.keys()) {
          this.entries.delete(k);
          if (--drop === 0) break;
        }
      }
      this.entries.delete(key);
      this.entries.set(key, { value, until: Date.now() + this.ttlMs });
    } else if (hit) {
      this.entries.delete(key);
    }
    return value;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The app's caches: one invalidation empties them all (writes to them are rare; no key to forget). */
export class ReadCaches<T, S> {
  readonly tenants: ReadCache<T>;
  readonly sessions: ReadCache<S>;

  constructor(ttlMs: number) {
    this.tenants = new ReadCache<T>(ttlMs, 1_000);
    this.sessions = new ReadCache<S>(ttlMs, 20_000);
  }

  private readonly listeners: (() => void)[] = [];

  /** Also run `listener` on every invalidation (caches of things derived from users). */
  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }

  invalidate(): void {
    this.tenants.invalidate();
    this.sessions.invalidate();
    for (const listener of this.listeners) listener();
  }

  /** Runs a write that changes a tenant, a user or a session (see above). */
  async invalidateAround<R>(write: () => Promise<R>): Promise<R> {
    this.invalidate();
    try {
      return await write();
    } finally {
      this.invalidate();
    }
  }
}
