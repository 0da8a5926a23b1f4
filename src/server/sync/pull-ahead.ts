/**
 * The next page of a device's pull, prepared while the device writes the one it has.
 *
 * A first sync (or a long catch-up) is a chain of pages: the device asks for page k+1 as soon as
 * page k's headers name its cursor, and then spends a while writing page k. Without preparation
 * the server only starts building page k+1 when that request arrives, and the device, once it has
 * written page k, waits for it. So after answering a page that has more behind it, the server
 * builds the next one as background work and keeps it here, under everything that decides its
 * contents: the tenant and its sync epoch, the user, role and order scope, the cursor, the page
 * size and the collections asked for.
 *
 * A prepared page is a consistent snapshot of a moment ago. With more pages behind it that is a
 * true answer: a change committed since takes a number above every number the snapshot saw, so
 * it is after the page's boundary and a later page carries it (a row of the page changed since
 * comes again, newer, later). A LAST page would tell the device it is up to date, so it is served
 * only if nothing has been committed since it was built: the tenant's change counter (every synced
 * change takes its number from it, in commit order) is read before the page and again when the
 * page is asked for, and the two must agree; otherwise it is built afresh. A busy tenant thus
 * never makes a long catch-up build its pages twice. A page is taken once, and one not asked for
 * within PULL_AHEAD_TTL_MS is dropped; at most PULL_AHEAD_MAX are kept (the oldest go first).
 */

/** How long a prepared page waits for its device. */
export const PULL_AHEAD_TTL_MS = 30_000;
/** Prepared pages kept at once, over every device (~1 MB each for 2,000 orders). */
export const PULL_AHEAD_MAX = 32;

export interface Prepared<T> {
  /** The tenant's change counter read before the page was built. */
  counter: number;
  page: T;
}

/** How prepared pages fared (tests and benchmarks read them). */
export const pullAheadCounts = { prepared: 0, served: 0, stale: 0 };

export class PullAhead<T> {
  private readonly pages = new Map<string, { at: number; ready: Promise<Prepared<T> | null> }>();

  constructor(
    private readonly ttlMs = PULL_AHEAD_TTL_MS,
    private readonly max = PULL_AHEAD_MAX,
  ) {}

  /** The page prepared under `key`, removed from the store (a page is served once), if still young. */
  take(key: string): Promise<Prepared<T> | null> | undefined {
    const entry = this.pages.get(key);
    if (!entry) return undefined;
    this.pages.delete(key);
    return Date.now() - entry.at <= this.ttlMs ? entry.ready : undefined;
  }

  /** Keeps the page being prepared under `key`; a failure to prepare it is a page not prepared. */
  put(key: string, ready: Promise<Prepared<T>>): void {
    const now = Date.now();
    for (const [k, entry] of this.pages) if (now - entry.at > this.ttlMs) this.pages.delete(k);
    while (this.pages.size >= this.max) {
      const oldest = this.pages.keys().next().value;
      if (oldest === undefined) break;
      this.pages.delete(oldest);
    }
    pullAheadCounts.prepared++;
    this.pages.set(key, { at: now, ready: ready.catch(() => null) });
  }

  /** Drops every prepared page (a user or a tenant changed: the pages' texts may name them). */
  clear(): void {
    this.pages.clear();
  }

  /** Resolves once every page being prepared is ready (or failed). */
  async settled(): Promise<void> {
    await Promise.all([...this.pages.values()].map((entry) => entry.ready));
  }

  get size(): number {
    return this.pages.size;
  }
}
