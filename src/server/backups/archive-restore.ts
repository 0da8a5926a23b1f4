import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { storeOrderWires } from '../orders/orders.repository';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, type ArchiveHeader } from './archive-writer';
import { appliedMigrations, ident, type TableInfo, tenantTables } from './tenant-tables';

/** A restore that is refused (wrong file, tenant exists, newer schema): the message says why. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export interface RestoreResult {
  tenant: string;
  rowCounts: Record<string, number>;
}

/** Rows per INSERT: one statement per 500 rows keeps a 100,000-order tenant to a few hundred. */
const BATCH_ROWS = 500;

/**
 * Restores one tenant archive (archive-writer.ts) into `db`, in ONE transaction: either every row
 * of the tenant is back or nothing is written.
 *
 * Refused (nothing written): not such an archive, a format version this program does not know,
 * an archive made by a newer schema (a migration this database has not applied), a tenant that
 * already exists here, a table or column the archive has and this database lacks, or an archive
 * whose trailer is missing or whose counts disagree with its rows (truncated or damaged file).
 *
 * Rows are inserted parents first, exactly as stored: user triggers of the tenant tables are
 * switched off for the transaction (ALTER TABLE … DISABLE TRIGGER USER; foreign keys stay checked),
 * because the archive already holds what they derive (order counts and statistics, order history)
 * and running them again would count every order twice. That takes a table lock on those tables
 * until the commit: other tenants of a shared database wait for the restore (seconds).
 * Serial sequences move past the restored values; the tenant gets a new sync epoch so every device
 * throws its copy away and pulls the restored data again.
 */
