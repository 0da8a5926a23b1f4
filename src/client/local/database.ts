import Dexie, { type Table, type Transaction } from 'dexie';
import {
  SYNC_COLLECTIONS,
  SYNCED,
  type Synced,
  type SyncedRow,
  type SyncedTable,
} from '../../shared/api/synced';
import { localDbName } from './registry-name';
import { localizers, schemaVersions, strippers } from './schema';
import { ensureTallies, type TallyRow, talliesMiddleware } from './tallies';

/**
 * The local store: one IndexedDB database per tenant + user, mirroring what that user
 * may see, plus the user's outbox and the sync metadata.
 *
 * Why one database per tenant+user and not one per device: the mirror holds exactly what the
 * server let THIS user see (a salesperson's own orders, a driver's assigned ones), and the outbox
 * holds changes that may only be sent under THIS user's token. If a colleague signs in on the same
 * handheld, they open their own database: they never see the first user's mirrored orders, and the
 * first user's unsent changes are never replayed under the colleague's identity (they wait, and the
 * device registry below lets the UI say so).
 *
 * The mirrored collections, their stores, indexes and local-only fields come from the table of
 * synced collections (src/shared/api/synced.ts). Rows are stored in the wire shapes of
 * src/shared/api plus the entry's local-only fields (numbers, because IndexedDB cannot index
 * booleans), e.g. notifications.unread, orders.pending_sync.
 */
type LocalFields<K extends Collection> = { [F in keyof Synced[K]['local']]: 0 | 1 };
/** A stored row of a collection: its wire row plus the entry's local-only fields. */
export type LocalRow<K extends Collection> = SyncedRow<Synced, K> & LocalFields<K>;
export type LocalNotification = LocalRow<'notifications'>;
export type LocalOrder = LocalRow<'orders'>;
export type LocalProduct = LocalRow<'products'>;
export type LocalCustomer = LocalRow<'customers'>;
export type LocalInvoice = LocalRow<'invoices'>;
export type LocalAccount = LocalRow<'accounts'>;
export type LocalPayment = LocalRow<'payments'>;

/** The mirrored collections, as the sync feed names them. */
export type Collection = keyof Synced;

/** The record-key prefix of each collection (`order:<id>`, `notification:<id>`, …). */
export const RECORD_PREFIX = Object.fromEntries(
  SYNC_COLLECTIONS.map((name) => [name, SYNCED[name].record]),
) as Record<Collection, string>;
const COLLECTION_OF_PREFIX: Record<string, Collection> = Object.fromEntries(
  SYNC_COLLECTIONS.map((name) => [SYNCED[name].record, name]),
);

export function recordKey(collection: Collection, id: string): string {
  return `${RECORD_PREFIX[collection]}:${id}`;
}

/** `notification:abc` → { collection: 'notifications', id: 'abc' }; wildcards (`x:*`) → null. */
export function parseRecordKey(key: string): { collection: Collection; id: string } | null {
  const colon = key.indexOf(':');
  if (colon < 0) return null;
  const collection = COLLECTION_OF_PREFIX[key.slice(0, colon)];
  const id = key.slice(colon + 1);
  if (!collection || !id || id === '*') return null;
  return { collection, id };
}

export type OutboxStatus = 'pending' | 'failed';
export type HttpMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One user action waiting to be sent (an outbox entry).
 *
 * `seq` (auto-increment primary key) is the FIFO order: IndexedDB hands out increasing keys in
 * commit order, so the order entries are sent in is the order the user made them, even across tabs
 * (timestamps could tie or go backwards when the clock is adjusted).
 */
export interface OutboxEntry {
  seq?: number;
  /** Client-made UUID, sent as `Idempotency-Key`: a replay after a lost answer is applied once. */
  id: string;
  /** The tenant and user who made the change; the entry is sent only with that user's token. */
  tenant: string;
  user_id: string;
  /**
   * What the change is: a key of the mutation table (src/client/local/mutations), e.g.
   * 'notification.read'. Typed as a string because the row may have been written by another
   * version of the app: an unknown kind is kept, shown and never sent (see mutations/index.ts).
   */
  kind: string;
  /** Turkish one-line description for the sync panel ("what was rejected"). */
  summary: string;
  method: HttpMethod;
  /** Path under the API base, e.g. `/notifications/<id>/read`. */
  path: string;
  body: unknown;
  /**
   * What the local effect needs beyond the request body (e.g. the optimistic order of an
   * 'order.create', the acting user's name for the history, the chosen driver's name). Never sent.
   */
  local?: Record<string, unknown>;
  /**
   * Ordering key: entries with the same (or overlapping, see `keysOverlap`) key are sent strictly
   * one after another, in `seq` order. `notification:<id>`, `order:<id>`, or a wildcard such as
   * `notification:*` for an action on all of a user's notifications.
   */
  record_key: string;
  /** Every record this entry changes locally (its optimistic effect), e.g. ['notification:<id>']. */
  records: string[];
  created_at: string;
  attempts: number;
  /** Epoch ms before which an automatic retry is not attempted (capped exponential backoff). */
  next_attempt_at: number;
  status: OutboxStatus;
  /** The server's Turkish message and machine code when the entry was rejected (status failed). */
  error: string | null;
  code: string | null;
  http_status: number | null;
  /**
   * The field a rejection names (its wire name, e.g. `product_code`, `items[0].quantity`), so the
   * form puts the message under that input; absent or null when it names none.
   */
  field?: string | null;
  /** Last transient failure (network, 5xx), shown while the entry keeps retrying. */
  last_error: string | null;
  /**
   * Why the entry waits for `next_attempt_at`: 'network' (no answer) is cut short as soon as the
   * server answers anything again; 'server' (5xx, 429, in flight) waits out its backoff.
   */
  waiting_for?: 'network' | 'server' | null;
}

