import { z } from 'zod';
import { isValidProductBarcode } from '../domain/barcode';
import { MAX_UNIT_PRICE_TL } from '../domain/money';
import { text } from './common';
import { productSchema } from './entities';
import { expectedVersion } from './orders';

/**
 * Contracts of product management (admin): create, edit, delete, bulk actions, the tenant's
 * category and brand lists, and product images. One zod schema per operation, used by the
 * product dialog (its form rules) and by the server (the request's validation), so both give the
 * same Turkish text for the same input.
 *
 * Messages follow the generic form rules: "{label} gereklidir", "Geçerli bir sayı giriniz",
 * "Minimum değer {n} olmalıdır", "Maksimum değer {n} olmalıdır", "Geçersiz format" — each naming
 * its field as `Label (wire_name)` (the server's 400 carries the same text and `field`).
 *
 * Money is integer kuruş on input (`*_kurus`); the form reads the Turkish number ('1.250,75')
 * and converts. Bounds are stated in TL in the messages, the unit the user typed.
 */

// ---------------------------------------------------------------------------- data ---

export const PRODUCT_STATUSES = ['active', 'inactive', 'discontinued', 'out_of_stock'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Units a product is sold in (the first is the default). */
export const PRODUCT_UNITS = [
  'adet',
  'kg',
  'g',
  'lt',
  'ml',
  'm',
  'm²',
  'koli',
  'paket',
  'kutu',
  'set',
] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

/** KDV rates in Turkey (percent); 20 is the general rate and the default. */
export const VAT_RATES = [0, 1, 10, 20] as const;
export type VatRate = (typeof VAT_RATES)[number];
export const DEFAULT_VAT_RATE: VatRate = 20;

/** Bounds of the product form (every number and text a client sends has one). */
export const PRODUCT_LIMITS = {
  nameMin: 2,
  nameMax: 200,
  codeMax: 64,
  descriptionMax: 2000,
  /** Category and brand names. */
  listNameMin: 2,
  listNameMax: 60,
  maxPriceKurus: MAX_UNIT_PRICE_TL * 100,
  maxStock: 1_000_000_000,
  tagsMax: 20,
  tagMax: 40,
  imagesMax: 5,
  /** One uploaded image, bytes. */
  imageBytesMax: 5 * 1024 * 1024,
  /** The longest side of an uploaded image, pixels (read from the image's header). */
  imageSideMax: 8000,
  /** Items of one bulk action. */
  bulkMax: 500,
} as const;

/**
 * Image types accepted, decided by the file's own structure (never by its name or declared type):
 * the server reads the header and refuses a file cut short or malformed.
 */
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ProductImageType = (typeof PRODUCT_IMAGE_TYPES)[number];

/**
 * An image URL as POST /products/images answers it: `<api base>/products/images/<sha256>?tenant=…`
 * (the API base may be absolute). A product may only name images uploaded to its tenant; the
 * server checks that the hash is one of them.
 */
export const PRODUCT_IMAGE_URL =
  /^(?:https?:\/\/[^/?#\s]+)?(?:\/[A-Za-z0-9._~-]+)*\/products\/images\/([0-9a-f]{64})(?:\?tenant=[A-Za-z0-9-]{1,63})?$/;

/** The content hash an image URL names, or null when it is not an uploaded image's URL. */
export function imageHashOf(url: string): string | null {
  return PRODUCT_IMAGE_URL.exec(url)?.[1] ?? null;
}

/** The Turkish labels of the product fields, with the wire names the server's messages append. */
export const PRODUCT_FIELD_LABELS = {
  id: 'Ürün kimliği',
  name: 'Ürün adı',
  product_code: 'Ürün kodu',
  barcode: 'Barkod',
  selling_price_kurus: 'Satış fiyatı',
  cost_price_kurus: 'Maliyet fiyatı',
  discounted_price_kurus: 'İndirimli fiyat',
  description: 'Açıklama',
  category: 'Kategori',
  brand: 'Marka',
  unit: 'Birim',
  vat_rate: 'KDV oranı',
  min_stock: 'Minimum stok',
  current_stock: 'Mevcut stok',
  tags: 'Etiketler',
  images: 'Görseller',
  status: 'Durum',
} as const;
export type ProductField = keyof typeof PRODUCT_FIELD_LABELS;

/** `Ürün adı (name)`: how a message names a field. */
export const fieldLabel = (field: ProductField) => `${PRODUCT_FIELD_LABELS[field]} (${field})`;

const trNumber = new Intl.NumberFormat('tr-TR');

/** The generic form rules' texts, naming the field. */
export const PRODUCT_RULE_TEXTS = {
  required: (field: ProductField) => `${fieldLabel(field)} gereklidir`,
  number: (field: ProductField) => `${fieldLabel(field)}: Geçerli bir sayı giriniz`,
  min: (field: ProductField, n: number) =>
    `${fieldLabel(field)}: Minimum değer ${trNumber.format(n)} olmalıdır`,
  max: (field: ProductField, n: number) =>
    `${fieldLabel(field)}: Maksimum değer ${trNumber.format(n)} olmalıdır`,
  minLength: (field: ProductField, n: number) => `${fieldLabel(field)} en az ${n} karakter olmalıdır`,
  maxLength: (field: ProductField, n: number) => `${fieldLabel(field)} en fazla ${n} karakter olabilir`,
  format: (field: ProductField) => `${fieldLabel(field)}: Geçersiz format`,
} as const;

/** Conflict and refusal texts of the product API. */
export const PRODUCT_MESSAGES = {
  created: 'Ürün başarıyla oluşturuldu!',
  deleted: 'Ürün başarıyla silindi!',
  notFound: 'Ürün bulunamadı.',
  codeTaken: 'Bu ürün kodu zaten kullanılıyor (product_code)',
  barcodeTaken: 'Bu barkod zaten kullanılıyor (barcode)',
  idTaken: 'Bu ürün kimliği başka bir ürüne ait (id)',
  versionConflict: 'Ürün siz düzenlerken değişti. Güncel hâli gösteriliyor; değişikliğinizi tekrar yapın.',
  discountAboveSelling: 'İndirimli fiyat (discounted_price_kurus) satış fiyatından büyük olamaz',
  imageUnknown: (index: number) => `Görsel bulunamadı; önce yükleyin (images[${index}].url)`,
  categoryUnknown: 'Kategori listede yok; önce ekleyin (category)',
  brandUnknown: 'Marka listede yok; önce ekleyin (brand)',
  imageRequired: 'Görsel dosyası gereklidir (file)',
  imageTooLarge: `Görsel en fazla ${PRODUCT_LIMITS.imageBytesMax / 1024 / 1024} MB olabilir (file)`,
  imageType: 'Görsel JPEG, PNG veya WebP olmalıdır (file)',
  imageOneFile: 'Tek seferde bir görsel yüklenebilir (file)',
  imageCorrupt: 'Görsel dosyası bozuk ya da eksik; resmi yeniden kaydedip yükleyin (file)',
  imageDimensions: `Görsel en fazla ${PRODUCT_LIMITS.imageSideMax} × ${PRODUCT_LIMITS.imageSideMax} piksel olabilir (file)`,
  imageField: 'Görsel dosyası "file" alanında gönderilmelidir (file)',
  imageNotFound: 'Görsel bulunamadı.',
  /**
   * A delete refused because open orders still take the product from the shelf: the first
   * PRODUCT_DELETE_ORDERS_SHOWN order numbers, then how many more.
   */
  inOpenOrders: (name: string, numbers: readonly string[], total: number) =>
    `"${name}" açık siparişlerde olduğu için silinemez: ${numbers.join(', ')}${
      total > numbers.length ? ` …ve ${total - numbers.length} sipariş daha` : ''
    }. Önce bu siparişleri tamamlayın, iptal edin ya da üründen çıkarın.`,
  /** The note of a deleted product's write-off movement. */
  writeOffNote: 'Ürün silindi: eldeki stok zayi olarak kaydedildi',
  /** The refused remainder of a bulk delete, as the device's outbox shows it. */
  bulkRefused: (n: number) => `${n} ürün silinemedi`,
} as const;

/** How many order numbers a refused delete names before '…ve N sipariş daha'. */
export const PRODUCT_DELETE_ORDERS_SHOWN = 3;

// ------------------------------------------------------------------------ field rules ---

const R = PRODUCT_RULE_TEXTS;

/** A required text field: missing or blank → "{label} gereklidir"; then its length bounds. */
function requiredText(field: ProductField, min: number, max: number) {
  return text(fieldLabel(field), max, {
    typeMessage: R.required(field),
    maxMessage: R.maxLength(field, max),
  })
    .refine((v) => v.length > 0, { message: R.required(field), abort: true })
    .refine((v) => v.length >= min, R.minLength(field, min));
}

/** An optional text: absent, null or blank → null. */
function optionalText(field: ProductField, max: number, options: { multiline?: boolean; min?: number } = {}) {
  return text(fieldLabel(field), max, {
    ...(options.multiline ? { multiline: true } : {}),
    maxMessage: R.maxLength(field, max),
  })
    .refine(
      (v) => v === '' || options.min === undefined || v.length >= options.min,
      R.minLength(field, options.min ?? 0),
    )
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A whole number within [min, max]: not a number → "Geçerli bir sayı giriniz". */
function wholeNumber(field: ProductField, min: number, max: number, shownMax = max) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? R.required(field) : R.number(field)) })
    .int({ error: R.number(field) })
    .min(min, R.min(field, min))
    .max(max, R.max(field, shownMax));
}

