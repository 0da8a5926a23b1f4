import type { z } from 'zod';
import type { Product } from '../../shared/api/entities';
import {
  type CreateProductKurusBody,
  createProductBody,
  fieldLabel,
  PRODUCT_MESSAGES,
  PRODUCT_RULE_TEXTS,
  type ProductField,
  type ProductStatus,
  splitTags,
  type UpdateProductKurusBody,
  updateProductBody,
} from '../../shared/api/products';
import { DEFAULT_KDV_RATE } from '../../shared/domain/invoice';
import {
  formatMoneyInput,
  formatQuantityInput,
  parseMoneyInput,
  parseQuantityInput,
} from '../../shared/domain/number-input';
import type { MessageKey } from '../shared-ui/i18n';

/**
 * The product dialog's form as data, and its rules — pure, so they are checked without a screen.
 *
 * The form holds what the user typed (numbers as text, read the Turkish way through the shared
 * number reading). Its request is built from it and checked with THE SAME zod schema the server
 * validates the request with (createProductBody / updateProductBody): a form error and the
 * server's 400 can never disagree. The schema's issues are shown with the generic form rules' texts
 * in the reader's language ("{label} gereklidir", "Geçerli bir sayı giriniz", "Minimum değer {n}
 * olmalıdır", "Maksimum değer {n} olmalıdır", "Geçersiz format"), under the field they concern.
 */

export interface ProductForm {
  name: string;
  product_code: string;
  selling_price: string;
  cost_price: string;
  discounted_price: string;
  description: string;
  category: string;
  brand: string;
  unit: string;
  vat_rate: number;
  barcode: string;
  min_stock: string;
  current_stock: string;
  tags: string;
  image_url: string;
  status: ProductStatus;
}

export type FormField = keyof ProductForm;

export function emptyForm(): ProductForm {
  return {
    name: '',
    product_code: '',
    selling_price: '',
    cost_price: '',
    discounted_price: '',
    description: '',
    category: '',
    brand: '',
    unit: 'adet',
    vat_rate: DEFAULT_KDV_RATE,
    barcode: '',
    min_stock: '',
    current_stock: '',
    tags: '',
    image_url: '',
    status: 'active',
  };
}

const money = (kurus: number | null | undefined) =>
  kurus === null || kurus === undefined ? '' : formatMoneyInput(kurus);

/** The form of an existing product (edit and view), numbers written the way a person types them. */
export function formFromProduct(product: Product): ProductForm {
  return {
    name: product.name,
    product_code: product.product_code,
    selling_price: money(product.selling_price_kurus),
    cost_price: money(product.cost_price_kurus),
    discounted_price: money(product.discounted_price_kurus),
    description: product.description ?? '',
    category: product.category ?? '',
    brand: product.brand ?? '',
    unit: product.unit,
    vat_rate: product.vat_rate ?? DEFAULT_KDV_RATE,
    barcode: product.barcode ?? '',
    min_stock: formatQuantityInput(product.min_stock),
    current_stock: formatQuantityInput(product.current_stock),
    tags: product.tags.join(', '),
    image_url: product.images[0]?.url ?? '',
    status: product.status,
  };
}

/**
 * A typed number for the request: empty → undefined (the schema says "gereklidir" where it is
 * required), unreadable → NaN (the schema says "Geçerli bir sayı giriniz"), else the number.
 */
function moneyValue(text: string): number | undefined {
  const read = parseMoneyInput(text);
  return read.ok ? read.value : read.empty ? undefined : Number.NaN;
}
function quantityValue(text: string): number | undefined {
  const read = parseQuantityInput(text);
  return read.ok ? read.value : read.empty ? undefined : Number.NaN;
}

