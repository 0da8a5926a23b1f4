import { createHash, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  IMPORT_MESSAGES,
  type ImportAction,
  type ImportReport,
  type ImportRow,
  type ImportSummary,
} from '../../../shared/api/product-import';
import { DEFAULT_KDV_RATE } from '../../../shared/domain/invoice';
import { kurusToDecimal, toKurus } from '../../../shared/domain/money';
import { type ImportField, mapHeaders } from '../../../shared/domain/product-import';
import { bumpChangeSeq } from '../../db/change-seq';
import type { Database } from '../../db/schema';
import { yieldToArrivals } from '../../lib/arrivals';
import { AppError, notFound } from '../../lib/errors';
import * as repo from './import.repository';
import { ImportFileError } from './import-errors';
import { parseFileInWorker } from './parse-file';
import type { Table } from './read-table';
import { type ImportValues, type ValidatedRow, validateRow, WIRE_FIELD } from './row-validator';

/**
 * Bulk product import: preview, then confirm.
 *
 * PREVIEW reads the file in a worker thread, validates every row with the product API's rules
 * (in chunks of 500 rows, yielding to the event loop between chunks so other users' requests are
 * served meanwhile), matches rows to live products by product code, and stores the outcome of
 * every row under a new import id. It writes nothing to the catalogue.
 *
 * CONFIRM applies the create and update rows all or nothing: either every valid row lands or none
 * does. Rows with errors are not imported — they are reported and downloadable as refused.xlsx to
 * fix and upload again (the preview showed them; the user confirmed the rest). It is refused (409)
 * when a product the applied rows touch changed since the preview (the fingerprint: each code's
 * product and change number, and each barcode's holder — of the rows without errors, the same list
 * at preview and at confirmation). Stock from the file becomes 'import' movements of the stock
 * ledger (new stock − current stock). Categories and brands the catalogue does not know yet are
 * added to the tenant's lists (the preview lists them as new). An applied import answers its
 * stored report again and applies nothing twice.
 *
 * The confirmation runs in two steps, so that it never holds the database for the whole file (the
 * embedded database has ONE connection: a transaction there makes every other request wait):
 *  1. `stage` (outside any transaction): checks the fingerprint against the catalogue, computes
 *     every applied row's product as it will be, and writes those rows to a staging table in
 *     chunks of STAGE_CHUNK rows — one short statement each, yielding between them, so other
 *     users' requests run in between. Staged rows are read by nothing but step 2.
 *  2. `confirm` (the caller's one transaction): locks the products, checks that the catalogue
 *     is still as staged (else 409), and makes the staged rows live with INSERT … SELECT and
 *     UPDATE … FROM, then their stock movements with INSERT … SELECT (import.repository.ts
 *     `insertMovements`) — each a statement per APPLY_CHUNK staged rows: on the embedded database
 *     the transaction lets other users' reads of the tables it does not write run between them
 *     (`CONFIRMATION_WRITES`, db/pglite-lending.ts). A failure or
 *     a crash anywhere leaves the catalogue as it was; the staged rows of an attempt are deleted
 *     when it ends (`unstage`), and those of an attempt that never ended by `purgeStaging`.
 * On PostgreSQL the same two steps run; other requests' reads go on in parallel throughout.
 */

/**
 * Every table the confirmation's transaction writes (with the request's idempotency record and
 * audit entry): other users' reads let in between its statements on the embedded database may not
 * read them (db/pglite-lending.ts; the lending stops should the transaction write any other).
 */
export const CONFIRMATION_WRITES = [
  'products',
  'stock_movements',
  'product_categories',
  'product_brands',
  'product_imports',
  'product_import_staging',
  'tenant_counters',
  'idempotency_keys',
  'audit_logs',
] as const;

const VALIDATE_CHUNK = 500;
/** Rows per staging statement: a few tens of milliseconds each on the embedded database. */
const STAGE_CHUNK = 500;
/**
 * Staged rows per statement of the confirmation's transaction: ~30–50 ms each on the embedded
 * database, between which other users' reads run (db/pglite-lending.ts).
 */
