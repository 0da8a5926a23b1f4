/**
 * What the system log says, as data: one entry per action code the server writes.
 *
 * A log row stores its action code and the named parameters of its message (`params`), the way an
 * order event or a notification stores what it says (stored-texts.ts); the reader renders the
 * sentence in their own language from this table. The row's `message` column keeps the Turkish
 * sentence (what API clients and exports without a language read); rows written before
 * parameters were stored have none and show their action's generic sentence (`tr`/`en`), or in
 * Turkish the text they stored.
 *
 * `AuditAction` is the union of the table's keys and the server's audit writers take only that
 * type: a code without a message in both languages cannot be written. tests/unit/audit-actions
 * checks both languages name the same parameters and that every code the server writes is here.
 *
 * Placeholders are `{name}`, filled in one pass (stored-texts.ts `fillTemplate`). Words a user
 * typed (names, reasons) are parameters, shown as typed; a parameter listed in `values` is a code
 * (an order status, a role) shown through that kind's label table (audit-fields.ts).
 */

/** What a log row points at: decides the page the detail dialog links to. */
export const AUDIT_ENTITY_KINDS = [
  'order',
  'product',
  'customer',
  'user',
  'invoice',
  'tenant',
  'company',
  'settings',
  'notification',
  'session',
  'backup',
  'category',
  'brand',
  'image',
  'import',
  'stock_count',
  'registration',
  'dns',
  'audit_log',
] as const;
export type AuditEntityKind = (typeof AUDIT_ENTITY_KINDS)[number];

/** Codes a parameter's value may be, shown through a label table in each language. */
export type AuditValueKind = 'orderStatus' | 'role' | 'productStatus' | 'bool' | 'money' | 'language';

export interface AuditActionText {
  entity: AuditEntityKind;
  /** The sentence without parameters (old rows, rows without `params`). */
  tr: string;
  en: string;
  /** The sentence with its named parameters; shown when every placeholder has a value. */
  trFull?: string;
  enFull?: string;
  /** Parameters whose values are codes shown through a label table. */
  values?: Record<string, AuditValueKind>;
}

const text = (
  entity: AuditEntityKind,
  tr: string,
  en: string,
  full?: [tr: string, en: string],
  values?: Record<string, AuditValueKind>,
): AuditActionText => ({
  entity,
  tr,
  en,
  ...(full ? { trFull: full[0], enFull: full[1] } : {}),
  ...(values ? { values } : {}),
});

const ORDER_REF: [string, string] = ['{number} ({customer})', '{number} ({customer})'];
const PRODUCT_REF = '{name} ({code})';
const USER_REF = '{name} ({username})';
const TENANT_REF = '{name} ({subdomain})';
const withRef = (tr: string, en: string, ref: [string, string] | string): [string, string] => [
  `${tr}: ${typeof ref === 'string' ? ref : ref[0]}`,
  `${en}: ${typeof ref === 'string' ? ref : ref[1]}`,
];

