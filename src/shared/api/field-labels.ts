import { required } from './errors';
/**
 * THE table of request fields: every field name any endpoint validates (body, query, path) with
 * the Turkish label a person knows it by — the label of its input on screen where one exists.
 * A refusal names a field by this label ('Satış Fiyatı: Minimum değer 0 olmalıdır', 'Beklenen
 * sürüm gereklidir'); the wire name only travels in the answer's `field`, for a client that puts
 * the message under the input (a person never reads 'selling_price_kurus').
 *
 * A schema whose context gives a field a more exact label (a product's `name` is 'Ürün Adı', a
 * category's just 'Ad') says so in its own messages; this table is what every other message —
 * the missing field, the wrong type, an unknown field — names it by.
 *
 * No imports: the shared schemas' common rules read it, and the server's validation formats every
 * refusal with it.
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  // products
  id: 'Kimlik',
  name: 'Ad',
  product_code: 'Ürün Kodu',
  barcode: 'Barkod',
  selling_price: 'Satış Fiyatı',
  selling_price_kurus: 'Satış Fiyatı',
  cost_price: 'Maliyet Fiyatı',
  cost_price_kurus: 'Maliyet Fiyatı',
  discounted_price: 'İndirimli Fiyat',
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
  url: 'Görsel adresi',
  hash: 'Görsel anahtarı',
  status: 'Durum',
  action: 'İşlem',
  items: 'Kalemler',
  expected_fingerprint: 'Önizleme parmak izi',
  sort_by: 'Sıralama alanı',
  sort_order: 'Sıralama yönü',
  // stock
  adjustment: 'Düzeltme miktarı',
  reason: 'Neden',
  device_time: 'Cihaz zamanı',
  count_id: 'Sayım kimliği',
  lines: 'Sayım satırları',
  product_id: 'Ürün',
  counted: 'Sayılan miktar',
  seen_stock_seq: 'Görülen stok hareketi',
  // orders, warehouse, delivery
  customer_id: 'Müşteri',
  customer_name: 'Müşteri adı',
  customer_phone: 'Telefon',
  customer_email: 'E-posta',
  customer_address: 'Adres',
  product_name: 'Ürün adı',
  quantity: 'Miktar',
  unit_price: 'Birim fiyat',
  unit_price_kurus: 'Birim fiyat',
  total_amount: 'Toplam tutar',
  total_amount_kurus: 'Toplam tutar',
  notes: 'Notlar',
  vehicle_plate: 'Plaka',
  driver_id: 'Sürücü',
  expected_version: 'Beklenen sürüm',
  expected_status: 'Beklenen durum',
  salesperson_id: 'Satış temsilcisi',
  role: 'Rol',
  orderId: 'Sipariş',
  order_id: 'Sipariş',
  scan_id: 'Okutma kimliği',
  recipient_name: 'Teslim alanın adı',
  signature: 'İmza',
  photo: 'Fotoğraf',
  delivered_at: 'Teslim zamanı',
  location: 'Konum',
  latitude: 'Enlem',
  longitude: 'Boylam',
  accuracy: 'Konum doğruluğu',
  // customers
  full_name: 'Ad Soyad',
  company_name: 'Şirket adı',
  phone: 'Telefon',
  email: 'E-posta',
  address: 'Adres',
  city: 'Şehir',
  tax_office: 'Vergi dairesi',
  tax_number: 'Vergi numarası',
  exclude_id: 'Hariç tutulan kayıt',
  // users, sign-in, profile
  username: 'Kullanıcı adı',
  password: 'Şifre',
  current_password: 'Mevcut şifre',
  new_password: 'Yeni şifre',
  token: 'Bağlantı anahtarı',
  is_active: 'Durum',
  userId: 'Kullanıcı',
  user_id: 'Kullanıcı',
  // company
  legal_name: 'Ticari unvan',
  website: 'Web sitesi',
  currency: 'Para birimi',
  timezone: 'Saat dilimi',
  language: 'Dil',
  // company sign-up
  industry: 'Sektör',
  contact_person_name: 'Yetkili Adı Soyadı',
  contact_person_email: 'Yetkili E-posta',
  contact_person_phone: 'Yetkili Telefon',
  subdomain: 'Alt alan adı',
  subscription_plan: 'Abonelik planı',
  address_street: 'Adres',
  address_city: 'Şehir',
  address_state: 'İlçe / Bölge',
  address_country: 'Ülke',
  form_token: 'Form anahtarı',
  // tenants (platform)
  tenant: 'Şirket',
  branding: 'Marka bilgileri',
  logo_url: 'Logo adresi',
  primary_color: 'Ana renk',
  secondary_color: 'İkincil renk',
  company_description: 'Şirket açıklaması',
  settings: 'Ayarlar',
  order_number_prefix: 'Sipariş numarası ön eki',
  customer_number_prefix: 'Müşteri numarası ön eki',
  first_admin: 'İlk yönetici',
  // system settings
  system_name: 'Sistem adı',
  system_version: 'Sistem sürümü',
  maintenance_mode: 'Bakım modu',
  registration_enabled: 'Kayıt açık',
  default_language: 'Varsayılan dil',
  default_timezone: 'Varsayılan saat dilimi',
  session_timeout: 'Oturum zaman aşımı',
  max_login_attempts: 'Maksimum giriş denemesi',
  password_min_length: 'Minimum şifre uzunluğu',
  require_strong_password: 'Güçlü şifre zorunlu',
  email_notifications: 'E-posta bildirimleri',
  sms_notifications: 'SMS bildirimleri',
  backup_frequency: 'Yedekleme sıklığı',
  backup_retention_days: 'Yedek saklama süresi',
  temp_password_days: 'Geçici şifre geçerlilik süresi',
  // invoices
  invoice_number_prefix: 'Fatura ön eki',
  invoice_profile: 'Fatura senaryosu',
  auto_invoice_on_delivery: 'Teslimatta otomatik fatura',
  type: 'Tür',
  // lists, logs, notifications, sync
  page: 'Sayfa',
  limit: 'Sayfa boyutu',
  search: 'Arama',
  from: 'Başlangıç tarihi',
  to: 'Bitiş tarihi',
  level: 'Seviye',
  entity_id: 'Kayıt kimliği',
  format: 'Biçim',
  lang: 'Dil',
  ids: 'Bildirim kimlikleri',
  unread: 'Okunmamış',
  cursor: 'Eşitleme konumu',
  collections: 'Eşitlenecek veriler',
  entries: 'Gönderilecek değişiklikler',
  key: 'Anahtar',
  method: 'Yöntem',
  path: 'Adres',
  record_key: 'Kayıt anahtarı',
  body: 'İçerik',
  file: 'Dosya',
  // customer accounts, payments
  amount: 'Tutar',
  amount_kurus: 'Tutar',
  applies_to: 'Faturalar',
  pos_slip_number: 'POS Slip No',
  bank_reference: 'Banka Referansı',
  document_number: 'Belge No',
  bank_name: 'Banka',
  drawer_name: 'Keşideci',
  document_due_day: 'Vade Tarihi',
  due_days: 'Vade Günü',
  credit_limit: 'Risk Limiti',
  credit_limit_kurus: 'Risk Limiti',
  kind: 'Kayıt türü',
  note: 'Not',
  returned: 'Karşılıksız',
  taken_at: 'Tahsilat zamanı',
  taken_by: 'Tahsil eden',
  credit_override_reason: 'Limit aşım nedeni',
  size: 'Kâğıt boyutu',
  day: 'Gün',
  counted_kurus: 'Sayılan tutarlar',
  cash: 'Sayılan nakit',
  card: 'Kredi kartı',
  transfer: 'Havale/EFT',
  cheque: 'Teslim edilen çekler',
  promissory_note: 'Teslim edilen senetler',
};

/** What one element of a list is called, for naming which one a refusal is about ('2. kalem'). */
const ELEMENT_NOUNS: Readonly<Record<string, string>> = {
  items: 'kalem',
  lines: 'satır',
  images: 'görsel',
  tags: 'etiket',
  entries: 'değişiklik',
  ids: 'kimlik',
  collections: 'veri',
};