const APPLY_CHUNK = 1_000;
/** Rows per clean-up statement. */
const DELETE_CHUNK = 2_000;
/**
 * Staged rows older than this belong to no attempt under way (an attempt stages in seconds and
 * ends within a minute): the next confirmation of the tenant deletes them.
 */
const STALE_STAGING_MS = 3600_000;

/** What the preview stores per row: what is shown, plus what the confirmation applies. */
export interface StoredRow extends ImportRow {
  values: ImportValues;
  product_id: string | null;
  /** Error rows: the row's cells as text, in the file's column order (for refused.xlsx). */
  cells?: string[];
}

/** Progress of running confirmations in this process (import id → rows written / rows to write). */
const progress = new Map<string, { done: number; total: number }>();
export function importProgress(id: string): { done: number; total: number } | null {
  return progress.get(id) ?? null;
}

/** One name whatever its case and spacing, by the Turkish rules ('ELEKTRONİK' is 'Elektronik'). */
export const fold = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('tr-TR');

function fingerprintOf(
  codes: readonly string[],
  existing: readonly repo.ExistingProduct[],
  barcodes: readonly string[],
  holders: readonly { id: string; barcode: string | null }[],
): string {
  const byCode = new Map(existing.map((p) => [p.product_code, `${p.id}:${Number(p.change_seq)}`]));
  const byBarcode = new Map(holders.map((h) => [h.barcode, h.id]));
  const hash = createHash('sha256');
  for (const code of [...codes].sort()) hash.update(`c\u0000${code}\u0000${byCode.get(code) ?? '-'}\n`);
  for (const barcode of [...barcodes].sort())
    hash.update(`b\u0000${barcode}\u0000${byBarcode.get(barcode) ?? '-'}\n`);
  return hash.digest('hex');
}

/**
 * What the fingerprint covers: the product codes and barcodes of the rows the confirmation
 * applies (create, update, unchanged) — taken from the STORED rows, so the preview and the
 * confirmation compute it from the same list. A refused row is not imported, so the products it
 * names are none of the confirmation's business (and its cells may not even have been read: an
 * over-long cell leaves the row without values).
 */
function fingerprintKeys(rows: readonly StoredRow[]): { codes: string[]; barcodes: string[] } {
  const applied = rows.filter((r) => r.action !== 'error');
  return {
    codes: [...new Set(applied.map((r) => r.product_code).filter((c) => c !== ''))],
    barcodes: [
      ...new Set(applied.map((r) => r.values.barcode).filter((b): b is string => typeof b === 'string')),
    ],
  };
}

/** The current values of a product in the import's terms (prices in kuruş). */
function currentValues(p: repo.ExistingProduct): Required<ImportValues> {
  return {
    name: p.name,
    product_code: p.product_code,
    description: p.description,
    selling_price_kurus: toKurus(p.selling_price),
    category: p.category,
    brand: p.brand,
    barcode: p.barcode,
    vat_rate: p.vat_rate,
    min_stock: p.min_stock,
    current_stock: p.current_stock,
  };
}

const IMPORT_FIELD_OF = Object.fromEntries(Object.entries(WIRE_FIELD).map(([f, w]) => [w, f])) as Record<
  keyof ImportValues,
  ImportField
>;

function toSummary(record: repo.ImportRecord): ImportSummary {
  const expires = new Date(record.created_at.getTime() + repo.PREVIEW_TTL_MS);
  return {
    import_id: record.id,
    file_name: record.file_name,
    status: record.status === 'applied' ? 'applied' : expires.getTime() < Date.now() ? 'expired' : 'preview',
    kind: record.kind as 'xlsx' | 'csv',
    encoding: record.encoding,
    separator: record.separator,
    columns: record.columns as ImportSummary['columns'],
    counts: record.counts as ImportSummary['counts'],
    new_categories: record.new_categories,
    new_brands: record.new_brands,
    fingerprint: record.fingerprint,
    created_at: record.created_at.toISOString(),
    expires_at: expires.toISOString(),
    report: (record.report as ImportReport | null) ?? null,
  };
}

