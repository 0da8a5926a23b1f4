import Dexie, {
  type DBCore,
  type DBCoreKeyRange,
  type DBCoreMutateRequest,
  type DBCoreMutateResponse,
  type DBCoreTable,
  type DBCoreTransaction,
  type Middleware,
} from 'dexie';
import type { SyncedAccount } from '../../shared/api/accounts';
import {
  type OrderStatsDims,
  type OrderStatsSums,
  orderStatsBucket,
} from '../../shared/domain/dashboard-stats';

/**
 * Counts kept per group as the mirror changes ("tallies"), so that a screen's figures are a read
 * of a few hundred small rows instead of every mirrored row (10,000 orders on a handheld take
 * about a second to read; the groups take milliseconds).
 *
 * A tallied collection names, per row, its GROUP (dimensions: the values the figures tell rows
 * apart by) and the SUMS the figures need; the `tallies` table holds, per collection and group,
 * how many rows are in it and the sums over them. For orders the groups are the dashboard
 * figures' dimensions (orderStatsBucket in src/shared/domain/dashboard-stats.ts: status,
 * salesperson, driver, the manager's decision); the stock figures of the inventory are the next
 * collection to add here (products grouped by stock status and category, summing the stock).
 *
 * How they stay right: a Dexie middleware sees EVERY write to a tallied table — pulled pages,
 * optimistic outbox effects, rollbacks, acknowledgements, a mirror reset, an upgrade — reads the
 * rows it replaces, and moves their counts from the old groups to the new ones IN THE SAME
 * IndexedDB TRANSACTION. So the counts commit or roll back with the rows they count, in every
 * tab, whichever code path wrote; there is no second place to forget. Every read-write
 * transaction that touches a tallied table gets the `tallies` store added to its scope for this.
 * Sums are of integers (kuruş, milliseconds), so adding and taking away is exact: the kept counts
 * equal a full recount (a unit test holds them to it after pulls, local edits, rollbacks and a
 * reset).
 */
export const TALLY_TABLE = 'tallies';

/** One group of one collection. */
export interface TallyRow<D = Record<string, unknown>, S = Record<string, number>> {
  /** `<collection>|<dimensions as JSON>`. */
  key: string;
  collection: string;
  dims: D;
  /** Rows in the group (never 0: an emptied group is deleted). */
  count: number;
  sums: S;
}

export interface TallyDefinition {
  /**
   * The definition's version: change it whenever `group` changes (a new dimension, a new rule).
   * Every database recounts a collection whose stored counts were made by another version when it
   * opens (ensureTallies), so a new definition never meets counts made by an old one — and adding
   * a collection here is all it takes to have it counted.
   */
  version: number;
  /**
   * The row's group and what it adds to the group's sums; null when it counts in no group. A row
   * may count in several groups (an array): an account adds each debit still open to the group
   * of its due day.
   */
  group(row: Record<string, unknown>): TallyGroup | readonly TallyGroup[] | null;
}

/** One group a row counts in, and what it adds to the group's sums. */
export interface TallyGroup {
  dims: Record<string, unknown>;
  sums: Record<string, number>;
}

/** The tallied collections (Dexie table names). */
export const TALLIES: Record<string, TallyDefinition> = {
  orders: {
    version: 1,
    // The dims are built in one fixed order, so equal groups have equal keys.
    group: (row) => orderStatsBucket(row as unknown as Parameters<typeof orderStatsBucket>[0]),
  },
  // Customer accounts: what is still open of every debit, by due day (the receivables' ageing over
  // every customer is then a read of one row per due day, bucketed on the reading day), and the
  // unapplied credit and balances in one group of their own.
  accounts: { version: 1, group: (row) => accountTallyGroups(row as unknown as SyncedAccount) },
};