/** The parts of a field path: `items[0].unit_price` → ['items', 0, 'unit_price']. */
export function fieldPath(field: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const part of field.split('.')) {
    const match = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
    if (!match) {
      out.push(part);
      continue;
    }
    if (match[1]) out.push(match[1]);
    for (const index of (match[2] ?? '').matchAll(/\[(\d+)\]/g)) out.push(Number(index[1]));
  }
  return out;
}

/** The label of a field (its last named part); null when the table has none. */
export function labelOf(field: string): string | null {
  const names = fieldPath(field).filter((p): p is string => typeof p === 'string');
  const last = names[names.length - 1];
  return last !== undefined ? (FIELD_LABELS[last] ?? null) : null;
}

/**
 * Which element of which list a field is in, as a person counts ('2. kalem'), for every list the
 * path goes through with a named field after it; '' when none. A refusal of `items[1].quantity`
 * says which line it is about; one of `tags[3]` names the list itself, so no position.
 */
export function positionOf(field: string): string {
  const parts = fieldPath(field);
  const named: string[] = [];
  for (let i = 1; i < parts.length - 1; i++) {
    const index = parts[i];
    const list = parts[i - 1];
    if (typeof index !== 'number' || typeof list !== 'string') continue;
    named.push(`${index + 1}. ${ELEMENT_NOUNS[list] ?? 'öğe'}`);
  }
  return named.join(', ');
}