/** Reads, validates and stores the preview of one file. */
export async function preview(
  db: Kysely<Database>,
  tenantId: string,
  userId: string,
  file: { name: string; bytes: Buffer },
  read: (bytes: Buffer) => Promise<Table> = parseFileInWorker,
): Promise<ImportSummary> {
  const table = await read(file.bytes);
  const mapping = mapHeaders(table.header);
  if (mapping.duplicated.length > 0)
    throw new ImportFileError('DUPLICATE_COLUMN', {
      columns: mapping.columns
        .filter((c) => c.field && mapping.duplicated.includes(c.field))
        .map((c) => c.header)
        .join(', '),
    });
  // Not one column we know: whatever it is, it is not a product list (a text file named .xlsx).
  if (Object.keys(mapping.fields).length === 0) throw new ImportFileError('NOT_SPREADSHEET');
  const codeIndex = mapping.fields.product_code;
  if (codeIndex === undefined) throw new ImportFileError('NO_CODE_COLUMN');

  const codeOf = (cells: Table['rows'][number]['cells']) => {
    const cell = cells[codeIndex];
    return (cell === null || cell === undefined ? '' : typeof cell === 'string' ? cell : cell.n).trim();
  };
  const codes = [...new Set(table.rows.map((r) => codeOf(r.cells)).filter((c) => c !== ''))];
  const existing = await repo.productsByCodes(db, tenantId, codes);
  const byCode = new Map(existing.map((p) => [p.product_code, p]));

  const validated: ValidatedRow[] = [];
  for (let i = 0; i < table.rows.length; i += VALIDATE_CHUNK) {
    for (const row of table.rows.slice(i, i + VALIDATE_CHUNK))
      validated.push(validateRow(mapping, row, (code) => !byCode.has(code)));
    await yieldToArrivals();
  }

  const barcodes = [
    ...new Set(validated.map((r) => r.values.barcode).filter((b): b is string => typeof b === 'string')),
  ];
  const holders = await repo.productsByBarcodes(db, tenantId, barcodes);
  const holderOf = new Map(holders.map((h) => [h.barcode, h.product_code]));
  // Known names: the tenant's list, and any name a product already carries.
  const known = async (table: 'product_categories' | 'product_brands', column: 'category' | 'brand') =>
    new Map(
      [...(await repo.usedNames(db, tenantId, column)), ...(await repo.listNames(db, tenantId, table))].map(
        (n) => [fold(n), n],
      ),
    );
  const knownCategories = await known('product_categories', 'category');
  const knownBrands = await known('product_brands', 'brand');

  // Codes and barcodes that appear on more than one row of the file: every such row is an error.
  const count = (values: (string | null | undefined)[]) => {
    const seen = new Map<string, number[]>();
    values.forEach((v, i) => {
      if (v) seen.set(v, [...(seen.get(v) ?? []), i]);
    });
    return seen;
  };
  const codeRows = count(validated.map((r) => r.values.product_code));
  const barcodeRows = count(validated.map((r) => r.values.barcode));
  const column = (field: ImportField) => {
    const index = mapping.fields[field];
    return index === undefined ? field : (mapping.columns[index]?.header ?? field);
  };

  const newCategories = new Map<string, string>();
  const newBrands = new Map<string, string>();
  const rows: StoredRow[] = [];
  const counts = { total: validated.length, create: 0, update: 0, unchanged: 0, error: 0 };
  for (const [index, v] of validated.entries()) {
    const code = v.values.product_code ?? '';
    const errors = [...v.errors];
    const sameCode = codeRows.get(code) ?? [];
    if (code && sameCode.length > 1)
      errors.push({
        column: column('product_code'),
        field: 'product_code',
        message: `Ürün kodu dosyada birden fazla satırda var (satır ${sameCode.map((i) => validated[i]?.row).join(', ')})`,
      });
    const barcode = v.values.barcode;
    if (barcode) {
      const sameBarcode = barcodeRows.get(barcode) ?? [];
      if (sameBarcode.length > 1)
        errors.push({
          column: column('barcode'),
          field: 'barcode',
          message: `Barkod dosyada birden fazla satırda var (satır ${sameBarcode.map((i) => validated[i]?.row).join(', ')})`,
        });
      const holder = holderOf.get(barcode);
      if (holder !== undefined && holder !== code)
        errors.push({
          column: column('barcode'),
          field: 'barcode',
          message: `Bu barkod zaten kullanılıyor (ürün kodu ${holder})`,
        });
    }
    // Category and brand names take the spelling the tenant's list already has ('elektronik' → 'Elektronik').
    for (const [key, known, added] of [
      ['category', knownCategories, newCategories],
      ['brand', knownBrands, newBrands],
    ] as const) {
      const name = v.values[key];
      if (!name) continue;
      const spelled = known.get(fold(name)) ?? added.get(fold(name));
      if (spelled) v.values[key] = spelled;
      else if (errors.length === 0) added.set(fold(name), name);
    }
    const current = byCode.get(code);
    let action: ImportAction;
    let changes: ImportRow['changes'] = [];
    if (errors.length > 0) action = 'error';
    else if (!current) {
      action = 'create';
      changes = (Object.entries(v.values) as [keyof ImportValues, ImportValues[keyof ImportValues]][]).map(
        ([key, value]) => ({ field: IMPORT_FIELD_OF[key], old: null, new: value ?? null }),
      );
    } else {
      const now = currentValues(current);
      changes = (Object.entries(v.values) as [keyof ImportValues, ImportValues[keyof ImportValues]][])
        .filter(([key, value]) => key !== 'product_code' && value !== undefined && value !== now[key])
        .map(([key, value]) => ({ field: IMPORT_FIELD_OF[key], old: now[key] ?? null, new: value ?? null }));
      action = changes.length > 0 ? 'update' : 'unchanged';
    }
    counts[action]++;
    rows.push({
      row: v.row,
      action,
      product_code: code,
      name: v.values.name ?? current?.name ?? '',
      changes,
      errors,
      values: action === 'error' ? {} : v.values,
      product_id: current?.id ?? null,
      ...(action === 'error'
        ? {
            cells: (table.rows[index]?.cells ?? []).map((c) =>
              c === null ? '' : typeof c === 'string' ? c : c.n,
            ),
          }
        : {}),
    });
  }

  const id = randomUUID();
  // `existing` and `holders` were read for every row; the fingerprint takes the applied rows' only.
  const keys = fingerprintKeys(rows);
  const fingerprint = fingerprintOf(keys.codes, existing, keys.barcodes, holders);
  const record = {
    tenant_id: tenantId,
    id,
    user_id: userId,
    // The name is the client's text: control characters (a NUL cannot be stored) are dropped.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is exactly these characters
    file_name: file.name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || 'dosya',
    kind: table.kind,
    encoding: table.encoding ?? null,
    separator: table.separator ?? null,
    columns: mapping.columns.map((c) => ({ header: c.header, field: c.field })),
    rows,
    counts,
    new_categories: [...newCategories.values()],
    new_brands: [...newBrands.values()],
    fingerprint,
  };
  await repo.purgeExpiredPreviews(db, tenantId, new Date());
  await repo.insertImport(db, record);
  const stored = await repo.findImport(db, tenantId, id);
  if (!stored) throw notFound(IMPORT_MESSAGES.notFound);
  return toSummary(stored);
}