/**
 * The server's version of a record that has local, not yet acknowledged changes on top of it.
 *
 * Why keep it: the mirror shows "server version + my pending changes". When a change is rejected
 * (4xx) or discarded, the record must go back to the server's version without a network round
 * trip (the user may be offline, and an incremental pull would not resend a record that did not
 * change on the server). `row: null` means "the server has no such record" (e.g. an order created
 * offline). The row is dropped as soon as no outbox entry refers to the record any more.
 */
export interface BaseRow {
  key: string;
  collection: Collection;
  row: Record<string, unknown> | null;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/** Keys of the `meta` table. */
export const META = {
  cursor: 'cursor', // string of digits: the last change sequence applied
  epoch: 'epoch', // the server's sync epoch the mirror was built under (see applyPage)
  lastPullAt: 'last_pull_at', // ISO time of the last complete pull
  user: 'user', // { id, username, full_name, role } of the store's owner
  dashboardStats: 'dashboard_stats', // { stats: DashboardStats, fetched_at } — the last GET /dashboard/stats (team list offline)
  // { missing: InvoiceSellerField[], fetched_at } — the last GET /invoices/readiness (admin, manager):
  // what the company profile lacks before it may invoice, so 'Fatura Kes' is greyed out offline too
  invoiceReadiness: 'invoice_readiness',
  backfill: 'backfill', // Backfill: collections added by an upgrade, still being pulled from 0
  // true once a pull reached the end of the feed (written with that last page); removed when the
  // mirror is emptied. Until then the mirror is partial and its counts are not shown as figures.
  mirrorComplete: 'mirror_complete',
} as const;

export interface LocalDbOwner {
  tenant: string;
  userId: string;
}

/** The store's database name (registry-name.ts: the login screen reads it without Dexie). */
export { localDbName } from './registry-name';

type SyncedTables = { [K in Collection]: Table<LocalRow<K>, string> };

/** A back-fill in progress: these collections are pulled alone from `cursor` (see backfillOnUpgrade). */
export interface Backfill {
  collections: string[];
  cursor: string;
}

// The synced collections' tables (`db.orders`, …) are typed from the table of synced collections;
// Dexie creates a property for every store it is given.
export interface LocalDb extends SyncedTables {}

// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class LocalDb extends Dexie {
  readonly tenant: string;
  readonly userId: string;
  outbox!: Table<OutboxEntry, number>;
  base!: Table<BaseRow, string>;
  meta!: Table<MetaRow, string>;
  /** The synced collections this database mirrors (SYNCED, or a test's table). */
  readonly synced: SyncedTable;
  readonly collections: readonly Collection[];
  /** The device schema version this code declares. */
  readonly schemaVersion: number;
  private readonly localize: ReturnType<typeof localizers>;
  private readonly strip: ReturnType<typeof strippers>;
  private readonly declaredStores: ReadonlySet<string>;
  private superseded = false;
  private readonly supersededListeners = new Set<() => void>();
  /** Counts per group of the tallied collections, kept by talliesMiddleware (tallies.ts). */
  tallies!: Table<TallyRow, string>;

  constructor(
    owner: LocalDbOwner,
    options?: ConstructorParameters<typeof Dexie>[1],
    synced: SyncedTable = SYNCED,
  ) {
    super(localDbName(owner.tenant, owner.userId), options);
    this.tenant = owner.tenant;
    this.userId = owner.userId;
    this.synced = synced;
    this.collections = Object.keys(synced) as Collection[];
    this.localize = localizers(synced);
    this.strip = strippers(synced);
    /*
     * Versioned schema, derived (schema.ts): the stores of the device tables and of every synced
     * collection, and for each version that adds a collection an upgrade that back-fills it.
     */
    const versions = schemaVersions(synced);
    for (const { version, stores, added } of versions) {
      const declared = this.version(version).stores(stores);
      const own = DEVICE_UPGRADES[version];
      if (added.length > 0 || own)
        declared.upgrade(async (tx) => {
          if (added.length > 0) await backfillOnUpgrade(tx, added);
          if (own) await own(tx);
        });
    }
    this.schemaVersion = versions.at(-1)?.version ?? 1;
    this.declaredStores = new Set(versions.flatMap((v) => Object.keys(v.stores)));
    /*
     * Another tab opens a NEWER version of this database (the app was updated there), and its
     * upgrade waits until every older connection is closed. This tab steps aside at once: it
     * closes its connection so the upgrade is never blocked, and opens the database again right
     * after it — the rows are all still there (an upgrade only adds; it never empties a store), so
     * the screens keep showing the mirror. From then on this tab's code is older than the
     * database: it must not pull (it would move the cursor past rows of collections it does not
     * know, which the newer tab would then never get), so it tells its listeners (the store stops
     * its sync engine; the newer tab's engine takes over). Dexie's own handler would close the
     * connection without reopening it and without telling anyone.
     */
    this.on('versionchange', (event: IDBVersionChangeEvent) => {
      this.close({ disableAutoOpen: false });
      if (!event.newVersion) return false; // the database is being deleted: stay closed
      this.markSuperseded();
      this.open().catch(() => {
        /* reopened on the next query (autoOpen) */
      });
      return false;
    });
    this.use(talliesMiddleware);
    // Every open (sticky), before anything else may read: counts made by the current definitions.
    this.on('ready', (vipDb) => ensureTallies(vipDb), true);
  }

