import { z } from 'zod';
import { isValidProductBarcode } from '../domain/barcode';
import { DEFAULT_KDV_RATE, KDV_RATES } from '../domain/invoice';
import { hasAtMostTwoDecimals, toKurus } from '../domain/money';
import { amountKurus, text, tlAmountInput, typeError } from './common';
import { productSchema } from './entities';
import { FIELD_LABELS, notEditableText } from './field-labels';
import { expectedVersion } from './orders';
import {
  fieldLabel,
  PRODUCT_FIELD_LABELS,
  PRODUCT_IMAGE_TYPES,
  PRODUCT_IMAGE_URL,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  PRODUCT_RULE_TEXTS,
  PRODUCT_STATUSES,
  PRODUCT_UNITS,
  type ProductField,
} from './product-data';

/**
 * Contracts of product management (admin): create, edit, delete, bulk actions, the tenant's
 * category and brand lists, and product images. One zod schema per operation, used by the
 * product dialog (its form rules) and by the server (the request's validation), so both give the
 * same Turkish text for the same input.
 *
 * Messages follow the generic form rules: "{label} gereklidir", "Geçerli bir sayı giriniz",
 * "Minimum değer {n} olmalıdır", "Maksimum değer {n} olmalıdır", "Geçersiz format" — each naming
 * its field by its label (the server's 400 carries the same text, and the wire name in `field`).
 *
 * Money: each price is taken under the specification's name in TL with at most two decimals
 * (`selling_price`, `cost_price`, `discounted_price`, read exactly — the API's one amount rule,
 * `tlAmountInput` in ./common.ts) and/or as its exact `_kurus` companion (what the product dialog
 * sends: it reads the Turkish number '1.250,75' and converts). Both sent must name the same amount
 * (else 400 naming the TL field); the server works on the kuruş. Bounds are stated in TL in the
 * messages, the unit the user typed.
 */

export * from './product-data';

// ------------------------------------------------------------------------ field rules ---

const R = PRODUCT_RULE_TEXTS;

/**
 * A required text field: missing or blank → "{label} gereklidir" (only that: the length rule leaves
 * a blank to it); then its length bounds. Not an aborting refinement, so the body's price check
 * still runs and a form shows a missing name and a missing price at once.
 */
function requiredText(field: ProductField, min: number, max: number) {
  return text(fieldLabel(field), max, {
    typeMessage: R.required(field),
    maxMessage: R.maxLength(field, max),
  })
    .refine((v) => v.length > 0, R.required(field))
    .refine((v) => v.length === 0 || v.length >= min, R.minLength(field, min));
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

/** A price in TL under the specification's name (at most two decimals, 0 … 10.000.000). */
const tl = (field: ProductField) =>
  tlAmountInput(
    {
      number: R.number(field),
      min: R.min(field, 0),
      max: R.max(field, PRODUCT_LIMITS.maxPriceKurus / 100),
      decimals: `${fieldLabel(field)}: en fazla iki ondalık basamak olabilir`,
    },
    { min: 0, max: PRODUCT_LIMITS.maxPriceKurus / 100 },
  );

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
    (v) => (KDV_RATES as readonly number[]).includes(v),
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

/** An image's address names the address, after the image's position ('1. görsel: …'). */
const imageUrlFormat = `${FIELD_LABELS.url}: Geçersiz format`;

const images = z
  .array(
    z.object({
      url: z
        .string({ error: imageUrlFormat })
        .max(500, imageUrlFormat)
        .regex(PRODUCT_IMAGE_URL, imageUrlFormat),
    }),
    { error: R.format('images') },
  )
  .max(
    PRODUCT_LIMITS.imagesMax,
    `${fieldLabel('images')}: en fazla ${PRODUCT_LIMITS.imagesMax} görsel olabilir`,
  );

/**
 * The rule of each field of a product a user types, one value at a time (the bulk import checks
 * each cell with these; prices here in kuruş, the unit the import converts to).
 */
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
  vat_rate: vatRate.default(DEFAULT_KDV_RATE),
  min_stock: stock('min_stock'),
  tags: tags.default([]),
  images: images.default([]),
  status: status.default('active'),
};

/** The field rules of a product, one value at a time (the import validates its cells with these). */
export const PRODUCT_FIELD_RULES = { ...editable, current_stock: stock('current_stock') };