/** Kuruş with the bound stated in TL (the unit of the form). */
const kurus = (field: ProductField) =>
  wholeNumber(field, 0, PRODUCT_LIMITS.maxPriceKurus, PRODUCT_LIMITS.maxPriceKurus / 100);

const stock = (field: ProductField) => wholeNumber(field, 0, PRODUCT_LIMITS.maxStock);

/** EAN-8, EAN-13 or GTIN-14 with a valid check digit; absent, null or blank → null. */
const barcode = z
  .string({ error: R.format('barcode') })
  .trim()
  .max(14, R.format('barcode'))
  .refine((v) => v === '' || isValidProductBarcode(v), R.format('barcode'))
  .nullish()
  .transform((v) => (v ? v : null));

const unit = z.enum(PRODUCT_UNITS, { error: R.format('unit') });

const vatRate = z
  .number({ error: R.number('vat_rate') })
  .refine(
    (v) => (VAT_RATES as readonly number[]).includes(v),
    `${fieldLabel('vat_rate')}: 0, 1, 10 veya 20 olmalıdır`,
  );

const status = z.enum(PRODUCT_STATUSES, { error: R.format('status') });

/** One tag: trimmed, 1..40 characters, no control characters. */
const tag = text(fieldLabel('tags'), PRODUCT_LIMITS.tagMax, {
  min: 1,
  minMessage: R.format('tags'),
  maxMessage: `${fieldLabel('tags')}: her etiket en fazla ${PRODUCT_LIMITS.tagMax} karakter olabilir`,
});