/** The fields both requests share, from the form. */
function sharedFields(form: ProductForm) {
  const discounted = moneyValue(form.discounted_price);
  return {
    name: form.name,
    product_code: form.product_code,
    barcode: form.barcode.trim() || null,
    selling_price_kurus: moneyValue(form.selling_price) as number,
    cost_price_kurus: moneyValue(form.cost_price) as number,
    discounted_price_kurus: discounted === undefined ? null : discounted,
    description: form.description.trim() || null,
    category: form.category.trim() || null,
    brand: form.brand.trim() || null,
    unit: form.unit as CreateProductKurusBody['unit'],
    vat_rate: form.vat_rate,
    min_stock: quantityValue(form.min_stock) as number,
    tags: splitTags(form.tags),
    images: form.image_url ? [{ url: form.image_url }] : [],
    status: form.status,
  };
}

export function createBodyOf(form: ProductForm, id?: string): CreateProductKurusBody {
  return {
    ...(id ? { id } : {}),
    ...sharedFields(form),
    current_stock: quantityValue(form.current_stock) as number,
  };
}

type EditFields = Omit<UpdateProductKurusBody, 'expected_version'>;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The product's side of the comparison, in the request's terms. */
function productFields(product: Product): Record<keyof EditFields, unknown> {
  return {
    name: product.name,
    product_code: product.product_code,
    barcode: product.barcode,
    selling_price_kurus: product.selling_price_kurus,
    cost_price_kurus: product.cost_price_kurus ?? null,
    discounted_price_kurus: product.discounted_price_kurus,
    description: product.description,
    category: product.category,
    brand: product.brand,
    unit: product.unit,
    vat_rate: product.vat_rate,
    min_stock: product.min_stock,
    tags: product.tags,
    images: product.images.map((i) => ({ url: i.url })),
    status: product.status,
  };
}

/** The whole edit (every field, for checking) and the fields it changes (what is sent). */
export function editOf(
  form: ProductForm,
  product: Product,
): { full: UpdateProductKurusBody; changed: EditFields } {
  const fields = sharedFields(form);
  const before = productFields(product);
  const changed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    const was = before[field as keyof EditFields];
    const now = typeof value === 'string' ? value.trim() : value;
    if (!same(now, typeof was === 'string' ? was.trim() : was)) changed[field] = value;
  }
  return { full: { ...fields, expected_version: product.version }, changed: changed as EditFields };
}

// ------------------------------------------------------------------------------ errors ---

/**
 * A field error as a catalogue key with its parameters, translated by the screen, which adds the
 * field's own label as `{label}` (FIELD_LABEL_KEYS).
 */
export interface FieldError {
  key: MessageKey;
  params?: Record<string, string | number>;
}
export type FormErrors = Partial<Record<FormField, FieldError>>;

/** The request field an issue concerns → the form field it is shown under. */
const FORM_FIELD: Partial<Record<string, FormField>> = {
  name: 'name',
  product_code: 'product_code',
  barcode: 'barcode',
  selling_price_kurus: 'selling_price',
  cost_price_kurus: 'cost_price',
  discounted_price_kurus: 'discounted_price',
  // a price missing altogether is named by its TL name (the specification's)
  selling_price: 'selling_price',
  cost_price: 'cost_price',
  discounted_price: 'discounted_price',
  description: 'description',
  category: 'category',
  brand: 'brand',
  unit: 'unit',
  vat_rate: 'vat_rate',
  min_stock: 'min_stock',
  current_stock: 'current_stock',
  tags: 'tags',
  images: 'image_url',
  status: 'status',
};

/** The label each field is named by in its messages (the catalogue key of its label). */
export const FIELD_LABEL_KEYS: Record<FormField, MessageKey> = {
  name: 'prod_fName',
  product_code: 'prod_fCode',
  selling_price: 'prod_fSellingPrice',
  cost_price: 'prod_fCostPrice',
  discounted_price: 'prod_fDiscountedPrice',
  description: 'prod_fDescription',
  category: 'prod_fCategory',
  brand: 'prod_fBrand',
  unit: 'prod_fUnit',
  vat_rate: 'prod_fVat',
  barcode: 'prod_fBarcode',
  min_stock: 'prod_fMinStock',
  current_stock: 'prod_fCurrentStock',
  tags: 'prod_fTags',
  image_url: 'prod_fImage',
  status: 'prod_fStatus',
};