export async function restoreTenantArchive(db: Kysely<Database>, input: Readable): Promise<RestoreResult> {
  const lines = createInterface({ input: input.pipe(createGunzip()), crlfDelay: Number.POSITIVE_INFINITY });
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw new RestoreRefused('Yedek dosyası boş.');
  let header: ArchiveHeader;
  try {
    header = JSON.parse(first.value) as ArchiveHeader;
  } catch {
    throw new RestoreRefused('Bu dosya bir firma yedeği değil (başlık okunamadı).');
  }
  if (header.format !== ARCHIVE_FORMAT) throw new RestoreRefused('Bu dosya bir firma yedeği değil.');
  if (header.version !== ARCHIVE_VERSION) {
    throw new RestoreRefused(
      `Yedek biçimi ${String(header.version)} desteklenmiyor (bu sürüm ${ARCHIVE_VERSION} okur).`,
    );
  }
  return db.transaction().execute(async (trx) => {
    const applied = await appliedMigrations(trx);
    if (header.schema && !applied.has(header.schema)) {
      throw new RestoreRefused(
        `Yedek daha yeni bir sürümle alınmış (${header.schema}); önce uygulamayı güncelleyin.`,
      );
    }
    const existing = await trx
      .selectFrom('tenants')
      .select('id')
      .where('id', '=', header.tenant)
      .executeTakeFirst();
    if (existing) {
      throw new RestoreRefused(
        `"${header.tenant}" firması bu veritabanında zaten var; yedek yalnızca boş bir veritabanına veya henüz olmayan bir firma olarak geri yüklenir.`,
      );
    }
    const target = new Map((await tenantTables(trx)).map((t) => [t.name, t]));
    const plans = new Map<string, { table: TableInfo; columns: string[]; binary: string[] }>();
    for (const t of header.tables) {
      const table = target.get(t.name);
      if (!table) throw new RestoreRefused(`Yedekteki "${t.name}" tablosu bu veritabanında yok.`);
      const writable = new Set(table.columns.filter((c) => !c.generated).map((c) => c.name));
      const missing = t.columns.find((c) => !table.columns.some((tc) => tc.name === c.name));
      if (missing)
        throw new RestoreRefused(`Yedekteki "${t.name}.${missing.name}" sütunu bu veritabanında yok.`);
      plans.set(t.name, {
        table,
        columns: t.columns.map((c) => c.name).filter((c) => writable.has(c)),
        binary: t.columns.filter((c) => c.type === 'bytea').map((c) => c.name),
      });
    }
    const withTriggers = [...plans.values()].filter((p) => p.table.hasTriggers).map((p) => p.table.name);
    for (const name of withTriggers)
      await sql.raw(`ALTER TABLE ${ident(name)} DISABLE TRIGGER USER`).execute(trx);

    const counts: Record<string, number> = {};
    let batch: { table: string; rows: Record<string, unknown>[] } | null = null;
    const flush = async () => {
      if (!batch || batch.rows.length === 0) return;
      const plan = plans.get(batch.table);
      if (!plan) throw new RestoreRefused(`Yedekte başlıkta olmayan tablo: ${batch.table}`);
      await insertBatch(trx, plan.table.name, plan.columns, batch.rows);
      batch = null;
    };
    let trailer: { end: true; row_counts: Record<string, number> } | null = null;
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      if (next.value === '') continue;
      const line = JSON.parse(next.value) as { t?: string; r?: Record<string, unknown>; end?: true };
      if (line.end) {
        trailer = line as { end: true; row_counts: Record<string, number> };
        break;
      }
      if (typeof line.t !== 'string' || !line.r) throw new RestoreRefused('Yedek dosyasında bozuk satır.');
      const plan = plans.get(line.t);
      if (!plan) throw new RestoreRefused(`Yedekte başlıkta olmayan tablo: ${line.t}`);
      const row = line.r;
      for (const column of plan.binary) {
        const value = row[column];
        // json_populate_recordset reads bytea in PostgreSQL's hex form.
        if (typeof value === 'string') row[column] = `\\x${Buffer.from(value, 'base64').toString('hex')}`;
      }
      if (batch && batch.table !== line.t) await flush();
      batch ??= { table: line.t, rows: [] };
      batch.rows.push(row);
      counts[line.t] = (counts[line.t] ?? 0) + 1;
      if (batch.rows.length >= BATCH_ROWS) await flush();
    }
    await flush();
    if (!trailer) throw new RestoreRefused('Yedek dosyası eksik (sonu yok): dosya yarıda kesilmiş olabilir.');
    for (const [name, n] of Object.entries(trailer.row_counts)) {
      if ((counts[name] ?? 0) !== n) {
        throw new RestoreRefused(
          `"${name}" tablosunda ${n} satır beklenirken ${counts[name] ?? 0} satır okundu.`,
        );
      }
    }
    for (const name of withTriggers)
      await sql.raw(`ALTER TABLE ${ident(name)} ENABLE TRIGGER USER`).execute(trx);
    for (const plan of plans.values()) {
      for (const column of plan.table.columns) {
        if (!column.sequence) continue;
        await sql`
          SELECT setval(${column.sequence}::regclass, m)
          FROM (SELECT max(${sql.raw(ident(column.name))}) AS m FROM ${sql.raw(ident(plan.table.name))}) s
          WHERE m IS NOT NULL AND m > (SELECT last_value FROM ${sql.raw(column.sequence)})`.execute(trx);
      }
    }
    // The orders' stored wire texts are derived data, left out of backups: stored anew.
    await storeOrderWires(trx, header.tenant);
    await trx
      .updateTable('tenants')
      .set({ sync_epoch: sql<string>`gen_random_uuid()::text` })
      .where('id', '=', header.tenant)
      .execute();
    return { tenant: header.tenant, rowCounts: counts };
  });
}

async function insertBatch(
  trx: Transaction<Database>,
  table: string,
  columns: string[],
  rows: Record<string, unknown>[],
): Promise<void> {
  const list = sql.raw(columns.map(ident).join(', '));
  await sql`
    INSERT INTO ${sql.raw(ident(table))} (${list}) OVERRIDING SYSTEM VALUE
    SELECT ${list} FROM json_populate_recordset(NULL::${sql.raw(ident(table))}, ${JSON.stringify(rows)}::json)`.execute(
    trx,
  );
}