/** Tags: at most 20, blanks dropped, duplicates (case-folded the Turkish way) kept once. */
const tags = z
  .array(tag, { error: R.format('tags') })
  .max(PRODUCT_LIMITS.tagsMax, `${fieldLabel('tags')}: en fazla ${PRODUCT_LIMITS.tagsMax} etiket olabilir`);

/** The form takes tags comma separated: 'a, b,,c' → ['a', 'b', 'c'] (blanks and repeats dropped). */
export function splitTags(input: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of input.split(',')) {
    const t = part.trim();
    const folded = t.toLocaleLowerCase('tr-TR');
    if (t && !seen.has(folded)) {
      seen.add(folded);
      out.push(t);
    }
  }
  return out;
}

const images = z
  .array(
    z.object({
      url: z
        .string({ error: R.format('images') })
        .max(500, R.format('images'))
        .regex(PRODUCT_IMAGE_URL, R.format('images')),
    }),
    { error: R.format('images') },
  )
  .max(
    PRODUCT_LIMITS.imagesMax,
    `${fieldLabel('images')}: en fazla ${PRODUCT_LIMITS.imagesMax} görsel olabilir`,
  );

/** The fields of a product a user types (create and edit share them). */
const editable = {
  name: requiredText('name', PRODUCT_LIMITS.nameMin, PRODUCT_LIMITS.nameMax),
  product_code: requiredText('product_code', 1, PRODUCT_LIMITS.codeMax),
  barcode,
  selling_price_kurus: kurus('selling_price_kurus'),
  cost_price_kurus: kurus('cost_price_kurus'),
  discounted_price_kurus: kurus('discounted_price_kurus')
    .nullish()
    .transform((v) => v ?? null),
  description: optionalText('description', PRODUCT_LIMITS.descriptionMax, { multiline: true }),
  category: optionalText('category', PRODUCT_LIMITS.listNameMax),
  brand: optionalText('brand', PRODUCT_LIMITS.listNameMax),
  unit: unit.default('adet'),
  vat_rate: vatRate.default(DEFAULT_VAT_RATE),
  min_stock: stock('min_stock'),
  tags: tags.default([]),
  images: images.default([]),
  status: status.default('active'),
};

