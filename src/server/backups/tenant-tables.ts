import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * What a tenant backup holds, read from the database's own catalogue at run time: the `tenants`
 * table and every table of the public schema with a `tenant_id` column. A table added by a later
 * migration is therefore in the next backup without anyone remembering to list it.
 * Excluded: `tenant_backups` (it describes files on this server, not the tenant's data),
 * `product_import_staging` (rows of an import confirmation under way, not yet the tenant's data)
 * and `order_wires` (each order's JSON text, derived from the orders: a restore stores it anew).
 */
export const NOT_BACKED_UP = new Set(['tenant_backups', 'product_import_staging', 'order_wires']);

export interface ColumnInfo {
  name: string;
  /** udt_name: 'uuid', 'text', 'int8', 'numeric', 'bytea', '_text' (text[]), 'jsonb', … */
  type: string;
  /** GENERATED ALWAYS columns are computed from the others: never written, never restored. */
  generated: boolean;
  /** The sequence behind a serial column (restore moves it past the restored values). */
  sequence: string | null;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  /** Primary key columns in key order (the export reads in this order, in bounded chunks). */
  key: string[];
  /** Tables this one references by foreign key (restored first). */
  parents: string[];
  /** Whether it has user (non-constraint) triggers, which a restore switches off. */
  hasTriggers: boolean;
}

/** Quotes an identifier read from the catalogue (they are plain names, quoted all the same). */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every tenant table, parents before children (the order a restore must insert them in). */
export async function tenantTables(db: Executor): Promise<TableInfo[]> {
  const columns = await sql<{
    table_name: string;
    column_name: string;
    udt_name: string;
    is_generated: string;
    sequence: string | null;
  }>`
    SELECT c.table_name, c.column_name, c.udt_name, c.is_generated,
           pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) AS sequence
    FROM information_schema.columns c
    JOIN information_schema.tables t
      ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema = 'public'
      AND (c.table_name = 'tenants' OR c.table_name IN (
        SELECT table_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name = 'tenant_id'))
    ORDER BY c.table_name, c.ordinal_position`.execute(db);
  const keys = await sql<{ table_name: string; column_name: string }>`
    SELECT cl.relname AS table_name, a.attname AS column_name
    FROM pg_constraint k
    JOIN pg_class cl ON cl.oid = k.conrelid
    JOIN pg_namespace n ON n.oid = cl.relnamespace AND n.nspname = 'public'
    CROSS JOIN LATERAL unnest(k.conkey) WITH ORDINALITY AS u(attnum, pos)
    JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.attnum
    WHERE k.contype = 'p'
    ORDER BY cl.relname, u.pos`.execute(db);
  const parents = await sql<{ table_name: string; parent: string }>`
    SELECT DISTINCT cl.relname AS table_name, pcl.relname AS parent
    FROM pg_constraint k
    JOIN pg_class cl ON cl.oid = k.conrelid
    JOIN pg_class pcl ON pcl.oid = k.confrelid
    JOIN pg_namespace n ON n.oid = cl.relnamespace AND n.nspname = 'public'
    WHERE k.contype = 'f' AND k.conrelid <> k.confrelid`.execute(db);
  const triggers = await sql<{ table_name: string }>`
    SELECT DISTINCT cl.relname AS table_name
    FROM pg_trigger tg
    JOIN pg_class cl ON cl.oid = tg.tgrelid
    JOIN pg_namespace n ON n.oid = cl.relnamespace AND n.nspname = 'public'
    WHERE NOT tg.tgisinternal`.execute(db);

  const tables = new Map<string, TableInfo>();
  for (const c of columns.rows) {
    if (NOT_BACKED_UP.has(c.table_name)) continue;
    let table = tables.get(c.table_name);
    if (!table) {
      table = { name: c.table_name, columns: [], key: [], parents: [], hasTriggers: false };
      tables.set(c.table_name, table);
    }
    table.columns.push({
      name: c.column_name,
      type: c.udt_name,
      generated: c.is_generated !== 'NEVER',
      sequence: c.sequence,
    });
  }
  for (const k of keys.rows) tables.get(k.table_name)?.key.push(k.column_name);
  for (const p of parents.rows) {
    if (tables.has(p.parent)) tables.get(p.table_name)?.parents.push(p.parent);
  }
  for (const t of triggers.rows) {
    const table = tables.get(t.table_name);
    if (table) table.hasTriggers = true;
  }
  for (const table of tables.values()) {
    // A table without a primary key is still read whole, in a stable order of all its columns.
    if (table.key.length === 0) table.key = table.columns.filter((c) => !c.generated).map((c) => c.name);
  }
  return topological([...tables.values()]);
}

/** Parents first; ties by name, so the order (and so the archive) is the same every time. */
function topological(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const out: TableInfo[] = [];
  const visit = (table: TableInfo) => {
    if (done.has(table.name)) return;
    if (visiting.has(table.name)) throw new Error(`foreign key cycle through ${table.name}`);
    visiting.add(table.name);
    for (const parent of [...table.parents].sort()) {
      const p = byName.get(parent);
      if (p) visit(p);
    }
    visiting.delete(table.name);
    done.add(table.name);
    out.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(table);
  return out;
}

/** The latest applied migration: a backup records it; a restore refuses a newer one. */
export async function latestMigration(db: Executor): Promise<string | null> {
  const result = await sql<{ name: string }>`
    SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db);
  return result.rows[0]?.name ?? null;
}

export async function appliedMigrations(db: Executor): Promise<Set<string>> {
  const result = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
  return new Set(result.rows.map((r) => r.name));
}
