import { z } from 'zod';
import { MAX_SCAN_LENGTH, MAX_SCAN_QUANTITY } from '../domain/barcode';
import { text, typeError } from './common';
import { orderSchema } from './entities';
import { required } from './errors';

/**
 * Contracts of the warehouse and delivery API (barcode scans, delivery notes, deliveries with
 * proof; all usable offline). Scans and deliveries are queued in the device's outbox and replayed after a lost
 * answer, so each names what makes a replay harmless: a scan its client-made `scan_id` (a second
 * scan with the same id is the first one), a delivery the status its driver saw.
 */

export const WAREHOUSE_MESSAGES = {
  /** A scan that failed (fallback when the server gives no text). */
  scanFailed: 'Barkod okunamadı',
  /** A scan that threw (camera or reader error). */
  scanError: 'Barkod okuma hatası',
  /** A scan accepted: 'Barkod okundu: {product name}'. */
  scanned: (name: string) => `Barkod okundu: ${name}`,
  notInOrder: 'Bu barkod bu siparişteki hiçbir ürüne ait değil',
  unreadable: 'Barkod okunamadı: kontrol hanesi hatalı ya da biçim tanınmıyor',
  overScan: (name: string, remaining: number) =>
    remaining > 0
      ? `${name} için en fazla ${remaining} adet daha okutulabilir`
      : `${name} ürününün tamamı zaten okutuldu`,
  notApproved: 'Yalnızca onaylanmış siparişlerin barkodu okutulabilir',
  /** Preparation completed (approved → prepared). */
  prepared: 'Sipariş hazırlandı ve irsaliye oluşturuldu.',
  /** The delivery note could not be produced. */
  deliveryNoteFailed: 'İrsaliye yazdırılırken hata oluştu',
} as const;

/** A raw scan: text up to MAX_SCAN_LENGTH; the only control character allowed is GS1's FNC1 (U+001D). */
const barcode = z
  .string({ error: 'Barkod gereklidir' })
  .trim()
  .min(1, 'Barkod gereklidir')
  .max(MAX_SCAN_LENGTH, `Barkod en fazla ${MAX_SCAN_LENGTH} karakter olabilir`)
  .refine(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    (v) => !/[\u0000-\u001c\u001e-\u001f\u007f-\u009f]/.test(v),
    'Barkod geçersiz karakter içeriyor',
  );

/**
 * POST /warehouse/scan-barcode (warehouse, admin). Spec: barcode, order_id → success, product
 * (with name), message. `scan_id` (client-made UUID) makes a replay count once even after the
 * idempotency record expired; `quantity` is the +N entry (default 1), multiplied by a GS1
 * quantity (AI 30/37) in the code. Refused: an order not in approved (409), a code on no line of
 * the order (400), more than the line's ordered quantity (409 OVER_SCAN, nothing counted).
 */
export const scanBarcodeBody = z.object({
  barcode,
  order_id: z.uuid({ error: typeError('Sipariş gereklidir', 'Sipariş kimliği geçersiz') }),
  scan_id: z.uuid({ error: 'Okutma kimliği geçersiz' }).optional(),
  quantity: z
    .number({ error: 'Miktar bir sayı olmalıdır' })
    .int({ error: 'Miktar tam sayı olmalıdır' })
    .min(1, 'Miktar en az 1 olmalıdır')
    .max(MAX_SCAN_QUANTITY, `Miktar en fazla ${MAX_SCAN_QUANTITY} olabilir`)
    .optional(),
});

export const scanBarcodeResponse = z.object({
  success: z.literal(true),
  product: z.object({ id: z.string().nullable(), name: z.string(), barcode: z.string().nullable() }),
  message: z.string(),
  /** The line the scan counted on, after it. */
  item_id: z.string(),
  scanned_quantity: z.number().int(),
  /** The whole order after the scan (the device's mirror takes it). */
  order: orderSchema,
});
export type ScanBarcodeResponse = z.infer<typeof scanBarcodeResponse>;

// ------------------------------------------------------------------- delivery with proof ---

/** Reasons a driver picks when a delivery fails (out_for_delivery → in_transit). */
export { DELIVERY_FAILURE_REASONS } from './stored-texts';