/** Every action code the server writes, with its message in Turkish and English. */
export const AUDIT_ACTIONS = {
  // ------------------------------------------------------------------ sign-in and account ---
  'auth.login': text('user', 'Kullanıcı giriş yaptı', 'User signed in'),
  'auth.logout': text('session', 'Kullanıcı çıkış yaptı', 'User signed out'),
  'auth.register': text(
    'user',
    'Yeni kullanıcı kaydı',
    'New user registered',
    withRef('Yeni kullanıcı kaydı', 'New user registered', USER_REF),
  ),
  'auth.login_failed': text('user', 'Başarısız giriş denemesi', 'Failed sign-in attempt', [
    'Başarısız giriş denemesi: {username}',
    'Failed sign-in attempt: {username}',
  ]),
  'auth.lockout': text('user', 'Hesap kilitlendi', 'Account locked', [
    'Hesap {minutes} dakika kilitlendi ({attempts} başarısız deneme): {username}',
    'Account locked for {minutes} minutes ({attempts} failed attempts): {username}',
  ]),
  'auth.password_check_failed': text(
    'user',
    'Şifre değişikliğinde hatalı mevcut şifre',
    'Wrong current password on a password change',
    [
      'Şifre değişikliğinde hatalı mevcut şifre: {username}',
      'Wrong current password on a password change: {username}',
    ],
  ),
  'auth.password_reset_requested': text(
    'user',
    'Şifre sıfırlama bağlantısı gönderildi',
    'Password reset link sent',
    ['Şifre sıfırlama bağlantısı gönderildi: {username}', 'Password reset link sent: {username}'],
  ),
  'auth.password_reset': text(
    'user',
    'Şifre sıfırlama bağlantısıyla şifre değiştirildi',
    'Password changed with a reset link',
    [
      'Şifre sıfırlama bağlantısıyla şifre değiştirildi: {username} ({sessions} oturum sonlandırıldı)',
      'Password changed with a reset link: {username} ({sessions} sessions ended)',
    ],
  ),
  'auth.temporary_password_expired': text(
    'user',
    'Süresi dolmuş geçici şifreyle giriş denemesi',
    'Sign-in attempt with an expired temporary password',
    [
      'Süresi dolmuş geçici şifreyle giriş denemesi: {username}',
      'Sign-in attempt with an expired temporary password: {username}',
    ],
  ),
  /** Written by earlier versions for a profile edit (now user.profile_update). */
  'auth.profile_update': text('user', 'Profil güncellendi', 'Profile updated'),
  'user.profile_update': text('user', 'Profil güncellendi', 'Profile updated'),

  // ------------------------------------------------------------------------------ orders ---
  'order.create': text(
    'order',
    'Sipariş oluşturuldu',
    'Order created',
    withRef('Sipariş oluşturuldu', 'Order created', ORDER_REF),
  ),
  'order.update': text(
    'order',
    'Sipariş güncellendi',
    'Order updated',
    withRef('Sipariş güncellendi', 'Order updated', ORDER_REF),
  ),
  'order.status': text(
    'order',
    'Sipariş durumu değişti',
    'Order status changed',
    [
      'Sipariş durumu değişti: {number} ({customer}): {from} → {to}',
      'Order status changed: {number} ({customer}): {from} → {to}',
    ],
    { from: 'orderStatus', to: 'orderStatus' },
  ),
  'order.assign_driver': text('order', 'Sürücü atandı', 'Driver assigned', [
    'Sürücü atandı: {number} ({customer}) → {driver}',
    'Driver assigned: {number} ({customer}) → {driver}',
  ]),
  'order.delete': text(
    'order',
    'Sipariş silindi',
    'Order deleted',
    withRef('Sipariş silindi', 'Order deleted', ORDER_REF),
  ),
  'order.scan': text('order', 'Sipariş ürünü okutuldu', 'Order item scanned', [
    'Sipariş ürünü okutuldu: {product}, {number} ({customer})',
    'Order item scanned: {product}, {number} ({customer})',
  ]),
  'order.deliver': text('order', 'Sipariş teslim edildi', 'Order delivered', [
    'Sipariş teslim edildi: {number} ({customer}), teslim alan: {recipient}',
    'Order delivered: {number} ({customer}), received by {recipient}',
  ]),
  'debug.approve_first_order': text(
    'order',
    'Demo: bekleyen sipariş onaylandı',
    'Demo: a pending order approved',
    withRef('Demo: bekleyen sipariş onaylandı', 'Demo: a pending order approved', ORDER_REF),
  ),
  'debug.create_test_orders': text(
    'order',
    'Demo: test siparişleri oluşturuldu',
    'Demo: test orders created',
    ['Demo: {count} test siparişi oluşturuldu', 'Demo: {count} test orders created'],
  ),

  // ---------------------------------------------------------------------------- products ---
  'product.create': text(
    'product',
    'Ürün eklendi',
    'Product added',
    withRef('Ürün eklendi', 'Product added', PRODUCT_REF),
  ),
  'product.update': text(
    'product',
    'Ürün güncellendi',
    'Product updated',
    withRef('Ürün güncellendi', 'Product updated', PRODUCT_REF),
  ),
  'product.delete': text(
    'product',
    'Ürün silindi',
    'Product deleted',
    withRef('Ürün silindi', 'Product deleted', PRODUCT_REF),
  ),
  'product.bulk_activate': text('product', 'Ürünler aktifleştirildi', 'Products activated', [
    '{count} ürün aktifleştirildi',
    '{count} products activated',
  ]),
  'product.bulk_deactivate': text('product', 'Ürünler pasifleştirildi', 'Products deactivated', [
    '{count} ürün pasifleştirildi',
    '{count} products deactivated',
  ]),
  'product.bulk_delete': text('product', 'Ürünler silindi', 'Products deleted', [
    '{count} ürün silindi',
    '{count} products deleted',
  ]),
  'product.category_create': text(
    'category',
    'Kategori eklendi',
    'Category added',
    withRef('Kategori eklendi', 'Category added', '{name}'),
  ),
  'product.brand_create': text(
    'brand',
    'Marka eklendi',
    'Brand added',
    withRef('Marka eklendi', 'Brand added', '{name}'),
  ),
  'product.image_upload': text('image', 'Ürün görseli yüklendi', 'Product image uploaded'),
  'product.import': text('import', 'Ürünler içe aktarıldı', 'Products imported', [
    'Ürünler içe aktarıldı: {created} yeni, {updated} güncellendi, {unchanged} aynı',
    'Products imported: {created} new, {updated} updated, {unchanged} unchanged',
  ]),
  'product.stock_adjust': text('product', 'Stok düzeltildi', 'Stock adjusted', [
    'Stok düzeltildi: {name} ({code}): {quantity}',
    'Stock adjusted: {name} ({code}): {quantity}',
  ]),
  'inventory.count': text('stock_count', 'Stok sayımı kaydedildi', 'Stock count saved', [
    'Stok sayımı kaydedildi: {count} ürün',
    'Stock count saved: {count} products',
  ]),

  // --------------------------------------------------------------------------- customers ---
  'customer.create': text(
    'customer',
    'Müşteri eklendi',
    'Customer added',
    withRef('Müşteri eklendi', 'Customer added', '{name}'),
  ),
  'customer.update': text(
    'customer',
    'Müşteri güncellendi',
    'Customer updated',
    withRef('Müşteri güncellendi', 'Customer updated', '{name}'),
  ),
  'customer.delete': text(
    'customer',
    'Müşteri silindi',
    'Customer deleted',
    withRef('Müşteri silindi', 'Customer deleted', '{name}'),
  ),

  // ------------------------------------------------------------------------------- users ---
  'user.create': text(
    'user',
    'Kullanıcı oluşturuldu',
    'User created',
    withRef('Kullanıcı oluşturuldu', 'User created', USER_REF),
  ),
  'user.update': text(
    'user',
    'Kullanıcı güncellendi',
    'User updated',
    withRef('Kullanıcı güncellendi', 'User updated', USER_REF),
  ),
  'user.delete': text(
    'user',
    'Kullanıcı silindi',
    'User deleted',
    withRef('Kullanıcı silindi', 'User deleted', USER_REF),
  ),
  'user.reset_password': text(
    'user',
    'Kullanıcının şifresi sıfırlandı',
    "User's password reset",
    withRef('Kullanıcının şifresi sıfırlandı', "User's password reset", USER_REF),
  ),
  'user.unlock': text(
    'user',
    'Kullanıcının kilidi açıldı',
    'User unlocked',
    withRef('Kullanıcının kilidi açıldı', 'User unlocked', USER_REF),
  ),

  // ------------------------------------------------------------- company, settings, admin ---
  'settings.update': text('settings', 'Sistem ayarları güncellendi', 'System settings updated'),
  'company.update': text('company', 'Şirket profili güncellendi', 'Company profile updated'),
  'company.logo_upload': text('company', 'Şirket logosu yüklendi', 'Company logo uploaded'),
  'company.logo_delete': text('company', 'Şirket logosu kaldırıldı', 'Company logo removed'),
  'admin.logs_export': text('audit_log', 'Sistem logları dışa aktarıldı', 'System logs exported', [
    'Sistem logları dışa aktarıldı ({filters})',
    'System logs exported ({filters})',
  ]),
  'backup.create': text('backup', 'Yedekleme başlatıldı', 'Backup started'),
  'backup.download': text(
    'backup',
    'Yedek indirildi',
    'Backup downloaded',
    withRef('Yedek indirildi', 'Backup downloaded', '{file}'),
  ),
  'notification.read': text(
    'notification',
    'Bildirim okundu olarak işaretlendi',
    'Notification marked as read',
  ),
  'notification.mark_all_read': text(
    'notification',
    'Tüm bildirimler okundu olarak işaretlendi',
    'All notifications marked as read',
  ),
  'notification.delete': text('notification', 'Bildirim silindi', 'Notification deleted'),

  // ---------------------------------------------------------------------------- invoices ---
  'invoice.settings': text('settings', 'Fatura ayarları güncellendi', 'Invoice settings updated'),
  'invoice.issue': text('invoice', 'Fatura kesildi', 'Invoice issued', [
    'Fatura kesildi: {number} (sipariş {order})',
    'Invoice issued: {number} (order {order})',
  ]),
  'invoice.return': text('invoice', 'İade faturası kesildi', 'Return invoice issued', [
    'İade faturası kesildi: {number} (sipariş {order})',
    'Return invoice issued: {number} (order {order})',
  ]),
  'invoice.cancel': text('invoice', 'Fatura iptal edildi', 'Invoice cancelled', [
    'Fatura iptal edildi: {number} (sipariş {order}), neden: {reason}',
    'Invoice cancelled: {number} (order {order}), reason: {reason}',
  ]),
  'invoice.skipped': text('order', 'Otomatik fatura kesilemedi', 'Automatic invoice skipped'),

  // ------------------------------------------------------------- customer accounts, payments ---
  'payment.create': text(
    'customer',
    'Tahsilat alındı',
    'Payment taken',
    ['Tahsilat alındı: {receipt} ({name}, {amount})', 'Payment taken: {receipt} ({name}, {amount})'],
    { amount: 'money' },
  ),
  'payment.reverse': text('customer', 'Tahsilat iptal edildi', 'Payment reversed', [
    'Tahsilat iptal edildi: {receipt} ({name}), neden: {reason}',
    'Payment reversed: {receipt} ({name}), reason: {reason}',
  ]),
  'order.credit_override': text(
    'order',
    'Risk limiti aşılarak onaylandı',
    'Approved over the credit limit',
    [
      'Risk limiti aşılarak onaylandı: {number} ({customer}), aşım {over}, neden: {reason}',
      'Approved over the credit limit: {number} ({customer}), over by {over}, reason: {reason}',
    ],
    { over: 'money' },
  ),
  'dayend.confirm': text(
    'user',
    'Gün sonu onaylandı',
    'Day-end confirmed',
    [
      'Gün sonu onaylandı: {name}, {day} (fark {difference})',
      'Day-end confirmed: {name}, {day} (difference {difference})',
    ],
    { difference: 'money' },
  ),
  'account.terms': text(
    'customer',
    'Vade ve risk limiti güncellendi',
    'Payment terms and credit limit updated',
    withRef('Vade ve risk limiti güncellendi', 'Payment terms and credit limit updated', '{name}'),
  ),
  'account.adjust': text(
    'customer',
    'Cari hesap düzeltmesi',
    'Account adjustment',
    [
      'Cari hesap düzeltmesi: {name} ({amount}), neden: {reason}',
      'Account adjustment: {name} ({amount}), reason: {reason}',
    ],
    { amount: 'money' },
  ),

  // ------------------------------------------------------------------ companies (platform) ---
  'tenant.create': text(
    'tenant',
    'Şirket oluşturuldu',
    'Company created',
    withRef('Şirket oluşturuldu', 'Company created', TENANT_REF),
  ),
  'tenant.update': text(
    'tenant',
    'Şirket güncellendi',
    'Company updated',
    withRef('Şirket güncellendi', 'Company updated', TENANT_REF),
  ),
  'tenant.settings': text(
    'tenant',
    'Şirket ayarları güncellendi',
    'Company settings updated',
    withRef('Şirket ayarları güncellendi', 'Company settings updated', TENANT_REF),
  ),
  'tenant.delete': text(
    'tenant',
    'Şirket silindi',
    'Company deleted',
    withRef('Şirket silindi', 'Company deleted', TENANT_REF),
  ),
  'tenant.final_backup': text(
    'tenant',
    'Şirket son yedeğiyle silindi',
    'Company deleted after a final backup',
    [
      'Şirket son yedeğiyle silindi: {name} ({subdomain}); yedek: {file}',
      'Company deleted after a final backup: {name} ({subdomain}); backup: {file}',
    ],
  ),
  'tenant.admin_create': text('tenant', 'Şirkete yönetici eklendi', 'Administrator added to a company', [
    'Şirkete yönetici eklendi: {name} ({subdomain}); yönetici: {username}',
    'Administrator added to a company: {name} ({subdomain}); administrator: {username}',
  ]),
  'tenant.admin_reset_password': text(
    'tenant',
    'Şirket yöneticisinin şifresi sıfırlandı',
    "A company administrator's password reset",
    [
      'Şirket yöneticisinin şifresi sıfırlandı: {name} ({subdomain}); yönetici: {username}',
      "A company administrator's password reset: {name} ({subdomain}); administrator: {username}",
    ],
  ),
  'tenant.provision': text(
    'user',
    'Şirket kaydı onayıyla oluşturuldu',
    'Company created from an approved registration',
    [
      'Şirket kaydı onayıyla oluşturuldu; ilk yönetici: {username}',
      'Company created from an approved registration; first administrator: {username}',
    ],
  ),
  'registration.create': text(
    'registration',
    'Yeni şirket kaydı',
    'New company registration',
    withRef('Yeni şirket kaydı', 'New company registration', TENANT_REF),
  ),
  'registration.approve': text(
    'registration',
    'Şirket kaydı onaylandı',
    'Company registration approved',
    withRef('Şirket kaydı onaylandı', 'Company registration approved', TENANT_REF),
  ),
  'registration.reject': text(
    'registration',
    'Şirket kaydı reddedildi',
    'Company registration rejected',
    withRef('Şirket kaydı reddedildi', 'Company registration rejected', TENANT_REF),
  ),
  'registration.suspend': text(
    'registration',
    'Şirket askıya alındı',
    'Company suspended',
    withRef('Şirket askıya alındı', 'Company suspended', TENANT_REF),
  ),
  'dns.setup_wildcard': text(
    'dns',
    'Wildcard DNS kaydı',
    'Wildcard DNS record',
    withRef('Wildcard DNS kaydı', 'Wildcard DNS record', '{detail}'),
  ),
  'dns.setup_existing': text(
    'dns',
    'Mevcut şirketler için DNS kayıtları',
    'DNS records for existing companies',
    [
      'Mevcut şirketler için DNS kayıtları: {written} yazıldı, {failed} başarısız',
      'DNS records for existing companies: {written} written, {failed} failed',
    ],
  ),
} as const satisfies Record<string, AuditActionText>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_CODES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}

/** The named parameters of a log row's message (names and numbers as they were). */
export type AuditParams = Record<string, string | number>;

/** The kind of record an action touches (null for a code this table does not know). */
export function entityKindOf(action: string): AuditEntityKind | null {
  return isAuditAction(action) ? AUDIT_ACTIONS[action].entity : null;
}
