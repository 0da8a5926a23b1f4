import { z } from 'zod';
import { ADJUSTMENT_REASONS, STOCK_LIMITS, STOCK_REASONS } from '../domain/stock';
import { productPagination } from './catalogue';
import { limitQuery, pageQuery, text, typeError } from './common';
import { productSchema } from './entities';
import { required } from './errors';

/**
 * Wire contracts of the stock ledger: a manual adjustment (PATCH /products/{id}/stock), a
 * product's movements (GET /products/{id}/stock-movements), the low-stock list
 * (GET /products/low-stock) and an inventory count (POST /inventory/counts).
 */

const int = (label: string) =>
  z
    .number({ error: typeError(required(label), `${label} bir sayı olmalıdır`) })
    .int({ error: `${label} tam sayı olmalıdır` });

/** A device's clock when the change was made (kept beside the server's time; ISO-8601). */
const deviceTime = z.iso
  .datetime({ offset: true, error: 'Cihaz zamanı geçerli bir tarih olmalıdır' })
  .nullish();

const notes = text('Notlar', STOCK_LIMITS.maxNotes, { multiline: true }).nullish();

// ------------------------------------------------------------- PATCH /products/{id}/stock ---

/**
 * A manual adjustment: a signed change of the on-hand quantity with its reason, made on the
 * version of the product the user saw (`expected_version`; stale → 409 with the product as it is
 * now). The result may not take the on-hand stock below zero (400 naming the product).
 */
export const stockAdjustBody = z.object({
  adjustment: int('Düzeltme miktarı')
    .min(-STOCK_LIMITS.maxAdjustment, `Düzeltme miktarı en az -${STOCK_LIMITS.maxAdjustment} olabilir`)
    .max(STOCK_LIMITS.maxAdjustment, `Düzeltme miktarı en fazla ${STOCK_LIMITS.maxAdjustment} olabilir`)
    .refine((v) => v !== 0, 'Düzeltme miktarı sıfır olamaz'),
  reason: z.enum(ADJUSTMENT_REASONS, {
    error: typeError('Neden gereklidir', 'Geçersiz stok hareketi nedeni'),
  }),
  notes,
  expected_version: int('Beklenen sürüm')
    .min(0, 'Beklenen sürüm negatif olamaz')
    .max(Number.MAX_SAFE_INTEGER, 'Beklenen sürüm çok büyük'),
  device_time: deviceTime,
});

// ---------------------------------------------------- GET /products/{id}/stock-movements ---

export const stockMovementSchema = z.object({
  /** The movement's number (its seq): increasing per product in the order they were applied. */
  id: z.number().int(),
  seq: z.number().int(),
  product_id: z.string(),
  /** Signed change of the on-hand quantity. */
  quantity: z.number().int(),
  /** Signed change of the reserved quantity. */
  reserved_delta: z.number().int(),
  reason: z.enum(STOCK_REASONS),
  order_id: z.string().nullable(),
  order_number: z.string().nullable(),
  count_id: z.string().nullable(),
  user_name: z.string().nullable(),
  notes: z.string().nullable(),
  /** Server time (UTC). */
  created_at: z.string(),
  /** The device's clock when made offline, if it said (UTC). */
  device_time: z.string().nullable(),
});

export const stockMovementListQuery = z.object({
  page: pageQuery,
  limit: limitQuery(20, 100),
});

/** The whole body, like the product list: data is the array, pagination beside it (newest first). */
export const stockMovementListBody = z.object({
  success: z.literal(true),
  data: z.array(stockMovementSchema),
  pagination: productPagination,
});
export type StockMovementListBody = z.infer<typeof stockMovementListBody>;

// ------------------------------------------------------------------ GET /products/low-stock ---

/** Live products whose stock_status is low_stock or out_of_stock, lowest available first. */
export const lowStockResponse = z.array(productSchema);

// ------------------------------------------------------------------ POST /inventory/counts ---

export const countLineSchema = z.object({
  product_id: z.uuid({ error: typeError('Ürün gereklidir', 'Ürün kimliği geçersiz') }),
  counted: int('Sayılan miktar')
    .min(0, 'Sayılan miktar negatif olamaz')
    .max(STOCK_LIMITS.maxCounted, `Sayılan miktar en fazla ${STOCK_LIMITS.maxCounted} olabilir`),
  /** The product's `stock_seq` the device had when this line was counted. */
  seen_stock_seq: int('Görülen stok hareketi')
    .min(0, 'Görülen stok hareketi negatif olamaz')
    .max(Number.MAX_SAFE_INTEGER, 'Görülen stok hareketi çok büyük'),
});

/**
 * An inventory count: the client makes its id (`count_id`); posting the same id again applies
 * nothing and answers as the first time. Each product at most once.
 */
export const inventoryCountBody = z.object({
  count_id: z.uuid({ error: typeError('Sayım kimliği gereklidir', 'Sayım kimliği geçersiz') }),
  notes,
  device_time: deviceTime,
  lines: z
    .array(countLineSchema, {
      error: typeError('Sayım satırları gereklidir', 'Sayım satırları bir liste olmalıdır'),
    })
    .min(1, 'Sayım satırları en az 1 satır içermelidir')
    .max(
      STOCK_LIMITS.maxCountLines,
      `Sayım satırları en fazla ${STOCK_LIMITS.maxCountLines} satır içerebilir`,
    )
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      for (const [i, line] of lines.entries()) {
        if (seen.has(line.product_id))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'product_id'],
            message: `Ürün sayımda birden fazla kez geçiyor`,
          });
        seen.add(line.product_id);
      }
    }),
});

export const countResultLineSchema = z.object({
  product_id: z.string(),
  /** On hand as of the movement the device had seen. */
  expected: z.number().int(),
  counted: z.number().int(),
  /** The movement posted: counted − expected (0: nothing posted). */
  delta: z.number().int(),
  /** On hand after the count. */
  current_stock: z.number().int(),
});
export type CountResultLine = z.infer<typeof countResultLineSchema>;

export const inventoryCountResponse = z.object({
  count_id: z.string(),
  created_at: z.string(),
  lines: z.array(countResultLineSchema),
});
export type InventoryCountResponse = z.infer<typeof inventoryCountResponse>;