/** Largest photo (decoded bytes): the device resizes to ≤ 1600 px JPEG under this. */
export const MAX_PROOF_PHOTO_BYTES = 400 * 1024;
/** Largest signature PNG (decoded bytes). */
export const MAX_PROOF_SIGNATURE_BYTES = 200 * 1024;

/** Decoded size of a base64 payload. */
export function base64Bytes(b64: string): number {
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - padding;
}

const dataUrl = (label: string, types: readonly string[], maxBytes: number) =>
  z
    .string({ error: typeError(required(label), `${label} geçersiz`) })
    .max(Math.ceil((maxBytes * 4) / 3) + 64, `${label} en fazla ${Math.round(maxBytes / 1024)} KB olabilir`)
    .superRefine((v, ctx) => {
      const m = /^data:(image\/[a-z]+);base64,([A-Za-z0-9+/]+={0,2})$/.exec(v);
      if (!m || !types.includes(m[1] as string)) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} yalnızca ${types.map((t) => t.slice(6).toUpperCase()).join(' veya ')} olabilir`,
        });
        return;
      }
      if (base64Bytes(m[2] as string) > maxBytes) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} en fazla ${Math.round(maxBytes / 1024)} KB olabilir`,
        });
      }
    });

/**
 * POST /orders/{id}/deliver (the assigned driver, admin): out_for_delivery → delivered with proof.
 * The server also checks the image bytes' magic numbers (PNG/JPEG), not just the declared type.
 */
export const deliverBody = z.object({
  expected_status: z.literal('out_for_delivery', { error: 'Beklenen durum geçersiz' }).optional(),
  recipient_name: text('Teslim alan', 200, {
    min: 1,
    typeMessage: 'Teslim alanın adı gereklidir',
    minMessage: 'Teslim alanın adı gereklidir',
  }),
  signature: dataUrl('İmza', ['image/png'], MAX_PROOF_SIGNATURE_BYTES),
  photo: dataUrl('Fotoğraf', ['image/jpeg', 'image/png'], MAX_PROOF_PHOTO_BYTES).nullish(),
  /** The device's clock when the driver confirmed (ISO-8601). */
  delivered_at: z.iso.datetime({
    offset: true,
    error: typeError('Teslim zamanı gereklidir', 'Teslim zamanı geçersiz'),
  }),
  location: z
    .object({
      latitude: z.number({ error: 'Enlem geçersiz' }).min(-90).max(90),
      longitude: z.number({ error: 'Boylam geçersiz' }).min(-180).max(180),
      accuracy: z.number({ error: 'Doğruluk geçersiz' }).min(0).max(1_000_000).nullish(),
    })
    .nullish(),
  notes: text('Notlar', 1000, { multiline: true }).nullish(),
});
export type DeliverBody = z.input<typeof deliverBody>;

/** GET /orders/{id}/proof: the proof of delivery, for anyone who may see the order. */
export const deliveryProofSchema = z.object({
  order_id: z.string(),
  recipient_name: z.string(),
  /** The device's time at the door. */
  delivered_at: z.string(),
  /** When the server received it. */
  received_at: z.string(),
  delivered_by: z.string().nullable(),
  delivered_by_name: z.string().nullable(),
  signature: z.string(),
  photo: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy: z.number().nullable(),
});
export type DeliveryProof = z.infer<typeof deliveryProofSchema>;

// ---------------------------------------------------------------------------- debug calls ---

/** GET /debug/all-orders (demo mode only): the caller (`user.role`), `tenantId`, the orders they see. */
export const debugAllOrdersResponse = z.object({
  user: z.object({ id: z.string(), role: z.string(), full_name: z.string() }),
  tenantId: z.string(),
  orders: z.array(z.object({ id: z.string(), order_number: z.string(), status: z.string() })),
});
/**
 * POST /debug/approve-first-order and /debug/create-test-orders: the spec's `success, message`,
 * and the numbers of the orders approved or created (the screen reports them in its language).
 */
export const debugActionResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  order_numbers: z.array(z.string()),
});

/** Refusals of the debug calls (403): they act as their caller, who may not do this. */
export const DEBUG_MESSAGES = {
  cannotApprove: 'Bu demo işlemi sizin adınıza sipariş onaylar; sipariş onaylama yetkiniz yok.',
  cannotCreate:
    'Bu demo işlemi sizin adınıza, satış temsilcisi siz olarak sipariş oluşturur; sipariş satma yetkiniz yok.',
} as const;
