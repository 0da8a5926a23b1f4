import { z } from 'zod';
import { formatTL } from '../domain/money';
import { ORDER_STATUS_LABELS, ORDER_STATUS_LABELS_EN } from '../domain/order-status';
import { ROLE_LABELS, ROLE_LABELS_EN } from '../domain/roles';
import type { AuditEntityKind, AuditValueKind } from './audit-actions';

/**
 * What an update changed, as the log stores it: the changed fields only, each with its value
 * before and after. The server computes it where the change is made (`auditChanges`), from the
 * field list below — a field that is not listed is never stored, so a password hash, a token or
 * an API key never reaches the log whatever a record holds. A secret that a user may change (the
 * own password) is listed as `secret`: the log says that it changed, never a value.
 */
export type AuditValue = string | number | boolean | null;
export const auditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const auditChangeSchema = z.object({
  field: z.string(),
  before: auditValueSchema,
  after: auditValueSchema,
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

type FieldKind = AuditValueKind | 'text' | 'count' | 'secret';
interface FieldLabel {
  tr: string;
  en: string;
  kind?: FieldKind;
}
const f = (tr: string, en: string, kind?: FieldKind): FieldLabel => (kind ? { tr, en, kind } : { tr, en });

const FULL_NAME = f('Ad soyad', 'Full name');
const EMAIL = f('E-posta', 'E-mail');
const PHONE = f('Telefon', 'Phone');
const ADDRESS = f('Adres', 'Address');
const TAX_NUMBER = f('Vergi numarası', 'Tax number');
const TAX_OFFICE = f('Vergi dairesi', 'Tax office');
const TIMEZONE = f('Saat dilimi', 'Time zone');
const LANGUAGE = f('Dil', 'Language', 'language');

/** The fields each kind of record logs a change of, with their labels in both languages. */
export const AUDIT_FIELD_LABELS: Partial<Record<AuditEntityKind, Record<string, FieldLabel>>> = {
  product: {
    name: f('Ürün adı', 'Product name'),
    product_code: f('Ürün kodu', 'Product code'),
    barcode: f('Barkod', 'Barcode'),
    selling_price_kurus: f('Satış fiyatı', 'Selling price', 'money'),
    cost_price_kurus: f('Maliyet fiyatı', 'Cost price', 'money'),
    discounted_price_kurus: f('İndirimli fiyat', 'Discounted price', 'money'),
    description: f('Açıklama', 'Description'),
    category: f('Kategori', 'Category'),
    brand: f('Marka', 'Brand'),
    unit: f('Birim', 'Unit'),
    vat_rate: f('KDV oranı (%)', 'VAT rate (%)'),
    min_stock: f('Minimum stok', 'Minimum stock'),
    tags: f('Etiketler', 'Tags'),
    images: f('Görsel sayısı', 'Number of images', 'count'),
    status: f('Durum', 'Status', 'productStatus'),
  },
  customer: {
    full_name: FULL_NAME,
    company_name: f('Şirket adı', 'Company name'),
    phone: PHONE,
    email: EMAIL,
    address: ADDRESS,
    city: f('Şehir', 'City'),
    tax_office: TAX_OFFICE,
    tax_number: TAX_NUMBER,
  },
  user: {
    full_name: FULL_NAME,
    email: EMAIL,
    phone: PHONE,
    role: f('Rol', 'Role', 'role'),
    is_active: f('Aktif', 'Active', 'bool'),
    password: f('Şifre', 'Password', 'secret'),
  },
  order: {
    customer_id: f('Müşteri kaydı', 'Customer record'),
    customer_name: f('Müşteri', 'Customer'),
    customer_phone: f('Müşteri telefonu', 'Customer phone'),
    customer_email: f('Müşteri e-postası', 'Customer e-mail'),
    customer_address: f('Teslimat adresi', 'Delivery address'),
    notes: f('Notlar', 'Notes'),
    items: f('Kalem sayısı', 'Number of lines', 'count'),
    total_amount_kurus: f('Toplam tutar', 'Total amount', 'money'),
  },
  settings: {
    system_name: f('Sistem adı', 'System name'),
    maintenance_mode: f('Bakım modu', 'Maintenance mode', 'bool'),
    registration_enabled: f('Kayıt açık', 'Registration open', 'bool'),
    default_language: f('Varsayılan dil', 'Default language', 'language'),
    default_timezone: f('Varsayılan saat dilimi', 'Default time zone'),
    session_timeout: f('Oturum zaman aşımı (dakika)', 'Session timeout (minutes)'),
    max_login_attempts: f('En fazla giriş denemesi', 'Maximum sign-in attempts'),
    password_min_length: f('En kısa şifre uzunluğu', 'Minimum password length'),
    require_strong_password: f('Güçlü şifre zorunlu', 'Strong password required', 'bool'),
    email_notifications: f('E-posta bildirimleri', 'E-mail notifications', 'bool'),
    sms_notifications: f('SMS bildirimleri', 'SMS notifications', 'bool'),
    backup_frequency: f('Yedekleme sıklığı', 'Backup frequency'),
    backup_retention_days: f('Yedek saklama süresi (gün)', 'Backup retention (days)'),
    invoice_number_prefix: f('Fatura numarası öneki', 'Invoice number prefix'),
    invoice_profile: f('Fatura profili', 'Invoice profile'),
    auto_invoice_on_delivery: f('Teslimatta otomatik fatura', 'Automatic invoice on delivery', 'bool'),
  },
  company: {
    name: f('Şirket adı', 'Company name'),
    legal_name: f('Ticari unvan', 'Legal name'),
    tax_number: TAX_NUMBER,
    tax_office: TAX_OFFICE,
    address: ADDRESS,
    phone: PHONE,
    email: EMAIL,
    website: f('Web sitesi', 'Website'),
    currency: f('Para birimi', 'Currency'),
    timezone: TIMEZONE,
    language: LANGUAGE,
  },
  tenant: {
    company_name: f('Şirket adı', 'Company name'),
    subscription_plan: f('Abonelik planı', 'Subscription plan'),
    is_active: f('Aktif', 'Active', 'bool'),
    logo_url: f('Logo adresi', 'Logo address'),
    primary_color: f('Ana renk', 'Primary colour'),
    secondary_color: f('İkincil renk', 'Secondary colour'),
    company_description: f('Açıklama', 'Description'),
    timezone: TIMEZONE,
    currency: f('Para birimi', 'Currency'),
    language: LANGUAGE,
    order_number_prefix: f('Sipariş numarası öneki', 'Order number prefix'),
    customer_number_prefix: f('Müşteri numarası öneki', 'Customer number prefix'),
  },
};

/** Field names that hold secrets: never logged, even when a label table lists one by mistake. */
export const SECRET_FIELD = /^(password|pass|hash)$|_hash$|token|secret|api_?key|(^|_)otp($|_)/i;

/** A value as the log stores it: texts, numbers and yes/no as they are; a list as its items joined; objects as a count. */
function storable(value: unknown, kind: FieldKind | undefined): AuditValue {
  if (value === undefined || value === null) return null;
  if (kind === 'count') return Array.isArray(value) ? value.length : typeof value === 'number' ? value : null;
  if (Array.isArray(value))
    return value.every((v) => typeof v === 'string') ? value.join(', ') : value.length;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value).slice(0, 500);
}

/**
 * The changed fields of a record of `kind` between `before` and `after` (the listed fields only;
 * secrets never, and a `secret` field only as "changed" with no values). Empty when nothing
 * listed changed.
 */
export function auditChanges(kind: AuditEntityKind, before: object, after: object): AuditChange[] {
  const labels = AUDIT_FIELD_LABELS[kind] ?? {};
  const changes: AuditChange[] = [];
  for (const [field, label] of Object.entries(labels)) {
    if (label.kind === 'secret') continue;
    if (SECRET_FIELD.test(field)) continue;
    const was = storable((before as Record<string, unknown>)[field], label.kind);
    const now = storable((after as Record<string, unknown>)[field], label.kind);
    const empty = (v: AuditValue) => v === null || v === '';
    if (was === now || (empty(was) && empty(now))) continue;
    changes.push({ field, before: was, after: now });
  }
  return changes;
}

/** A secret field that changed: named, without values. */
export const secretChanged = (field: string): AuditChange => ({ field, before: null, after: null });

// ------------------------------------------------------------------------------- reading ---

export type AuditLanguage = 'tr' | 'en';

const PRODUCT_STATUS: Record<AuditLanguage, Record<string, string>> = {
  tr: { active: 'Aktif', inactive: 'Pasif' },
  en: { active: 'Active', inactive: 'Inactive' },
};
const LANGUAGES: Record<AuditLanguage, Record<string, string>> = {
  tr: { tr: 'Türkçe', en: 'İngilizce' },
  en: { tr: 'Turkish', en: 'English' },
};
const YES_NO: Record<AuditLanguage, [string, string]> = { tr: ['Evet', 'Hayır'], en: ['Yes', 'No'] };

/** A stored value (a parameter, or a field's before or after) as the reader's language shows it. */
export function auditValueText(
  value: AuditValue | undefined,
  kind: FieldKind | undefined,
  language: AuditLanguage,
): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (kind) {
    case 'orderStatus': {
      const labels: Record<string, string> = language === 'en' ? ORDER_STATUS_LABELS_EN : ORDER_STATUS_LABELS;
      return labels[String(value)] ?? String(value);
    }
    case 'role': {
      const labels: Record<string, string> = language === 'en' ? ROLE_LABELS_EN : ROLE_LABELS;
      return labels[String(value)] ?? String(value);
    }
    case 'productStatus':
      return PRODUCT_STATUS[language][String(value)] ?? String(value);
    case 'language':
      return LANGUAGES[language][String(value)] ?? String(value);
    case 'money':
      return typeof value === 'number' ? formatTL(value) : String(value);
    default:
      if (typeof value === 'boolean' || kind === 'bool') return YES_NO[language][value ? 0 : 1];
      return String(value);
  }
}

/** One change as a line: 'Satış fiyatı: 900,99 TL → 950,00 TL'; a secret: 'Şifre: değiştirildi'. */
export function renderAuditChange(
  kind: AuditEntityKind | string | null,
  change: AuditChange,
  language: AuditLanguage,
): { label: string; before: string; after: string; secret: boolean } {
  const label = (kind ? AUDIT_FIELD_LABELS[kind as AuditEntityKind]?.[change.field] : undefined) ?? null;
  const name = label ? label[language] : change.field;
  if (label?.kind === 'secret' || SECRET_FIELD.test(change.field)) {
    return { label: name, before: '', after: language === 'en' ? 'changed' : 'değiştirildi', secret: true };
  }
  return {
    label: name,
    before: auditValueText(change.before, label?.kind, language),
    after: auditValueText(change.after, label?.kind, language),
    secret: false,
  };
}