export async function summary(db: Kysely<Database>, tenantId: string, id: string): Promise<ImportSummary> {
  const record = await repo.findImport(db, tenantId, id);
  if (!record) throw notFound(IMPORT_MESSAGES.notFound);
  return toSummary(record);
}

/** The stored rows of an import (all, or one action's), paged. */
export async function rows(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
  query: { action?: ImportAction; page: number; limit: number },
): Promise<{ rows: ImportRow[]; total: number; page: number; limit: number }> {
  const stored = (await repo.importRows(db, tenantId, id)) as StoredRow[] | undefined;
  if (!stored) throw notFound(IMPORT_MESSAGES.notFound);
  const matching = query.action ? stored.filter((r) => r.action === query.action) : stored;
  const start = (query.page - 1) * query.limit;
  return {
    rows: matching
      .slice(start, start + query.limit)
      .map(({ values: _v, product_id: _p, cells: _c, ...row }) => row),
    total: matching.length,
    page: query.page,
    limit: query.limit,
  };
}

/** The refused rows of an import (for refused.xlsx), with the file's columns. */
export async function refusedRows(
  db: Kysely<Database>,
  tenantId: string,
  id: string,
): Promise<{ file_name: string; columns: ImportSummary['columns']; rows: StoredRow[] }> {
  const record = await repo.findImport(db, tenantId, id);
  const stored = (await repo.importRows(db, tenantId, id)) as StoredRow[] | undefined;
  if (!record || !stored) throw notFound(IMPORT_MESSAGES.notFound);
  return {
    file_name: record.file_name,
    columns: record.columns as ImportSummary['columns'],
    rows: stored.filter((r) => r.action === 'error'),
  };
}