/** A refusal's text as the user reads it: the position of the element first when it is in a list. */
export function refusalText(field: string | undefined, message: string): string {
  const position = field ? positionOf(field) : '';
  return position ? `${position}: ${message}` : message;
}

/** The text of a request naming fields that are not taken (an edit sending a read-only field). */
export function notEditableText(keys: readonly string[]): string {
  return `Bu alan düzenlenemez: ${keys.map((k) => FIELD_LABELS[k] ?? 'bilinmeyen alan').join(', ')}`;
}

// ------------------------------------------------------------------ the one refusal rule ---

const trNumber = new Intl.NumberFormat('tr-TR');
const shown = (n: number | bigint) => (typeof n === 'bigint' ? n.toString() : trNumber.format(n));

/** The path of an issue as its `field` on the wire: ['items', 0, 'unit_price'] → 'items[0].unit_price'. */
export function fieldName(path: readonly PropertyKey[]): string | undefined {
  if (path.length === 0) return undefined;
  return path
    .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
    .join('.')
    .replace(/\.\[/g, '[');
}

/** The facts of an issue the texts below read (zod's raw issue, loosely). */
interface IssueFacts {
  code?: string;
  input?: unknown;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  keys?: readonly string[];
}

/**
 * The Turkish text of a refusal no schema worded itself, naming the field by `label`: the spec's
 * generic form texts where it gives one ('{label} gereklidir', 'Geçerli bir sayı giriniz',
 * 'Minimum değer {n} olmalıdır', 'Maksimum değer {n} olmalıdır', 'Geçersiz format'), the shared
 * text rule's wording for lengths. Never zod's own text ('beklenen number, alınan undefined').
 */
export function issueText(issue: IssueFacts, label: string): string {
  const missing = issue.input === undefined;
  switch (issue.code) {
    case 'invalid_type':
      if (missing) return required(label);
      if (issue.input === null) return `${label} boş bırakılamaz`;
      switch (issue.expected) {
        case 'number':
        case 'int':
        case 'bigint':
        case 'nan':
          return `${label}: Geçerli bir sayı giriniz`;
        case 'string':
          return `${label} metin olmalıdır`;
        case 'boolean':
          return `${label} true veya false olmalıdır`;
        case 'array':
          return `${label} bir liste olmalıdır`;
        default:
          return `${label}: Geçersiz format`;
      }
    case 'too_small': {
      const n = issue.minimum ?? 0;
      if (issue.origin === 'string')
        return n === 1 ? required(label) : `${label} en az ${shown(n)} karakter olmalıdır`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${label} en az ${shown(n)} öğe içermelidir`;
      return issue.inclusive === false
        ? `${label} ${shown(n)} değerinden büyük olmalıdır`
        : `${label}: Minimum değer ${shown(n)} olmalıdır`;
    }
    case 'too_big': {
      const n = issue.maximum ?? 0;
      if (issue.origin === 'string') return `${label} en fazla ${shown(n)} karakter olabilir`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${label} en fazla ${shown(n)} öğe içerebilir`;
      return issue.inclusive === false
        ? `${label} ${shown(n)} değerinden küçük olmalıdır`
        : `${label}: Maksimum değer ${shown(n)} olmalıdır`;
    }
    case 'invalid_value':
      return missing ? required(label) : `${label}: geçerli bir seçenek seçiniz`;
    case 'not_multiple_of':
      return `${label}: Geçerli bir sayı giriniz`;
    case 'unrecognized_keys':
      return notEditableText(issue.keys ?? []);
    default:
      return missing ? required(label) : `${label}: Geçersiz format`;
  }
}

/**
 * The zod error map of the one rule: a schema's own message wins (it names the field by the
 * label of its context); every other issue gets `issueText`, naming the field by this table's
 * label — `rootLabel` for the value as a whole (the request body, the query).
 */
export function labelledErrorMap(rootLabel: string) {
  return (issue: IssueFacts & { path?: readonly PropertyKey[] }): string => {
    const field = fieldName(issue.path ?? []);
    const label = field ? (labelOf(field) ?? 'Bu alan') : rootLabel;
    return issueText(issue, label);
  };
}