const MONEY_REQUEST_FIELDS = new Set(['selling_price_kurus', 'cost_price_kurus', 'discounted_price_kurus']);

/** One schema issue as the generic form rule it is (the shown number in the form's unit, TL for money). */
function ruleOf(issue: z.core.$ZodIssue, field: ProductField): FieldError {
  const R = PRODUCT_RULE_TEXTS;
  const message = issue.message;
  const bound = (n: unknown) => (typeof n === 'number' || typeof n === 'bigint' ? Number(n) : 0);
  const shown = (n: number) => (MONEY_REQUEST_FIELDS.has(field) ? n / 100 : n);
  if (message === R.required(field)) return { key: 'prod_required' };
  if (message === R.number(field)) return { key: 'prod_invalidNumber' };
  if (message === R.format(field)) return { key: 'prod_invalidFormat' };
  if (message === PRODUCT_MESSAGES.discountAboveSelling) return { key: 'prod_discountAbove' };
  if (issue.code === 'too_small') {
    const n = bound(issue.minimum);
    return issue.origin === 'string'
      ? { key: 'prod_minLength', params: { n } }
      : { key: 'prod_min', params: { n: shown(n) } };
  }
  if (issue.code === 'too_big') {
    const n = bound(issue.maximum);
    return issue.origin === 'string'
      ? { key: 'prod_maxLength', params: { n } }
      : { key: 'prod_max', params: { n: shown(n) } };
  }
  return message.startsWith(fieldLabel(field))
    ? { key: 'prod_invalidFormat' }
    : { key: 'prod_refused', params: { message } };
}

/** The issues of a request check, by form field (the first issue of each field). */
export function errorsOf(issues: readonly z.core.$ZodIssue[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const requestField = String(issue.path[0] ?? '');
    const field = FORM_FIELD[requestField];
    if (!field) continue;
    const rule = ruleOf(issue, requestField as ProductField);
    // The first issue of a field is shown, except that an empty required field always says
    // "{label} gereklidir" (its length rule fails too, but that is not what is wrong).
    if (!errors[field] || (rule.key === 'prod_required' && errors[field]?.key !== 'prod_required'))
      errors[field] = rule;
  }
  return errors;
}

/** The create request, or the form's errors. */
export function checkCreate(
  form: ProductForm,
  id?: string,
): { ok: true; body: CreateProductKurusBody } | { ok: false; errors: FormErrors } {
  const body = createBodyOf(form, id);
  const check = createProductBody.safeParse(body);
  return check.success ? { ok: true, body } : { ok: false, errors: errorsOf(check.error.issues) };
}

/** The edit's changed fields (checked as the whole edit), or the form's errors. */
export function checkEdit(
  form: ProductForm,
  product: Product,
): { ok: true; changed: EditFields } | { ok: false; errors: FormErrors } {
  const { full, changed } = editOf(form, product);
  const check = updateProductBody.safeParse(full);
  return check.success ? { ok: true, changed } : { ok: false, errors: errorsOf(check.error.issues) };
}

/**
 * A refusal the server sent for a field (409: a product code or barcode another product has; 400
 * naming a field in its `field`, the wire name — `images[0].url` is the image's input), as the form
 * error under that field; null when it names none.
 */
export function refusalField(
  error: string | null | undefined,
  field?: string | null,
): { field: FormField; error: FieldError } | null {
  if (!error) return null;
  if (error === PRODUCT_MESSAGES.codeTaken)
    return { field: 'product_code', error: { key: 'prod_codeTaken' } };
  if (error === PRODUCT_MESSAGES.barcodeTaken)
    return { field: 'barcode', error: { key: 'prod_barcodeTaken' } };
  if (error === PRODUCT_MESSAGES.categoryUnknown)
    return { field: 'category', error: { key: 'prod_listUnknown' } };
  if (error === PRODUCT_MESSAGES.brandUnknown) return { field: 'brand', error: { key: 'prod_listUnknown' } };
  const named = field ? FORM_FIELD[field.split(/[.[]/)[0] ?? ''] : undefined;
  return named ? { field: named, error: { key: 'prod_refused', params: { message: error } } } : null;
}
