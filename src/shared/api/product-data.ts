import { MAX_UNIT_PRICE_TL } from '../domain/money';
import { required } from './errors';

/**
 * The data of product management — statuses, units, KDV rates, bounds, field labels and the Turkish
 * texts of its rules and refusals — apart from its schemas (./products.ts, which re-exports all of
 * it), so the product dialog, the import and the server name every field and bound the same way.
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

/** The units in English (the Turkish screens show the unit itself, which is its Turkish name). */
export const PRODUCT_UNIT_LABELS_EN: Record<ProductUnit, string> = {
  adet: 'pcs',
  kg: 'kg',
  g: 'g',
  lt: 'L',
  ml: 'ml',
  m: 'm',
  'm²': 'm²',
  koli: 'carton',
  paket: 'pack',
  kutu: 'box',
  set: 'set',
};

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

/**
 * The Turkish labels of the product fields, as the product dialog shows them: every message names
 * a field by its label (the wire name only travels in a refusal's `field`).
 */
export const PRODUCT_FIELD_LABELS = {
  id: 'Ürün kimliği',
  name: 'Ürün Adı',
  product_code: 'Ürün Kodu',
  barcode: 'Barkod',
  selling_price: 'Satış Fiyatı',
  cost_price: 'Maliyet Fiyatı',
  discounted_price: 'İndirimli Fiyat',
  selling_price_kurus: 'Satış Fiyatı',
  cost_price_kurus: 'Maliyet Fiyatı',
  discounted_price_kurus: 'İndirimli Fiyat',
  description: 'Açıklama',
  category: 'Kategori',
  brand: 'Marka',
  unit: 'Birim',
  vat_rate: 'KDV Oranı',
  min_stock: 'Minimum Stok',
  current_stock: 'Mevcut Stok',
  tags: 'Etiketler',
  images: 'Görseller',
  status: 'Durum',
} as const;
export type ProductField = keyof typeof PRODUCT_FIELD_LABELS;

/** `Ürün Adı`: how a message names a field. */
export const fieldLabel = (field: ProductField) => PRODUCT_FIELD_LABELS[field];

const trNumber = new Intl.NumberFormat('tr-TR');

/** The generic form rules' texts, naming the field. */
export const PRODUCT_RULE_TEXTS = {
  required: (field: ProductField) => required(fieldLabel(field)),
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
  codeTaken: 'Bu ürün kodu zaten kullanılıyor',
  barcodeTaken: 'Bu barkod zaten kullanılıyor',
  idTaken: 'Bu ürün kimliği başka bir ürüne ait',
  versionConflict: 'Ürün siz düzenlerken değişti. Güncel hâli gösteriliyor; değişikliğinizi tekrar yapın.',
  discountAboveSelling: 'İndirimli fiyat satış fiyatından büyük olamaz',
  /** The same refusal for a client that sent the TL name. */
  discountAboveSellingTl: 'İndirimli fiyat satış fiyatından büyük olamaz',
  /** A product naming an image not uploaded to its tenant (the refusal names which one: '2. görsel: …'). */
  imageUnknown: 'Görsel bulunamadı; önce yükleyin',
  categoryUnknown: 'Kategori listede yok; önce ekleyin',
  brandUnknown: 'Marka listede yok; önce ekleyin',
  imageRequired: 'Görsel dosyası gereklidir',
  imageTooLarge: `Görsel en fazla ${PRODUCT_LIMITS.imageBytesMax / 1024 / 1024} MB olabilir`,
  imageType: 'Görsel JPEG, PNG veya WebP olmalıdır',
  imageOneFile: 'Tek seferde bir görsel yüklenebilir',
  imageCorrupt: 'Görsel dosyası bozuk ya da eksik; resmi yeniden kaydedip yükleyin',
  imageDimensions: `Görsel en fazla ${PRODUCT_LIMITS.imageSideMax} × ${PRODUCT_LIMITS.imageSideMax} piksel olabilir`,
  imageField: 'Görsel dosyası "file" alanında gönderilmelidir',
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