/** The tally groups of one account (see TALLIES.accounts). */
export function accountTallyGroups(account: SyncedAccount): TallyGroup[] {
  const groups: TallyGroup[] = account.open_items.map((item) => ({
    dims: { due_day: item.due_day },
    sums: { open_kurus: item.open_kurus },
  }));
  groups.push({
    dims: { due_day: null },
    sums: {
      balance_kurus: account.balance_kurus,
      unapplied_kurus: account.unapplied_kurus,
      portfolio_kurus: account.portfolio_kurus,
      debtors: account.balance_kurus > 0 ? 1 : 0,
    },
  });
  return groups;
}

/** A group of the accounts' tally: a due day's open debits, or (due_day null) the totals. */
export type AccountTally = TallyRow<{ due_day: string | null }, Record<string, number>>;

/** The row that says which definition version a collection's counts were made with. */
const VERSION_COLLECTION = '#version';
const versionKey = (collection: string) => `${VERSION_COLLECTION}|${collection}`;

export type OrderTally = TallyRow<OrderStatsDims, OrderStatsSums>;

function groupKey(collection: string, dims: Record<string, unknown>): string {
  return `${collection}|${JSON.stringify(dims)}`;
}

/** Count changes of one write, per group, before they are added to the stored rows. */
class Deltas {
  readonly rows = new Map<string, TallyRow>();
  constructor(
    readonly collection: string,
    private readonly definition: TallyDefinition,
  ) {}

  add(row: unknown, sign: 1 | -1): void {
    if (!row || typeof row !== 'object') return;
    const found = this.definition.group(row as Record<string, unknown>);
    if (!found) return;
    const groups: readonly TallyGroup[] = Array.isArray(found) ? found : [found as TallyGroup];
    for (const group of groups) {
      const key = groupKey(this.collection, group.dims);
      let delta = this.rows.get(key);
      if (!delta) {
        delta = { key, collection: this.collection, dims: group.dims, count: 0, sums: {} };
        this.rows.set(key, delta);
      }
      delta.count += sign;
      for (const [name, value] of Object.entries(group.sums))
        delta.sums[name] = (delta.sums[name] ?? 0) + sign * value;
    }
  }
}

const EQUAL = 1; // DBCoreRangeType.Equal (a const enum, not importable as a value)
const RANGE = 2; // DBCoreRangeType.Range
const ANY = 3; // DBCoreRangeType.Any: a whole-table range (Table.clear)

function isWholeRange(range: DBCoreKeyRange): boolean {
  return range.type === ANY || (range.lower === undefined && range.upper === undefined);
}

/**
 * One tally update at a time per transaction: each reads the rows it replaces and the groups it
 * changes, then writes; two interleaved in one transaction would lose one's counts.
 */
const queues = new WeakMap<DBCoreTransaction, PromiseLike<unknown>>();

function serialized<T>(trans: DBCoreTransaction, task: () => PromiseLike<T>): PromiseLike<T> {
  const previous = queues.get(trans);
  const run = previous ? previous.then(task, task) : task();
  queues.set(
    trans,
    run.then(
      () => undefined,
      () => undefined,
    ),
  );
  return run;
}

function tallyTable(core: DBCore): DBCoreTable {
  return core.table(TALLY_TABLE);
}

/** Adds the deltas to the stored groups (creating, updating or deleting rows). */
function applyDeltas(core: DBCore, trans: DBCoreTransaction, deltas: Deltas): PromiseLike<unknown> {
  const changed = [...deltas.rows.values()].filter(
    (d) => d.count !== 0 || Object.values(d.sums).some((v) => v !== 0),
  );
  if (changed.length === 0) return Dexie.Promise.resolve();
  const table = tallyTable(core);
  return table
    .getMany({ trans, keys: changed.map((d) => d.key) })
    .then((stored: (TallyRow | undefined)[]) => {
      const puts: TallyRow[] = [];
      const deletes: string[] = [];
      let broken = false;
      changed.forEach((delta, i) => {
        const current = stored[i];
        const count = (current?.count ?? 0) + delta.count;
        if (count < 0) broken = true;
        if (count <= 0) {
          if (current) deletes.push(delta.key);
          return;
        }
        const sums: Record<string, number> = { ...current?.sums };
        for (const [name, value] of Object.entries(delta.sums)) sums[name] = (sums[name] ?? 0) + value;
        puts.push({ key: delta.key, collection: delta.collection, dims: delta.dims, count, sums });
      });
      // A group below zero means the kept counts had drifted from the rows (they never should):
      // recount the collection from its rows, here, in this transaction.
      if (broken) return rebuild(core, trans, deltas.collection);
      return (
        puts.length ? table.mutate({ type: 'put', trans, values: puts }) : Dexie.Promise.resolve()
      ).then(() => (deletes.length ? table.mutate({ type: 'delete', trans, keys: deletes }) : undefined));
    });
}