  /**
   * True when this code must not pull into this database: another tab upgraded it to a newer
   * schema (see the constructor), or it already held collections this code does not know when
   * this tab opened it.
   */
  isOutdated(): boolean {
    if (this.superseded) return true;
    if (!this.isOpen()) return false;
    // Stores this code does not declare: collections a newer version added (Dexie opens a
    // database of a higher version than declared as it is).
    return [...this.backendDB().objectStoreNames].some((name) => !this.declaredStores.has(name));
  }

  /** Calls `listener` once this database has been upgraded by a newer tab; returns an unsubscribe. */
  onSuperseded(listener: () => void): () => void {
    this.supersededListeners.add(listener);
    return () => this.supersededListeners.delete(listener);
  }

  private markSuperseded(): void {
    if (this.superseded) return;
    this.superseded = true;
    for (const listener of this.supersededListeners) listener();
  }

  table_(collection: Collection): Table<Record<string, unknown>, string> {
    return this.table(collection) as Table<Record<string, unknown>, string>;
  }

  /** Wire row → stored row (adds the collection's numeric local-only fields). */
  toLocal(collection: Collection, row: Record<string, unknown>): Record<string, unknown> {
    const localize = this.localize[collection];
    return localize ? localize(row) : row;
  }

  /** Stored row → wire row (removes the collection's local-only fields). */
  stripLocal(collection: Collection, row: Record<string, unknown>): Record<string, unknown> {
    const strip = this.strip[collection];
    return strip ? strip(row) : { ...row };
  }

  /**
   * Every table a pulled page or a mirror reset writes: the synced collections', the outbox and
   * its base versions (records with pending changes get them re-applied), the metadata (cursor).
   */
  syncScope(): Table[] {
    return [...this.collections.map((c) => this.table(c)), this.outbox, this.base, this.meta];
  }

  async getMeta<T>(key: string): Promise<T | undefined> {
    return (await this.meta.get(key))?.value as T | undefined;
  }

  async setMeta(key: string, value: unknown): Promise<void> {
    await this.meta.put({ key, value });
  }
}

/**
 * The upgrade of a version that adds synced collections to a database that already mirrors
 * others. The server sends a device only what changed after its cursor, so the rows the new
 * collections already had would never come. The upgrade does NOT empty the mirror and move the
 * cursor back to 0 (every open tab would go blank until a full pull of everything, and a first
 * pull carries no removals); it records a back-fill: the pull first asks for these collections
 * alone from 0 (GET /sync/pull?collections=…, sync/pull.ts), then goes on from its cursor as
 * before. A database without a cursor pulls everything anyway.
 */
/**
 * Rows a device version must rewrite when it opens an older database, by version (the stores
 * themselves come from schema.ts). v3 added the tallies (the dashboards' figures read counts kept
 * per group, tallies.ts, counted when the database opens): a mirror that had completed a pull
 * (last_pull_at, a cursor past 0) is marked complete, so its figures show at once, offline too.
 */
const DEVICE_UPGRADES: Record<number, (tx: Transaction) => Promise<void>> = {
  3: async (tx) => {
    const cursor = (await tx.table('meta').get(META.cursor))?.value;
    if ((await tx.table('meta').get(META.lastPullAt)) && cursor && cursor !== '0')
      await tx.table('meta').put({ key: META.mirrorComplete, value: true });
  },
};

async function backfillOnUpgrade(tx: Transaction, added: string[]): Promise<void> {
  const meta = tx.table<MetaRow, string>('meta');
  const cursor = (await meta.get(META.cursor))?.value;
  if (typeof cursor !== 'string' || cursor === '0') return;
  const earlier = (await meta.get(META.backfill))?.value as Backfill | undefined;
  const collections = [...new Set([...(earlier?.collections ?? []), ...added])];
  await meta.put({ key: META.backfill, value: { collections, cursor: '0' } satisfies Backfill });
}

export function openLocalDb(owner: LocalDbOwner, options?: ConstructorParameters<typeof Dexie>[1]): LocalDb {
  return new LocalDb(owner, options);
}
