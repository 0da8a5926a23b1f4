import { type Expression, type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { OrderScope } from '../../shared/domain/order-status';
import { PREPARED } from '../db/database';
import type { Database } from '../db/schema';
import { scopeCondition, seenCondition } from '../orders/orders.repository';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The database table of a synced collection. Every one carries `tenant_id`, `change_seq` (taken
 * from the tenant's counter, db/change-seq.ts) and `deleted_at` (rows are soft-deleted, so a
 * deletion is a change the feed can carry); a collection each user sees only their own rows of
 * also carries `user_id`.
 */
export type SyncedTableName = Extract<keyof Database, string>;

/**
 * Which of a tenant's rows of a table a caller's feed draws from: every one (undefined), only
 * those whose `column` holds `value` (a user's own notifications, the invoices of a
 * salesperson's own orders), or none (a role the collection is not for).
 */
export type RowFilter =
  | { column: 'user_id' | 'salesperson_id' | 'taken_by'; value: string }
  | 'none'
  | undefined;

function rowCondition(filter: RowFilter): RawBuilder<unknown> {
  if (filter === undefined) return sql``;
  if (filter === 'none') return sql` AND false`;
  return sql` AND ${sql.ref(filter.column)} = ${filter.value}`;
}

/**
 * The change numbers after `after` of a tenant's rows of `table`, oldest first, at most `take`
 * (walks its (tenant_id, change_seq) index) — a branch of the page boundary (`changedPage`).
 * With a `filter`, only the rows it lets through (see RowFilter).
 */
export function changeNumbers(
  table: SyncedTableName,
  tenantId: string,
  after: number,
  take: number,
  filter?: RowFilter,
): RawBuilder<unknown> {
  return sql`(SELECT change_seq FROM ${sql.table(table)} WHERE tenant_id = ${tenantId}${rowCondition(filter)}
    AND change_seq > ${after} ORDER BY change_seq LIMIT ${take})`;
}

/**
 * The newest change number after `after` of a tenant's rows of `table` (with a `filter`: the rows
 * it lets through), or null — a branch of the live channel's catch-up (events.repository.ts).
 */
export function newestChange(
  table: SyncedTableName,
  tenantId: string,
  after: number,
  filter?: RowFilter,
): RawBuilder<number | null> {
  return sql<
    number | null
  >`(SELECT change_seq FROM ${sql.table(table)} WHERE tenant_id = ${tenantId}${rowCondition(filter)}
    AND change_seq > ${after} ORDER BY change_seq DESC LIMIT 1)`;
}

/**
 * The newest change number after `after` of an order the user may see now or could have seen
 * (the same conditions as the sync feed's orders), or null.
 */
export function newestOrderChange(
  tenantId: string,
  scope: OrderScope,
  after: number,
): RawBuilder<number | null> {
  return sql<
    number | null
  >`(SELECT o.change_seq FROM orders o WHERE o.tenant_id = ${tenantId} AND o.change_seq > ${after}
    AND ((o.deleted_at IS NULL AND ${scopeCondition(scope)}) OR ${seenCondition(scope)})
    ORDER BY o.change_seq DESC LIMIT 1)`;
}

/**
 * The rows of `table` whose change_seq is in (after, upTo], oldest first, as a JSON array text of
 * `[id, change_seq, deleted]` — a sub-select of `changedPage` (with a `filter`: the rows it lets
 * through). Their JSON comes from the wire cache or the repository's find…ByIds (sources.ts).
 */
export function changedRowsJson(
  table: SyncedTableName,
  tenantId: string,
  after: number,
  upTo: Expression<number | null>,
  filter?: RowFilter,
): RawBuilder<string> {
  return sql<string>`(SELECT coalesce(json_agg(json_build_array(id, change_seq, deleted_at IS NOT NULL)
        ORDER BY change_seq), '[]')::text
    FROM ${sql.table(table)} WHERE tenant_id = ${tenantId}${rowCondition(filter)}
      AND change_seq > ${after} AND change_seq <= ${upTo})`;
}

/** What a collection adds to a page's statement (sources.ts builds these for the caller). */
export interface PageSource {
  name: string;
  /** Its branch of the boundary: change numbers after the cursor, at most `take` (see changeNumbers). */
  numbers: (take: number) => RawBuilder<unknown>;
  /** Its changed rows with cursor < change_seq <= the boundary, as one JSON text. */
  changed: (upTo: Expression<number | null>) => RawBuilder<string>;
}

/** The raw page of a pull: the boundary and each collection's changed rows as a JSON text. */
export interface ChangedPageTexts {
  boundary: number | null;
  hasMore: boolean;
  texts: Record<string, string>;
}

/**
 * A pull's page in ONE statement (one snapshot, one round trip, no transaction):
 *
 * 1. `page` — the boundary B: over the change numbers after `cursor` of every collection the
 *    caller's feed draws from (each source's branch, e.g. only the user's own notifications), the
 *    `limit`-th smallest (or the largest, when there are fewer), and the largest seen, which tells
 *    whether more exists. Each branch walks its (tenant_id, change_seq) index for at most
 *    limit + 1 numbers; the database, not JavaScript, picks B.
 * 2. every changed row with cursor < change_seq <= B, each collection as ONE JSON array text
 *    (the sources' sub-selects). Rows sharing B all come along (a page never splits one number).
 *    B is null when nothing changed after the cursor, and every text is then '[]'.
 *
 * Why one statement: on PGlite each statement costs a fixed ~0.5 ms and every field of every
 * result row is decoded one by one in JavaScript; the former page (a boundary probe, BEGIN, the
 * boundary, four SELECTs, COMMIT) spent most of its ~20 ms on that. On PostgreSQL it saves seven
 * round trips, and it is a named prepared statement (database.ts PREPARED), planned once per
 * connection. A single statement is its own snapshot, so it needs no repeatable-read transaction.
 */
export async function changedPage(
  db: Executor,
  sources: readonly PageSource[],
  limit: number,
): Promise<ChangedPageTexts> {
  const take = limit + 1;
  const upTo = sql<number | null>`page.boundary`;
  const branches = sql.join(
    sources.map((s) => s.numbers(take)),
    sql` UNION ALL `,
  );
  const columns = sql.join(sources.map((s) => sql`${s.changed(upTo)} AS ${sql.id(s.name)}`));
  const result = await sql<Record<string, number | string | null>>`${sql.raw(PREPARED)}
    WITH numbered AS (
      SELECT change_seq, row_number() OVER (ORDER BY change_seq) AS n FROM (${branches}) changes),
    page AS (SELECT max(change_seq) FILTER (WHERE n <= ${limit}) AS boundary, max(change_seq) AS last FROM numbered)
    SELECT page.boundary, page.last, ${columns}
    FROM page`.execute(db);
  const row = result.rows[0];
  const texts: Record<string, string> = {};
  for (const s of sources) texts[s.name] = row?.boundary == null ? '[]' : String(row[s.name] ?? '[]');
  if (!row || row.boundary == null) return { boundary: null, hasMore: false, texts };
  const boundary = Number(row.boundary);
  return { boundary, hasMore: Number(row.last) > boundary, texts };
}

/**
 * Runs `fn` in ONE repeatable-read snapshot. The pull must see every collection as of the same
 * instant: with read committed, the orders query could miss a transaction that commits just before
 * the notifications query sees it, and the cursor would then move past the order's change.
 */
export function inSnapshot<T>(
  db: Kysely<Database>,
  fn: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(fn);
}

/** The tenant's change counter as committed (db/change-seq.ts): it moves with every synced change. */
export async function changeCounter(db: Executor, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('tenant_counters')
    .select('change_seq')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(row?.change_seq ?? 0);
}