export const conflict = () => new AppError(409, 'CONFLICT', IMPORT_MESSAGES.catalogueChanged);

/** A confirmation attempt's staged rows. */
/** A file this large gets fresh table statistics once staged, before its confirmation is planned. */
const LARGE_FILE_ROWS = 1_000;

export interface StagedRun {
  runId: string;
  /** The stored rows' count: every staged `ord` is below it. */
  rows: number;
}

/**
 * Step 1 of a confirmation (see the top of this file), outside any transaction: the same answers
 * as the confirmation for an unknown or expired import (404) and a changed catalogue (409), no
 * run for an applied import (the confirmation answers its report), else the staged run.
 */
export async function stage(
  db: Kysely<Database> | Transaction<Database>,
  tenantId: string,
  id: string,
  expectedFingerprint: string,
): Promise<StagedRun | null> {
  const record = await repo.findImport(db, tenantId, id);
  if (!record) throw notFound(IMPORT_MESSAGES.notFound);
  if (record.status === 'applied') return null;
  if (record.created_at.getTime() + repo.PREVIEW_TTL_MS < Date.now())
    throw notFound(IMPORT_MESSAGES.notFound);
  if (record.fingerprint !== expectedFingerprint) throw conflict();
  await purgeStaging(db, staleStagingBefore(), tenantId);
  // Outside a transaction, each step below yields to the event loop before the next: the embedded
  // database runs on this thread, so a step's statement and the work on its rows hold every other
  // request; between steps, requests that arrived meanwhile get their turn.
  const pause = () => (db.isTransaction ? Promise.resolve() : yieldToArrivals());
  const stored = ((await repo.importRows(db, tenantId, id)) ?? []) as StoredRow[];
  await pause();

  // The products as they are now must be as the preview saw them: then what is staged below
  // (their ids, change numbers, stock, current values) is what the preview showed.
  const { codes, barcodes } = fingerprintKeys(stored);
  const existing = await repo.productsByCodes(db, tenantId, codes);
  await pause();
  const holders = await repo.productsByBarcodes(db, tenantId, barcodes);
  await pause();
  if (fingerprintOf(codes, existing, barcodes, holders) !== record.fingerprint) throw conflict();
  await pause();
  const byCode = new Map(existing.map((p) => [p.product_code, p]));
  const holderOf = new Map(holders.map((h) => [h.barcode, h.id]));

  const runId = randomUUID();
  const run: StagedRun = { runId, rows: stored.length };
  const creates = stored.filter((r) => r.action === 'create').length;
  let createOrd = 0;
  let updateOrd = creates;
  const staged: repo.StagedRow[] = [];
  for (const [ord, r] of stored.entries()) {
    if (ord > 0 && ord % STAGE_CHUNK === 0) await pause();
    if (r.action === 'error') continue;
    const v = r.values;
    const current = byCode.get(r.product_code);
    const seen = {
      tenant_id: tenantId,
      run_id: runId,
      ord,
      import_id: id,
      product_code: r.product_code,
      seen_id: current?.id ?? null,
      seen_seq: current ? Number(current.change_seq) : null,
      seen_stock: current?.current_stock ?? null,
      check_barcode: v.barcode ?? null,
      seen_holder: v.barcode ? (holderOf.get(v.barcode) ?? null) : null,
    };
    const none = {
      apply_ord: null,
      name: null,
      barcode: null,
      description: null,
      category: null,
      brand: null,
      selling_price: null,
      vat_rate: null,
      min_stock: null,
      stock: null,
    };
    if (r.action === 'create') {
      staged.push({
        ...seen,
        action: 'create',
        product_id: randomUUID(),
        apply_ord: createOrd++,
        name: v.name ?? '',
        barcode: v.barcode ?? null,
        description: v.description ?? null,
        category: v.category ?? null,
        brand: v.brand ?? null,
        selling_price: kurusToDecimal(v.selling_price_kurus ?? 0),
        vat_rate: v.vat_rate ?? DEFAULT_KDV_RATE,
        min_stock: v.min_stock ?? 0,
        stock: v.current_stock ?? null,
      });
    } else if (!current) {
      throw conflict();
    } else if (r.action === 'update') {
      const after = { ...currentValues(current), ...v };
      staged.push({
        ...seen,
        action: 'update',
        product_id: current.id,
        apply_ord: updateOrd++,
        name: after.name,
        barcode: after.barcode,
        description: after.description,
        category: after.category,
        brand: after.brand,
        selling_price: kurusToDecimal(after.selling_price_kurus),
        vat_rate: after.vat_rate,
        min_stock: after.min_stock,
        stock: v.current_stock ?? null,
      });
    } else {
      staged.push({ ...seen, ...none, action: 'unchanged', product_id: current.id });
    }
  }

  progress.set(id, { done: 0, total: updateOrd });
  try {
    for (let i = 0; i < staged.length; i += STAGE_CHUNK) {
      const chunk = staged.slice(i, i + STAGE_CHUNK);
      await repo.insertStaged(db, chunk);
      const p = progress.get(id);
      if (p) p.done += chunk.filter((r) => r.action !== 'unchanged').length;
      await yieldToArrivals();
    }
    // Its own short step, not inside the confirmation's transaction (see refreshStatistics).
    if (staged.length >= LARGE_FILE_ROWS) await repo.refreshStatistics(db);
    // The confirmation's transaction comes next: requests that waited for the ANALYZE go first.
    await pause();
  } catch (error) {
    await unstage(db, tenantId, id, run).catch(() => undefined);
    throw error;
  }
  return run;
}