/** Discounted price at most the selling price (when both are in the request). */
function discountWithinSelling(
  value: { selling_price_kurus?: unknown; discounted_price_kurus?: unknown },
  ctx: z.RefinementCtx,
) {
  const { selling_price_kurus: selling, discounted_price_kurus: discounted } = value;
  if (typeof selling === 'number' && typeof discounted === 'number' && discounted > selling) {
    ctx.addIssue({
      code: 'custom',
      path: ['discounted_price_kurus'],
      message: PRODUCT_MESSAGES.discountAboveSelling,
    });
  }
}

// ------------------------------------------------------------------------- POST /products ---

/**
 * POST /products (admin). `id` is optional: a device creating the product offline makes the UUID,
 * so a replay creates it once (an existing live product with that id and the same code is the
 * answer, 200; anything else with that id is 409). `current_stock` is the opening stock, recorded
 * as the first movement of the product; later changes go through the stock adjustment.
 * 409 CONFLICT with `field` for a product code or barcode another live product of the tenant has.
 */
export const createProductBody = z
  .object({
    id: z.uuid({ error: R.format('id') }).optional(),
    ...editable,
    current_stock: stock('current_stock'),
  })
  .superRefine(discountWithinSelling);
export type CreateProductBody = z.input<typeof createProductBody>;
export type CreateProductInput = z.output<typeof createProductBody>;

// --------------------------------------------------------------------- PUT /products/{id} ---

/** An optional field of an edit: absent stays absent ("leave it"); the value's own rule otherwise. */
const keep = <T extends z.ZodType>(schema: T) => schema.optional();

/**
 * PUT /products/{id} (admin): any subset of the fields (absent: left as it is; null or blank on an
 * optional field: cleared) and `expected_version`, the version the user saw — stale → 409
 * CONFLICT with `current` (the product now), unless the same values are already in place.
 * `current_stock` is not editable here ('Bu alan düzenlenemez: current_stock'): stock changes are
 * movements of the stock ledger.
 */
export const updateProductBody = z
  .strictObject(
    {
      name: keep(editable.name),
      product_code: keep(editable.product_code),
      barcode: keep(barcode),
      selling_price_kurus: keep(editable.selling_price_kurus),
      cost_price_kurus: keep(editable.cost_price_kurus),
      discounted_price_kurus: kurus('discounted_price_kurus').nullable().optional(),
      description: keep(editable.description),
      category: keep(editable.category),
      brand: keep(editable.brand),
      unit: keep(unit),
      vat_rate: keep(vatRate),
      min_stock: keep(editable.min_stock),
      tags: keep(tags),
      images: keep(images),
      status: keep(status),
      expected_version: expectedVersion,
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `Bu alan düzenlenemez: ${issue.keys.join(', ')}` : undefined,
    },
  )
  .superRefine(discountWithinSelling);
export type UpdateProductBody = z.input<typeof updateProductBody>;
export type UpdateProductInput = z.output<typeof updateProductBody>;

// ------------------------------------------------------------------ DELETE /products/{id} ---

/**
 * DELETE /products/{id} (admin): a soft delete — old orders keep their lines, the product leaves
 * the lists and every device's mirror (the sync feed sends its removal). The body (optional, as
 * for every queued write the device sends it) names the version the user saw: a product changed
 * since is 409 CONFLICT with `current`. Deleting a deleted product is success.
 * A product that open orders still take from the shelf (shared/domain/stock.ts
 * `ORDER_STATUSES_HOLDING_PRODUCT`) is refused: 409 PRODUCT_IN_USE naming the orders
 * (`order_numbers`: the first few, `order_count`: all), nothing written. The stock still on hand
 * is written off ('write_off' movement) in the delete's transaction; `written_off` says how much.
 * A plain API client may send `?expected_version=` instead of a body.
 */
export const deleteProductBody = z.object({ expected_version: expectedVersion });
export type DeleteProductBody = z.input<typeof deleteProductBody>;
export const deleteProductQuery = z.object({
  expected_version: z.coerce
    .number({ error: 'Beklenen sürüm (expected_version) bir sayı olmalıdır' })
    .int({ error: 'Beklenen sürüm (expected_version) tam sayı olmalıdır' })
    .min(0, 'Beklenen sürüm (expected_version) negatif olamaz')
    .max(Number.MAX_SAFE_INTEGER, 'Beklenen sürüm (expected_version) çok büyük')
    .optional(),
});
export const deleteProductResponse = z.object({
  id: z.string(),
  /** Units on hand written off by this delete (0: none, or already deleted). */
  written_off: z.number().int().optional(),
});

// ----------------------------------------------------------------------- POST /products/bulk ---