/** Deletes every group of a collection. */
function clearCollection(core: DBCore, trans: DBCoreTransaction, collection: string): PromiseLike<unknown> {
  const table = tallyTable(core);
  const index = table.schema.getIndexByKeyPath('collection');
  if (!index) throw new Error('tallies: no collection index');
  const range: DBCoreKeyRange = { type: EQUAL, lower: collection, upper: collection };
  return table
    .query({ trans, values: false, query: { index, range } })
    .then(({ result }) =>
      result.length ? table.mutate({ type: 'delete', trans, keys: result }) : undefined,
    );
}

/** Recounts a collection's groups from all its rows (upgrade; repair after a drift). */
function rebuild(core: DBCore, trans: DBCoreTransaction, collection: string): PromiseLike<unknown> {
  const definition = TALLIES[collection];
  if (!definition) return Dexie.Promise.resolve();
  const source = core.table(collection);
  return clearCollection(core, trans, collection)
    .then(() =>
      source.query({
        trans,
        values: true,
        query: { index: source.schema.primaryKey, range: { type: ANY } as DBCoreKeyRange },
      }),
    )
    .then(({ result }) => {
      const deltas = new Deltas(collection, definition);
      for (const row of result) deltas.add(row, 1);
      const values = [...deltas.rows.values()];
      return values.length ? tallyTable(core).mutate({ type: 'put', trans, values }) : undefined;
    });
}

/**
 * The stored rows of `keys` (undefined where there is none), as `getMany` reads them. A large
 * write into a table of about its size or smaller — the pages of a first sync, which replace
 * nothing — first lists the keys the table holds between the smallest and the largest key written
 * (one request, keys only) and reads just the rows that exist, instead of one request per key.
 */
function readOld(table: DBCoreTable, trans: DBCoreTransaction, keys: unknown[]): PromiseLike<unknown[]> {
  if (keys.length === 0) return Dexie.Promise.resolve([]);
  if (keys.length < BULK_READ_MIN || !keys.every((key) => typeof key === 'string'))
    return table.getMany({ trans, keys });
  const primary = table.schema.primaryKey;
  return table
    .count({ trans, query: { index: primary, range: { type: ANY } as DBCoreKeyRange } })
    .then((stored) => {
      if (stored === 0) return keys.map(() => undefined);
      if (stored > keys.length * BULK_READ_RATIO) return table.getMany({ trans, keys });
      let lower = keys[0] as string;
      let upper = lower;
      for (const key of keys as string[]) {
        if (key < lower) lower = key;
        if (key > upper) upper = key;
      }
      const range: DBCoreKeyRange = { type: RANGE, lower, upper, lowerOpen: false, upperOpen: false };
      return table.query({ trans, values: false, query: { index: primary, range } }).then(({ result }) => {
        const present = new Set(result as string[]);
        const existing = keys.filter((key) => present.has(key as string));
        if (existing.length === 0) return keys.map(() => undefined);
        return table.getMany({ trans, keys: existing }).then((rows) => {
          const byKey = new Map(existing.map((key, i) => [key, rows[i]]));
          return keys.map((key) => byKey.get(key));
        });
      });
    });
}
/** Below this many keys a write reads its old rows one by one (the count would not pay off). */
const BULK_READ_MIN = 50;
/** Listing the table's keys pays off up to this many stored rows per row written. */
const BULK_READ_RATIO = 4;