/** Each price's TL name (the specification's) and its kuruş companion. */
const PRICES = [
  { tl: 'selling_price', kurus: 'selling_price_kurus', label: PRODUCT_FIELD_LABELS.selling_price },
  { tl: 'cost_price', kurus: 'cost_price_kurus', label: PRODUCT_FIELD_LABELS.cost_price },
  { tl: 'discounted_price', kurus: 'discounted_price_kurus', label: PRODUCT_FIELD_LABELS.discounted_price },
] as const;

/** Both names of each price on the wire, each optional: which one is required is the body's rule. */
const priceFields = {
  selling_price: tl('selling_price').optional(),
  selling_price_kurus: kurus('selling_price_kurus').optional(),
  cost_price: tl('cost_price').optional(),
  cost_price_kurus: kurus('cost_price_kurus').optional(),
  discounted_price: tl('discounted_price').nullable().optional(),
  discounted_price_kurus: kurus('discounted_price_kurus').nullable().optional(),
};
type PriceName = keyof typeof priceFields;
type Prices = {
  selling_price_kurus?: number;
  cost_price_kurus?: number;
  discounted_price_kurus?: number | null;
};

/** A price value as its own rule takes it (else its own issue is reported): TL or kuruş, or null. */
function usable(value: unknown, unit: 'tl' | 'kurus'): value is number | null {
  if (value === null) return true;
  if (
    typeof value !== 'number' ||
    !(value >= 0 && value <= PRODUCT_LIMITS.maxPriceKurus / (unit === 'tl' ? 100 : 1))
  )
    return false;
  return unit === 'tl' ? hasAtMostTwoDecimals(value) : Number.isSafeInteger(value);
}

/**
 * The prices of a body, each sent under its TL name, its `_kurus` companion or both: both must
 * name the same amount (else 400 naming the TL field). On a create, selling and cost price are
 * required (refused missing, naming the TL field). A discounted price above the selling price
 * (both in the request) is refused naming the name it was sent under. Runs even when other fields
 * failed, so a form shows every problem at once; a value its own rule refused is left to that rule.
 */
function checkPrices(creating: boolean) {
  return (body: Partial<Record<PriceName, unknown>>, ctx: z.RefinementCtx) => {
    const kurus: Partial<Record<(typeof PRICES)[number]['kurus'], number | null>> = {};
    for (const price of PRICES) {
      const tlValue = body[price.tl];
      const kurusValue = body[price.kurus];
      if (tlValue !== undefined && !usable(tlValue, 'tl')) continue;
      if (kurusValue !== undefined && !usable(kurusValue, 'kurus')) continue;
      const value = amountKurus({ [price.tl]: tlValue, [price.kurus]: kurusValue }, price, ctx);
      if (value === false) continue;
      if (value === undefined && creating && price.tl !== 'discounted_price')
        ctx.addIssue({ code: 'custom', path: [price.tl], message: R.required(price.tl) });
      if (value !== undefined) kurus[price.kurus] = value;
    }
    const selling = kurus.selling_price_kurus;
    const discounted = kurus.discounted_price_kurus;
    if (typeof selling === 'number' && typeof discounted === 'number' && discounted > selling) {
      const byTl = body.discounted_price !== undefined && body.discounted_price_kurus === undefined;
      ctx.addIssue({
        code: 'custom',
        path: [byTl ? 'discounted_price' : 'discounted_price_kurus'],
        message: byTl ? PRODUCT_MESSAGES.discountAboveSellingTl : PRODUCT_MESSAGES.discountAboveSelling,
      });
    }
  };
}

/**
 * The body with each price in kuruş only (after checkPrices passed): from its TL name when sent
 * (exactly, `toKurus`), else its companion; an absent one stays absent (a create's missing
 * discounted price is none).
 */
function inKurus<T extends Partial<Record<PriceName, unknown>>>(
  body: T,
  creating: boolean,
): Omit<T, PriceName> & Prices {
  const out: Record<string, unknown> = { ...body };
  for (const price of PRICES) {
    const tlValue = body[price.tl] as number | null | undefined;
    const value = tlValue === undefined ? body[price.kurus] : tlValue === null ? null : toKurus(tlValue);
    delete out[price.tl];
    delete out[price.kurus];
    if (value !== undefined) out[price.kurus] = value;
    else if (creating && price.tl === 'discounted_price') out[price.kurus] = null;
  }
  return out as Omit<T, PriceName> & Prices;
}

/** Runs whatever else failed (see checkPrices), as long as the body is an object at all. */
const ALWAYS = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
};

// ------------------------------------------------------------------------- POST /products ---

