import { ORDER_MESSAGES } from '../../shared/api/order-messages';
import { STORED_TEXTS_TR } from '../../shared/api/stored-texts';
import { backupsTr } from '../admin/backups/messages-tr';
import { companyTr } from '../admin/company/messages-tr';
import { logsTr } from '../admin/logs/messages-tr';
import { adminTr } from '../admin/messages-tr';
import { adminOrdersTr } from '../admin/orders/messages-tr';
import { registrationsTr } from '../admin/registrations/messages-tr';
import { settingsTr } from '../admin/settings/messages-tr';
import { statusTr } from '../admin/status/messages-tr';
import { usersTr } from '../admin/users/messages-tr';
import { authTr } from '../auth/messages-tr';
import { customersTr } from '../customers/messages-tr';
import { dashboardTr } from '../dashboard/messages-tr';
import { driverTr } from '../driver/messages-tr';
import { inventoryTr } from '../inventory/messages-tr';
import { invoicesTr } from '../invoices/messages-tr';
import { notificationsTr } from '../notifications/messages-tr';
import { ordersTr } from '../orders/messages-tr';
import { passwordResetTr } from '../password-reset/messages-tr';
import { importTr } from '../products/import/messages-tr';
import { productsTr } from '../products/messages-tr';
import { profileTr } from '../profile/messages-tr';
import { registerCompanyTr } from '../register-company/messages-tr';
import { salesTr } from '../sales/messages-tr';
import { deviceSettingsTr } from '../settings/messages-tr';
import { syncTr } from '../sync/messages-tr';
import { tenantsTr } from '../tenant-management/messages-tr';
import { warehouseTr } from '../warehouse/messages-tr';

/**
 * The Turkish catalogue: the spec's texts, exactly (the default language, in the first download).
 * Texts more than one feature shows (the shell, shared components, stored texts) live here; a
 * text only one feature shows lives with it, in that feature's messages-tr.ts, spread in below.
 * The keys of all of them together are `MessageKey`; spreading would let a key defined twice
 * silently win, so a unit test (i18n-catalogues) refuses one, and feature keys carry the
 * feature's prefix. English is i18n-en.ts, built the same way and loaded on demand.
 */