function tallyMutate(
  core: DBCore,
  table: DBCoreTable,
  definition: TallyDefinition,
  req: DBCoreMutateRequest,
): PromiseLike<DBCoreMutateResponse> {
  const { trans } = req;
  const deltas = new Deltas(table.name, definition);
  if (req.type === 'deleteRange') {
    if (isWholeRange(req.range))
      return table.mutate(req).then((res) => clearCollection(core, trans, table.name).then(() => res));
    const query = { index: table.schema.primaryKey, range: req.range };
    return table.query({ trans, values: true, query }).then(({ result: old }) =>
      table.mutate(req).then((res) => {
        for (const row of old) deltas.add(row, -1);
        return applyDeltas(core, trans, deltas).then(() => res);
      }),
    );
  }
  const extract = table.schema.primaryKey.extractKey;
  const keys: unknown[] =
    req.type === 'delete'
      ? req.keys
      : (req.keys ?? req.values.map((value) => (extract ? extract(value) : undefined)));
  // The rows being replaced or deleted ('add' replaces nothing: it fails on an existing key).
  const known = req.type === 'add' ? [] : keys.filter((key) => key !== undefined && key !== null);
  return readOld(table, trans, known).then((oldRows) => {
    const old = new Map<unknown, unknown>();
    for (const [i, key] of known.entries()) old.set(key, oldRows[i]);
    return table.mutate(req).then((res) => {
      keys.forEach((key, i) => {
        if (res.failures[i]) return; // not written: nothing moved
        if (key !== undefined && key !== null) deltas.add(old.get(key), -1);
        if (req.type !== 'delete') deltas.add(req.values[i], 1);
      });
      return applyDeltas(core, trans, deltas).then(() => res);
    });
  });
}

/**
 * The middleware (registered on the local database with `db.use`). Outermost in Dexie's stack
 * (default level), so its own writes to `tallies` pass through Dexie's change tracking and live
 * queries over the tallies re-run when they change.
 */
export const talliesMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'Tallies',
  create(down) {
    return {
      ...down,
      transaction(stores, mode, options) {
        const scope =
          mode === 'readwrite' && !stores.includes(TALLY_TABLE) && stores.some((s) => s in TALLIES)
            ? [...stores, TALLY_TABLE]
            : stores;
        return down.transaction(scope, mode, options);
      },
      table(name) {
        const table = down.table(name);
        const definition = TALLIES[name];
        if (!definition) return table;
        return {
          ...table,
          mutate: (req) =>
            serialized(req.trans, () =>
              tallyMutate(down, table, definition, req),
            ) as Promise<DBCoreMutateResponse>,
        };
      },
    };
  },
};

/**
 * Makes every tallied collection's counts match its current definition: a collection counted by
 * another version of its definition (or never counted: a new collection, a new database, a
 * database from before the counts were kept) is recounted from its rows, once, in a transaction
 * that also records the version. Run when the database opens, before anything else reads it.
 */
export async function ensureTallies(db: Dexie): Promise<void> {
  for (const [collection, definition] of Object.entries(TALLIES)) {
    if (!db.tables.some((table) => table.name === collection)) continue;
    await db.transaction('rw', [collection, TALLY_TABLE], async (tx) => {
      const tallies = tx.table<TallyRow, string>(TALLY_TABLE);
      if ((await tallies.get(versionKey(collection)))?.count === definition.version) return;
      const deltas = new Deltas(collection, definition);
      await tx.table(collection).each((row: unknown) => deltas.add(row, 1));
      await tallies.where('collection').equals(collection).delete();
      await tallies.bulkPut([
        ...deltas.rows.values(),
        {
          key: versionKey(collection),
          collection: VERSION_COLLECTION,
          dims: {},
          count: definition.version,
          sums: {},
        },
      ]);
    });
  }
}

/** The groups of a collection as a full recount of `rows` would make them (tests compare). */
export function tallyRows(collection: string, rows: Iterable<unknown>): TallyRow[] {
  const definition = TALLIES[collection];
  if (!definition) return [];
  const deltas = new Deltas(collection, definition);
  for (const row of rows) deltas.add(row, 1);
  return [...deltas.rows.values()].filter((row) => row.count !== 0);
}