/**
 * POST /products (admin). `id` is optional: a device creating the product offline makes the UUID,
 * so a replay creates it once (an existing live product with that id and the same code is the
 * answer, 200; anything else with that id is 409). `current_stock` is the opening stock, recorded
 * as the first movement of the product; later changes go through the stock adjustment.
 * Selling and cost price are required (under either name); the discounted price is optional.
 * 409 CONFLICT with `field` for a product code or barcode another live product of the tenant has.
 */
export const createProductBody = z
  .object({
    id: z.uuid({ error: R.format('id') }).optional(),
    ...editable,
    ...priceFields,
    current_stock: stock('current_stock'),
  })
  .superRefine(checkPrices(true), ALWAYS)
  .transform((body) => {
    const out = inKurus(body, true);
    return out as Omit<typeof out, 'selling_price_kurus' | 'cost_price_kurus' | 'discounted_price_kurus'> & {
      selling_price_kurus: number;
      cost_price_kurus: number;
      discounted_price_kurus: number | null;
    };
  });
export type CreateProductBody = z.input<typeof createProductBody>;
export type CreateProductInput = z.output<typeof createProductBody>;
/** A create as the product dialog and the device's outbox send it: prices in kuruş only. */
export type CreateProductKurusBody = Omit<CreateProductBody, PriceName> & {
  selling_price_kurus: number;
  cost_price_kurus: number;
  discounted_price_kurus?: number | null;
};

// --------------------------------------------------------------------- PUT /products/{id} ---

/** An optional field of an edit: absent stays absent ("leave it"); the value's own rule otherwise. */
const keep = <T extends z.ZodType>(schema: T) => schema.optional();

/**
 * PUT /products/{id} (admin): any subset of the fields (absent: left as it is; null or blank on an
 * optional field: cleared; prices under either name, as for the create) and `expected_version`, the version the user saw — stale → 409
 * CONFLICT with `current` (the product now), unless the same values are already in place.
 * `current_stock` is not editable here ('Bu alan düzenlenemez: Mevcut Stok'): stock changes are
 * movements of the stock ledger.
 */
export const updateProductBody = z
  .strictObject(
    {
      name: keep(editable.name),
      product_code: keep(editable.product_code),
      barcode: keep(barcode),
      ...priceFields,
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
      error: (issue) => (issue.code === 'unrecognized_keys' ? notEditableText(issue.keys) : undefined),
    },
  )
  .superRefine(checkPrices(false), ALWAYS)
  .transform((body) => inKurus(body, false));
export type UpdateProductBody = z.input<typeof updateProductBody>;
/** An edit as the product dialog and the device's outbox send it: prices in kuruş only. */
export type UpdateProductKurusBody = Omit<
  UpdateProductBody,
  'selling_price' | 'cost_price' | 'discounted_price'
>;
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
export const deleteProductQuery = z.object({
  expected_version: z.coerce
    .number({ error: 'Beklenen sürüm bir sayı olmalıdır' })
    .int({ error: 'Beklenen sürüm tam sayı olmalıdır' })
    .min(0, 'Beklenen sürüm negatif olamaz')
    .max(Number.MAX_SAFE_INTEGER, 'Beklenen sürüm çok büyük')
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
  action: z.enum(BULK_ACTIONS, {
    error: typeError(
      'Toplu işlem gereklidir',
      'Toplu işlem etkinleştirme, pasifleştirme veya silme olmalıdır',
    ),
  }),
  items: z
    .array(
      z.object({
        id: z.uuid({ error: typeError('Ürün gereklidir', 'Ürün kimliği geçersiz') }),
        expected_version: expectedVersion,
      }),
      { error: typeError('Ürünler gereklidir', 'Ürünler bir liste olmalıdır') },
    )
    .min(1, 'Ürünler en az 1 öğe içermelidir')
    .max(PRODUCT_LIMITS.bulkMax, `Ürünler en fazla ${PRODUCT_LIMITS.bulkMax} öğe içerebilir`)
    .refine(
      (items) => new Set(items.map((i) => i.id)).size === items.length,
      'Ürünler aynı ürünü iki kez içeremez',
    ),
});

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
  name: text('Ad', PRODUCT_LIMITS.listNameMax, {
    typeMessage: 'Ad gereklidir',
    min: PRODUCT_LIMITS.listNameMin,
    minMessage: `Ad en az ${PRODUCT_LIMITS.listNameMin} karakter olmalıdır`,
    maxMessage: `Ad en fazla ${PRODUCT_LIMITS.listNameMax} karakter olabilir`,
  }),
});
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
  hash: z.string({ error: 'Görsel geçersiz' }).regex(/^[0-9a-f]{64}$/, 'Görsel geçersiz'),
});