/** Rows staged before this moment belong to no attempt under way. */
export const staleStagingBefore = () => new Date(Date.now() - STALE_STAGING_MS);

/** Ends an attempt: deletes its staged rows (in short statements) and its progress. */
export async function unstage(
  db: Kysely<Database> | Transaction<Database>,
  tenantId: string,
  id: string,
  run: StagedRun,
): Promise<void> {
  progress.delete(id);
  for (let from = 0; from < run.rows; from += DELETE_CHUNK)
    await repo.deleteStaged(db, tenantId, run.runId, from, from + DELETE_CHUNK);
}

/**
 * Deletes the rows staged before `before` (of one tenant, or of all): those of attempts that
 * never ended — the process died mid-way. Nothing reads them, so until then they only take room.
 * On the embedded database the server calls it at start for everything (no attempt can be under
 * way in another process); each staging step calls it for its tenant's stale rows.
 */
export async function purgeStaging(
  db: Kysely<Database> | Transaction<Database>,
  before: Date,
  tenantId?: string,
): Promise<void> {
  while ((await repo.deleteStaleStaged(db, before, DELETE_CHUNK, tenantId)) === DELETE_CHUNK)
    await yieldToArrivals();
}

/**
 * Step 2 of a confirmation, inside the caller's transaction: makes the run's staged rows live
 * (see the top of this file).
 */
