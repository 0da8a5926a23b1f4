import { z } from 'zod';
import { IMPORT_FIELDS } from '../domain/product-import';

/**
 * Contracts of the bulk product import (admin):
 * - POST /products/import/preview (multipart, one `file`): reads the file, validates every row and
 *   stores the preview under an import id — nothing is written to the catalogue;
 * - GET /products/import/{id}: the preview's summary (and the report once applied);
 * - GET /products/import/{id}/rows?action&page&limit: the preview's rows, paged and filtered;
 * - POST /products/import/{id}/confirm { expected_fingerprint }: applies the valid rows in ONE
 *   transaction — refused 409 when a product the file touches changed since the preview; a second
 *   confirm of an applied import answers its report and applies nothing;
 * - GET /products/import/{id}/refused.xlsx, /products/import/template.xlsx and template.csv.
 */

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

const importField = z.enum(IMPORT_FIELDS);

/** A value shown in the preview: text, a whole number (prices in kuruş) or nothing. */
const shownValue = z.union([z.string(), z.number(), z.null()]);

export const importRowSchema = z.object({
  /** The row's number in the file (the header is row 1 when it is the first line). */
  row: z.number().int(),
  action: z.enum(IMPORT_ACTIONS),
  product_code: z.string(),
  name: z.string(),
  /** update: the fields that change, old → new (prices in kuruş); create: the values set. */
  changes: z.array(z.object({ field: importField, old: shownValue, new: shownValue })),
  /** error: why, each naming the column (the file's header) and the rule. */
  errors: z.array(z.object({ column: z.string(), field: importField.nullable(), message: z.string() })),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importCountsSchema = z.object({
  total: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  error: z.number().int(),
});

export const importReportSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Rows not imported (errors), downloadable as refused.xlsx. */
  refused: z.number().int(),
  /** Stock movements written (reason 'import'). */
  stock_movements: z.number().int(),
  new_categories: z.array(z.string()),
  new_brands: z.array(z.string()),
  applied_at: z.string(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importSummarySchema = z.object({
  import_id: z.string(),
  file_name: z.string(),
  status: z.enum(['preview', 'applied', 'expired']),
  kind: z.enum(['xlsx', 'csv']),
  /** CSV: what was detected. */
  encoding: z.string().nullable(),
  separator: z.string().nullable(),
  /** The header row as recognised: each column of the file and the field it feeds (null: ignored). */
  columns: z.array(z.object({ header: z.string(), field: importField.nullable() })),
  counts: importCountsSchema,
  /** Categories and brands the import adds to the tenant's lists. */
  new_categories: z.array(z.string()),
  new_brands: z.array(z.string()),
  /** What the confirmation sends back: the state of the touched products at preview time. */
  fingerprint: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  report: importReportSchema.nullable(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importIdParam = z.object({ id: z.uuid({ error: 'Geçersiz içe aktarma kimliği' }) });

export const importRowsQuery = z.object({
  action: z.enum(IMPORT_ACTIONS, { error: 'Geçersiz satır türü' }).optional(),
  page: z.coerce.number({ error: 'Sayfa bir sayı olmalıdır' }).int().min(1).max(10_000).default(1),
  limit: z.coerce.number({ error: 'Sayfa boyutu bir sayı olmalıdır' }).int().min(1).max(200).default(50),
});

export const importRowsResponse = z.object({
  rows: z.array(importRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

export const importConfirmBody = z.object({
  expected_fingerprint: z
    .string({ error: 'Önizleme parmak izi gereklidir' })
    .regex(/^[0-9a-f]{64}$/, 'Önizleme parmak izi geçersiz'),
});

/** A running confirmation's progress in this server (null: none running — not started or done). */
export const importProgressResponse = z
  .object({ done: z.number().int(), total: z.number().int() })
  .nullable();

export const IMPORT_MESSAGES = {
  notFound: 'İçe aktarma bulunamadı veya süresi doldu; dosyayı yeniden yükleyin.',
  catalogueChanged:
    'Önizlemeden sonra katalogda bu dosyanın ürünlerinden biri değişti. Dosyayı yeniden yükleyip önizlemeyi kontrol edin.',
  nothingToImport: 'İçe aktarılacak geçerli satır yok.',
} as const;