export const BULK_ACTIONS = ['activate', 'deactivate', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * POST /products/bulk (admin): one action on up to 500 products, in ONE transaction, each item
 * naming the version its user saw. Per item: 'applied'; 'unchanged' (already in that state — a
 * replay after its idempotency record expired is the first one); 'conflict' (changed since: not
 * touched, `product` is the product now); 'not_found' (no such live product of the tenant);
 * 'refused' (delete only: open orders still take it from the shelf — `reason` names them, as the
 * single delete's 409 does; not touched). `product` is the product after the action (null for a
 * deleted or unknown one); an applied delete says in `written_off` how much stock it wrote off.
 */
export const bulkProductBody = z.object({
  action: z.enum(BULK_ACTIONS, { error: 'Toplu işlem (action) activate, deactivate veya delete olmalıdır' }),
  items: z
    .array(
      z.object({
        id: z.uuid({ error: 'Ürün kimliği (items[].id) geçersiz' }),
        expected_version: expectedVersion,
      }),
      { error: 'Ürünler (items) bir liste olmalıdır' },
    )
    .min(1, 'Ürünler (items) en az 1 öğe içermelidir')
    .max(PRODUCT_LIMITS.bulkMax, `Ürünler (items) en fazla ${PRODUCT_LIMITS.bulkMax} öğe içerebilir`)
    .refine(
      (items) => new Set(items.map((i) => i.id)).size === items.length,
      'Ürünler (items) aynı ürünü iki kez içeremez',
    ),
});
export type BulkProductBody = z.input<typeof bulkProductBody>;

export const BULK_OUTCOMES = ['applied', 'unchanged', 'conflict', 'not_found', 'refused'] as const;
export const bulkProductResponse = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      outcome: z.enum(BULK_OUTCOMES),
      product: productSchema.nullable(),
      /** 'refused': why, in Turkish (the orders that hold the product). */
      reason: z.string().optional(),
      /** An applied delete: the units on hand it wrote off. */
      written_off: z.number().int().optional(),
    }),
  ),
  /** How many items were applied (the rest: unchanged, conflict, not found or refused). */
  applied: z.number().int(),
});
export type BulkProductResponse = z.infer<typeof bulkProductResponse>;

// --------------------------------------------------- POST /products/categories and /brands ---

/**
 * POST /products/categories and /products/brands (admin): adds a name to the tenant's list. Names
 * are unique per tenant under Turkish case folding ('elektronik' is 'Elektronik'): adding a name
 * that exists answers the existing one (200, `created: false`) — safe to replay; a new one is 201.
 */
export const listNameBody = z.object({
  name: text('Ad (name)', PRODUCT_LIMITS.listNameMax, {
    typeMessage: 'Ad (name) gereklidir',
    min: PRODUCT_LIMITS.listNameMin,
    minMessage: `Ad (name) en az ${PRODUCT_LIMITS.listNameMin} karakter olmalıdır`,
    maxMessage: `Ad (name) en fazla ${PRODUCT_LIMITS.listNameMax} karakter olabilir`,
  }),
});
export type ListNameBody = z.input<typeof listNameBody>;
export const listNameResponse = z.object({ name: z.string(), created: z.boolean() });

// --------------------------------------------------------------------- images ---

/**
 * POST /products/images (admin): multipart/form-data with one file in the field `file` (another
 * field name is refused), at most 5 MB and 8000 × 8000 pixels, JPEG, PNG or WebP by its content
 * (its header read on the server; a file cut short is refused). Stored once per content (sha256) for the tenant; the
 * answer's `url` is what a product's `images[].url` names. The device resizes before uploading.
 */
export const imageUploadResponse = z.object({
  url: z.string(),
  hash: z.string(),
  content_type: z.enum(PRODUCT_IMAGE_TYPES),
  size: z.number().int(),
});
export type ImageUploadResponse = z.infer<typeof imageUploadResponse>;

/**
 * GET /products/images/{hash}?tenant= — the bytes, with their type and
 * `Cache-Control: public, max-age=31536000, immutable` (the URL names the content). Public
 * (an <img> sends no token): the 256-bit content hash is the key, and only that tenant's images
 * are served under its name.
 */
export const imageHashParam = z.object({
  hash: z.string({ error: 'Görsel (hash) geçersiz' }).regex(/^[0-9a-f]{64}$/, 'Görsel (hash) geçersiz'),
});

export const productIdParam = z.object({ id: z.uuid({ error: 'Geçersiz kimlik (id)' }) });