export async function confirm(
  trx: Transaction<Database>,
  tenantId: string,
  userId: string,
  id: string,
  expectedFingerprint: string,
  run: StagedRun | null,
): Promise<{ report: ImportReport; changed: boolean }> {
  const record = await repo.lockImport(trx, tenantId, id);
  if (!record) throw notFound(IMPORT_MESSAGES.notFound);
  if (record.status === 'applied') return { report: record.report as ImportReport, changed: false };
  if (record.created_at.getTime() + repo.PREVIEW_TTL_MS < Date.now())
    throw notFound(IMPORT_MESSAGES.notFound);
  if (record.fingerprint !== expectedFingerprint) throw conflict();
  // Applied by another attempt between its staging and now, then the preview again: cannot be.
  if (!run) throw new Error('import confirmation without staged rows');
  const counts = record.counts as ImportSummary['counts'];

  try {
    await repo.planStatementsAfresh(trx);
    const slices: repo.OrdRange[] = [];
    for (let from = 0; from < run.rows; from += APPLY_CHUNK) slices.push({ from, to: from + APPLY_CHUNK });
    let after: string | null = null;
    do after = await repo.lockStagedProducts(trx, tenantId, run.runId, after, APPLY_CHUNK);
    while (after !== null);
    const check = { staged: 0, changed: 0 };
    for (const slice of slices) {
      const part = await repo.checkStaged(trx, tenantId, run.runId, slice);
      check.staged += part.staged;
      check.changed += part.changed;
    }
    // Every applied row staged (none lost to a clean-up), and the catalogue still as staged.
    if (check.staged !== counts.create + counts.update + counts.unchanged)
      throw new Error(`import ${id}: ${check.staged} rows staged of ${counts.total - counts.error}`);
    if (check.changed > 0) throw conflict();

    await repo.addNames(trx, tenantId, 'product_categories', record.new_categories);
    await repo.addNames(trx, tenantId, 'product_brands', record.new_brands);
    const total = counts.create + counts.update;
    const at = new Date();
    const apply = {
      tenantId,
      runId: run.runId,
      userId,
      firstSeq: total > 0 ? (await bumpChangeSeq(trx, tenantId, total)) - total + 1 : 0,
      at,
      notes: `import ${id}`,
    };
    // The written products are announced once, with the block's last number (migration 0043).
    if (total > 0) await repo.silenceRowAnnouncements(trx);
    // Every new product before any update, as in one statement each (a create never finds its
    // barcode freed by an update of the same file: the preview judged the rows that way).
    let created = 0;
    let updated = 0;
    let movements = 0;
    if (counts.create > 0) for (const slice of slices) created += await repo.applyCreates(trx, apply, slice);
    if (counts.update > 0) for (const slice of slices) updated += await repo.applyUpdates(trx, apply, slice);
    if (total > 0) await repo.announceCatalogue(trx, tenantId, apply.firstSeq + total - 1);
    // An update finds its product at another change number: it changed after the check (a writer
    // of another process committed in between, on PostgreSQL).
    if (created !== counts.create || updated !== counts.update) throw conflict();
    if (total > 0) for (const slice of slices) movements += await repo.insertMovements(trx, apply, slice);
    const report: ImportReport = {
      created,
      updated,
      unchanged: counts.unchanged,
      refused: counts.error,
      stock_movements: movements,
      new_categories: record.new_categories,
      new_brands: record.new_brands,
      applied_at: at.toISOString(),
    };
    await repo.markApplied(trx, tenantId, id, report, at);
    const p = progress.get(id);
    if (p) p.done = p.total;
    return { report, changed: true };
  } catch (error) {
    // A unique code or barcode taken by a write that landed after our checks: the catalogue changed.
    if ((error as { code?: string }).code === '23505') throw conflict();
    throw error;
  }
}