export const tr = {
  appName: 'Sipariş Yönetim Sistemi',
  appShortName: 'Sipariş',
  loading: 'Loading',
  // login
  loginHeading: 'Giriş Yap',
  loginTagline: 'Siparişlerinizi satıştan teslimata kadar takip edin',
  username: 'Kullanıcı Adı',
  password: 'Şifre',
  languageSwitch: 'Dil',
  logoutSuccess: 'Başarıyla çıkış yapıldı',
  // page titles (top bar, menu, breadcrumbs)
  page_dashboard: 'Dashboard',
  page_myOrdersTitle: 'Siparişlerim',
  page_managerDashboard: 'Müdür Paneli',
  page_warehouseDashboard: 'Depo Yönetimi',
  page_orders: 'Siparişler',
  page_orderDetail: 'Sipariş Detayı',
  page_myOrders: 'Siparişlerim',
  page_createOrder: 'Sipariş Oluştur',
  page_sales: 'Satış',
  page_inventory: 'Envanter',
  page_customers: 'Müşteriler',
  page_invoices: 'Faturalar',
  page_notifications: 'Bildirimler',
  page_admin: 'Yönetim Paneli',
  page_tenantManagement: 'Tenant Yönetimi',
  page_settings: 'Ayarlar',
  page_productManagement: 'Ürün Yönetimi',
  page_profile: 'Profil',
  // layout
  home: 'Ana Sayfa',
  profile: 'Profil',
  logout: 'Çıkış Yap',
  notifications: 'Bildirimler',
  checkAllNotifications: 'Check all notifications >',
  noNotifications: 'Bildirim yok',
  toggleTheme: 'Temayı değiştir',
  lightTheme: 'Açık tema',
  darkTheme: 'Koyu tema',
  language: 'Dil',
  openMenu: 'Menüyü aç',
  collapseMenu: 'Menüyü daralt',
  expandMenu: 'Menüyü genişlet',
  tenant: 'Şirket',
  routeRefused: '“{page}” sayfasını açma yetkiniz yok; ana sayfanıza yönlendirildiniz.',
  online: 'Çevrimiçi',
  offline: 'Çevrimdışı',
  maintenanceState: 'Bakımda',
  maintenanceStateHint: 'Sunucu bakımda',
  syncing: 'Eşitleniyor',
  pendingChanges: '{n} değişiklik gönderilmeyi bekliyor',
  failedChanges: '{n} değişiklik reddedildi',
  syncPaused: 'Eşitleme duraklatıldı: tekrar giriş yapın',
  allSynced: 'Tüm değişiklikler gönderildi',
  retry: 'Tekrar dene',
  discard: 'Vazgeç',
  updateReady: 'Yeni sürüm hazır',
  update: 'Güncelle',
  later: 'Sonra',
  // error fallback
  errorHeading: 'Bir Hata Oluştu',
  errorText: 'Beklenmeyen bir hata oluştu. Lütfen sayfayı yenileyin veya ana sayfaya dönün.',
  reload: 'Sayfayı Yenile',
  goHome: 'Ana Sayfaya Dön',
  // notifications screen
  search: 'Ara',
  type: 'Tür',
  markRead: 'Okundu olarak işaretle',
  markAllRead: 'Tümünü okundu işaretle',
  delete: 'Sil',
  unread: 'Okunmamış',
  unreadCount: '{n} okunmamış',
  markAllReadSuccess: 'Tüm bildirimler okundu olarak işaretlendi',
  markAllReadError: 'Bildirimler işaretlenirken hata oluştu',
  deleteSuccess: 'Bildirim silindi',
  deleteError: 'Bildirim silinirken hata oluştu',
  localStoreUnavailable: 'Yerel veri deposu açılamadı. Bildirimler gösterilemiyor.',
  // profile
  profileHeading: 'Profil',
  email: 'E-posta',
  phone: 'Telefon',
  role: 'Rol',
  save: 'Kaydet',
  genericError: 'Bir hata oluştu. Lütfen tekrar deneyin.',
  // unsent changes at sign-out, and on the login screen
  unsentTitle: 'Gönderilmemiş değişiklikler',
  unsentCount: '{n} değişiklik henüz sunucuya gönderilmedi.',
  unsentRejected: 'Bunların {n} tanesi sunucu tarafından reddedildi; eşitleme panelinden inceleyebilirsiniz.',
  unsentKeptOnDevice:
    'Yine de çıkış yaparsanız değişiklikler bu cihazda sizin adınıza saklanır ve tekrar giriş yaptığınızda gönderilir.',
  unsentSyncing: 'Gönderiliyor… {n} değişiklik kaldı.',
  unsentAllSent: 'Tüm değişiklikler gönderildi. Çıkış yapılıyor…',
  unsentOffline:
    'Sunucuya ulaşılamadı: {n} değişiklik hâlâ gönderilmedi. Bağlantınızı kontrol edip tekrar deneyin ya da yine de çıkış yapın.',
  unsentOnlyRejected:
    'Kalan {n} değişiklik sunucu tarafından reddedildi; senkronizasyon bunları göndermez. Eşitleme panelinden inceleyin ya da yine de çıkış yapın.',
  unsentNotSent:
    'Değişiklikler gönderilemedi: {n} değişiklik kaldı. Tekrar deneyin ya da yine de çıkış yapın.',
  syncFirst: 'Önce senkronize et',
  signOutAnyway: 'Yine de çıkış yap',
  cancel: 'Vazgeç',
  waitingMine: 'Gönderilmemiş {n} değişikliğiniz var; tekrar giriş yaptığınızda gönderilecek.',
  waitingOther:
    '{name} kullanıcısının gönderilmemiş {n} değişikliği bu cihazda bekliyor; {name} tekrar giriş yaptığında gönderilecek.',
  waitingRejected:
    '{n} tanesi sunucu tarafından reddedildi: giriş yaptıktan sonra eşitleme panelinden inceleyin.',
  // persistent storage
  storageNotPersistent: 'Tarayıcı çevrimdışı verileri silebilir: kalıcı depolama izni verilmedi.',
  storageSettings: 'Ayarlar',
  dismiss: 'Kapat',
  // a tab left behind by a newer version opened in another tab
  outdatedTab:
    'Uygulamanın yeni sürümü başka bir sekmede açıldı. Bu sekme artık eşitlenmiyor; güncel veriler için yenileyin.',
  outdatedTabReload: 'Yenile',
  // sync panel: refused changes (what the server has now, what the user can do)
  syncApplyAnyway: 'Yine de uygula',
  syncServerValueEmpty: '(boş)',
  syncServerNoDriver: 'Atanmadı',
  syncServerItemsValue: '{n} kalem, {total}',
  syncServerFieldCustomer: 'Müşteri',
  syncServerFieldPhone: 'Telefon',
  syncServerFieldEmail: 'E-posta',
  syncServerFieldAddress: 'Adres',
  syncServerFieldItems: 'Kalemler',
  syncServerFieldNotes: 'Notlar',
  syncServerFieldVehiclePlate: 'Araç plakası',
  syncServerFieldDriver: 'Sürücü',
  syncServerFieldStatus: 'Durum',
  syncOpenOrder: 'Siparişi aç',
  // navigation and notices (another company's address while signed in)
  tenantMismatchTitle: 'Başka bir şirketin adresi',
  tenantMismatchBody: 'Bu oturum {current} şirketine ait. {requested} şirketine geçmek için çıkış yapın.',
  tenantSwitchSignOut: 'Çıkış yap ve geç',
  tenantBackToMine: 'Oturumuma dön',
  tenantSwitching: 'Çıkış yapılıyor...',
  all: 'Tümü',
  status: 'Durum',
  edit: 'Düzenle',
  view: 'Görüntüle',
  orderStoreUnavailable: 'Yerel veri deposu açılamadı. Sipariş gösterilemiyor.',
  loadingAria: 'Yükleniyor',
  name: 'Ad',
  address: 'Adres',
  salesperson: 'Satış Temsilcisi',
  manager: 'Müdür',
  driver: 'Sürücü',
  products: 'Ürünler',
  notes: 'Notlar',
  serverRejected: 'Sunucu reddetti',
  syncPending: 'Senkronizasyon bekliyor',
  invalidValue: 'Geçersiz değer',
  statusWillChange: '{customer} · Sipariş "{status}" durumuna getirilecek.',
  explanation: 'Açıklama',
  noteOptional: 'Not (isteğe bağlı)',
  quantity: 'Miktar',
  unitPrice: 'Birim Fiyat',
  close: 'Kapat',
  customer: 'Müşteri',
  action_approve: 'Onayla',
  action_reject: 'Reddet',
  orderApproved: 'Sipariş onaylandı',
  orderApproveError: 'Sipariş onaylanırken hata oluştu',
  orderRejected: 'Sipariş reddedildi',
  orderRejectError: 'Sipariş reddedilirken hata oluştu',
  orderShipped: 'Sipariş kargoya verildi',
  orderShipError: 'Sipariş kargoya verilirken hata oluştu',
  blocked_driver_required: 'Önce bir sürücü atanmalı',
  orderCreated: 'Sipariş başarıyla oluşturuldu',
  orderCreateError: 'Sipariş oluşturulurken hata oluştu',
  savedOnDevice: 'Bu cihazda kaydedildi; bağlantı gelince sunucuya gönderilecek.',
  savedSending: 'Kaydedildi, gönderiliyor.',
  cancelPlain: 'İptal',
  createOrder: 'Sipariş Oluştur',
  remove: 'Kaldır',
  product: 'Ürün',
  total: 'Toplam',
  om_notesRequired: ORDER_MESSAGES.notesRequired,
  stockN: 'Stok: {n}',
  decrease: 'Azalt',
  increase: 'Artır',
  mainMenu: 'Ana menü',
  rowsPerPage: 'Sayfa başına:',
  nextPage: 'Sonraki sayfa',
  previousPage: 'Önceki sayfa',
  firstPage: 'İlk sayfa',
  lastPage: 'Son sayfa',
  notif_order_created: 'Yeni Sipariş',
  notif_order_approved: 'Sipariş Onaylandı',
  notif_order_rejected: 'Sipariş Reddedildi',
  notif_order_assigned: 'Sürücü Atandı',
  notif_order_in_transit: 'Sipariş Yolda',
  notif_order_shipped: 'Sipariş Kargoya Verildi',
  notif_order_delivered: 'Sipariş Teslim Edildi',
  notif_order_cancelled: 'Sipariş İptal Edildi',
  notif_system: 'Sistem',
  // Notifications' and order events' texts the server stores: one copy, shared with it.
  ...STORED_TEXTS_TR,
  outbox_orderCreate: 'Sipariş oluşturuldu: {customer}',
  outbox_orderUpdate: 'Sipariş güncellendi: {number}',
  outbox_orderStatus: '{number}: {from} → {to}',
  outbox_orderAssignDriver: '{number}: sürücü {driver}',
  outbox_orderDelete: 'Sipariş silindi: {number}',
  outbox_notificationRead: 'Bildirim okundu olarak işaretlendi',
  outbox_notificationReadAll: 'Tüm bildirimler okundu olarak işaretlendi',
  outbox_notificationDelete: 'Bildirim silindi',
  proofTitle: 'Teslimat Kanıtı',
  proofRecipient: 'Teslim alan',
  proofDeliveredAt: 'Teslim zamanı',
  proofReceivedAt: 'Sunucuya ulaştı',
  proofDeliveredBy: 'Teslim eden',
  proofSignature: 'Teslim alanın imzası',
  proofPhoto: 'Teslimat fotoğrafı',
  proofLocation: 'Konum',
  proofOpenMap: 'Haritada göster (±{accuracy} m)',
  proofNoLocation: 'Konum yok',
  proofOffline: 'Teslimat kanıtı çevrimiçi olunca gösterilir.',
  proofUnsent: 'Bu teslimat henüz sunucuya gönderilmedi; kanıt bu cihazda saklanıyor.',
  proofLoadError: 'Teslimat kanıtı yüklenemedi',
  requiresServer: 'Bu işlem sunucu bağlantısı gerektirir. Çevrimiçi olunca tekrar deneyin.',
  cachedReadOnly: 'Çevrimdışı: son çevrimiçi görülen bilgiler gösteriliyor (salt okunur).',
  proofNone: 'Bu sipariş için teslimat kanıtı yok',
  outbox_orderDeliver: '{number}: teslim edildi, teslim alan {recipient}',
  wh_printNote: 'İrsaliye Yazdır',
  wh_noteFailed: 'İrsaliye yazdırılırken hata oluştu',
  wh_barcode: 'Barkod',
  wh_barcodePlaceholder: 'Barkodu okutun veya yazın',
  wh_scanButton: 'Okut',
  scanRefusedCovered: 'Okutma alınmadı: açık pencere ekranı kapatıyor. Pencereyi kapatıp yeniden okutun.',
  wh_keyboardShow: 'Ekran klavyesini göster',
  wh_keyboardHide: 'Ekran klavyesini gizle',
  wh_camera: 'Kamera',
  wh_cameraAria: 'Kamera ile barkod okut',
  wh_quantity: 'Adet (+N)',
  wh_lineBarcode: 'Barkod: {code}',
  wh_close: 'Kapat',
  wh_camTitle: 'Kamera ile barkod okut',
  wh_camDenied: 'Kamera izni verilmedi. Tarayıcı ayarlarından bu siteye kamera izni verin.',
  wh_camNone: 'Bu cihazda kamera bulunamadı.',
  wh_camError: 'Kamera açılamadı: {message}',
  wh_camStarting: 'Kamera açılıyor…',
  wh_camHint: 'Barkodu çerçevenin içine tutun',
  wh_torchOn: 'Feneri aç',
  wh_torchOff: 'Feneri kapat',
  wh_cameraVideo: 'Kamera görüntüsü',
  wh_scanProgress: 'Okutulan: {scanned} / {ordered}',
  outbox_warehouseScan: '{number}: barkod {code} ({product})',
  dash_tenantCounts: '{company}',
  dash_open: 'Aç',
  notif_pageOf: 'Sayfa {page} / {pages}',
  // maintenance notice of the layout (the server's maintenance mode)
  set_maintenanceBanner:
    'Sistem bakımda. Lütfen daha sonra tekrar deneyin. Uygulama bu cihazdaki verilerle çalışmaya devam ediyor; değişiklikleriniz bakım bitince gönderilecek.',
  set_maintenanceAdminBanner:
    'Bakım modu açık: yöneticiler dışındaki kullanıcılar sunucuya erişemiyor. Sistem Ayarları sekmesinden kapatabilirsiniz.',
  // Each feature's own texts (its messages-tr.ts): one typed key set with the shared ones above.
  ...customersTr,
  ...productsTr,
  ...importTr,
  ...inventoryTr,
  ...adminTr,
  ...settingsTr,
  ...logsTr,
  ...adminOrdersTr,
  ...companyTr,
  ...usersTr,
  ...tenantsTr,
  ...registrationsTr,
  ...backupsTr,
  ...authTr,
  ...dashboardTr,
  ...driverTr,
  ...notificationsTr,
  ...passwordResetTr,
  ...registerCompanyTr,
  ...ordersTr,
  ...profileTr,
  ...salesTr,
  ...syncTr,
  ...statusTr,
  ...deviceSettingsTr,
  ...warehouseTr,
  ...invoicesTr,
};

export type MessageKey = keyof typeof tr;
