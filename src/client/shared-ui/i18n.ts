import { ORDER_MESSAGES } from '../../shared/api/order-messages';
import { lazy } from '../../shared/domain/lazy';
import { isOrderStatus, ORDER_STATUS_LABELS } from '../../shared/domain/order-status';
import { ROLE_LABELS } from '../../shared/domain/roles';
import {
  DATE_OPTIONS,
  DATE_TIME_OPTIONS,
  formatDate,
  formatDateTime,
  relativeTime,
} from '../../shared/domain/time';
import { useUi } from '../state/ui';

/**
 * The dictionary of every screen text (issue 8: English must switch the order screens too, not
 * only the shell). Turkish is the spec's text, quoted exactly, and the default; English is a
 * translation. The language is persisted under `language` by the ui store; components call
 * `const t = useT(); t('key')` (re-rendered on a switch), code outside React calls `t('key')`.
 * tests/unit/i18n.test.ts fails on a key without both texts and on a Turkish literal left in a
 * screen.
 *
 * Server messages are shown as the server sends them (Turkish), whatever the language. Texts the
 * server stores in Turkish (notifications) and the outbox's summaries are rendered in English
 * where they can be rebuilt from their kind (shared-ui/notifications-data.ts, outbox-summary.ts).
 */
const tr = {
  appName: 'Sipariş Yönetim Sistemi',
  appShortName: 'Sipariş',
  loading: 'Loading',
  // login
  loginHeading: 'Giriş Yap',
  loginSubtitle: 'Sipariş Yönetim Sistemi',
  loginTagline: 'Siparişlerinizi satıştan teslimata kadar takip edin',
  username: 'Kullanıcı Adı',
  password: 'Şifre',
  showPassword: 'Şifreyi göster',
  hidePassword: 'Şifreyi gizle',
  loginSubmit: 'Giriş Yap',
  loginSubmitting: 'Giriş Yapılıyor...',
  loginLocked: 'Hesap Kilitli',
  or: 'veya',
  forgotPassword: 'Şifrenizi mi unuttunuz?',
  secureConnection: 'Güvenli Bağlantı',
  copyright: '© 2025 Sipariş Yönetim Sistemi. Tüm hakları saklıdır.',
  usernameRequired: 'Kullanıcı adı gereklidir.',
  passwordRequired: 'Şifre gereklidir.',
  lockedWait: 'Hesabınız kilitli. Lütfen bekleyin.',
  remainingTime: 'Kalan süre: {n} dakika',
  remainingAttempts: 'Kalan deneme hakkı: {n}',
  sessionExpired: 'Oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.',
  loginSuccess: 'Başarıyla giriş yapıldı',
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
  online: 'Çevrimiçi',
  offline: 'Çevrimdışı',
  syncing: 'Eşitleniyor',
  pendingChanges: '{n} değişiklik gönderilmeyi bekliyor',
  failedChanges: '{n} değişiklik reddedildi',
  syncPaused: 'Eşitleme duraklatıldı: tekrar giriş yapın',
  allSynced: 'Tüm değişiklikler gönderildi',
  syncPanelTitle: 'Eşitleme',
  syncNow: 'Şimdi eşitle',
  lastSynced: 'Son eşitleme: {time}',
  neverSynced: 'Henüz eşitlenmedi',
  failedSection: 'Reddedilen değişiklikler',
  pendingSection: 'Gönderilmeyi bekleyen değişiklikler',
  noPendingChanges: 'Bekleyen değişiklik yok.',
  retry: 'Tekrar dene',
  discard: 'Vazgeç',
  attemptsSoFar: '{n}. deneme',
  otherUsersWaiting:
    'Bu cihazda başka bir kullanıcının {n} değişikliği, o kullanıcı tekrar giriş yapınca gönderilecek.',
  updateReady: 'Yeni sürüm hazır',
  update: 'Güncelle',
  later: 'Sonra',
  comingSoon: 'Bu ekran yakında eklenecek.',
  // error fallback
  errorHeading: 'Bir Hata Oluştu',
  errorText: 'Beklenmeyen bir hata oluştu. Lütfen sayfayı yenileyin veya ana sayfaya dönün.',
  reload: 'Sayfayı Yenile',
  goHome: 'Ana Sayfaya Dön',
  // notifications screen
  search: 'Ara',
  searchNotifications: 'Bildirimlerde ara',
  type: 'Tür',
  allTypes: 'Tümü',
  markRead: 'Okundu olarak işaretle',
  markAllRead: 'Tümünü okundu işaretle',
  delete: 'Sil',
  unread: 'Okunmamış',
  unreadCount: '{n} okunmamış',
  relatedOrder: 'Sipariş',
  notificationsEmpty: 'Bildirim bulunamadı',
  markAllReadSuccess: 'Tüm bildirimler okundu olarak işaretlendi',
  markAllReadError: 'Bildirimler işaretlenirken hata oluştu',
  deleteSuccess: 'Bildirim silindi',
  deleteError: 'Bildirim silinirken hata oluştu',
  localStoreUnavailable: 'Yerel veri deposu açılamadı. Bildirimler gösterilemiyor.',
  // profile
  profileHeading: 'Profil',
  fullName: 'Ad Soyad',
  email: 'E-posta',
  phone: 'Telefon',
  role: 'Rol',
  lastLogin: 'Son giriş',
  changePassword: 'Şifre Değiştir',
  currentPassword: 'Mevcut Şifre',
  newPassword: 'Yeni Şifre',
  save: 'Kaydet',
  saving: 'Kaydediliyor...',
  profileSaved: 'Profil başarıyla güncellendi',
  profileSaveError: 'Profil güncellenirken hata oluştu',
  profileOffline: 'Çevrimdışısınız. Profil yalnızca internet bağlantısı varken güncellenebilir.',
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
  // sync panel: refused changes (what the server has now, what the user can do)
  syncApplyAnyway: 'Yine de uygula',
  syncServerValueHeading: 'Sunucudaki değer',
  syncServerValueEmpty: '(boş)',
  syncServerNoDriver: 'Atanmadı',
  syncServerItemsValue: '{n} kalem, {total}',
  syncServerOrderGone: 'Sipariş sunucuda artık yok',
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
  // navigation and notices (issue 8: another company's address while signed in)
  tenantMismatchTitle: 'Başka bir şirketin adresi',
  tenantMismatchBody: 'Bu oturum {current} şirketine ait. {requested} şirketine geçmek için çıkış yapın.',
  tenantSwitchSignOut: 'Çıkış yap ve geç',
  tenantBackToMine: 'Oturumuma dön',
  tenantSwitching: 'Çıkış yapılıyor...',
  all: 'Tümü',
  status: 'Durum',
  edit: 'Düzenle',
  view: 'Görüntüle',
  assignDriver: 'Sürücü Ata',
  ordersEmpty: 'Sipariş bulunamadı',
  orderNotFound: 'Sipariş bulunamadı',
  ordersStoreUnavailable: 'Yerel veri deposu açılamadı. Siparişler gösterilemiyor.',
  orderStoreUnavailable: 'Yerel veri deposu açılamadı. Sipariş gösterilemiyor.',
  ordersSearchPlaceholder: 'Sipariş numarası veya müşteri adı',
  clearFilters: 'Filtreleri Temizle',
  colOrderNo: 'Sipariş No',
  colCustomer: 'Müşteri',
  colTotal: 'Toplam',
  colAmount: 'Tutar',
  colDate: 'Tarih',
  colActions: 'İşlemler',
  orderCount: '{n} sipariş',
  newSale: 'Yeni Satış',
  back: 'Geri',
  loadingAria: 'Yükleniyor',
  createdAtLabel: 'Oluşturulma: {time}',
  customerInfo: 'Müşteri Bilgileri',
  orderInfo: 'Sipariş Bilgileri',
  name: 'Ad',
  address: 'Adres',
  salesperson: 'Satış Temsilcisi',
  manager: 'Müdür',
  warehouseOfficer: 'Depo Sorumlusu',
  driver: 'Sürücü',
  vehiclePlate: 'Araç Plakası',
  products: 'Ürünler',
  notes: 'Notlar',
  noNotes: 'Not yok',
  orderHistory: 'Sipariş Geçmişi',
  serverRejectedChange: 'Sunucu bu değişikliği reddetti: {summary}',
  waitingToSend: 'Gönderilmeyi bekliyor: {summary}',
  serverRejected: 'Sunucu reddetti',
  syncPending: 'Senkronizasyon bekliyor',
  selectValidDriver: 'Geçerli bir sürücü seçiniz',
  invalidValue: 'Geçersiz değer',
  assignDriverTitle: 'Sürücü Ata: {number}',
  currentDriver: ' · Şu anki sürücü: {name}',
  cannotAssignDriver: 'Bu siparişe şu anki durumunda sürücü atanamaz',
  driversLoadingOrNone: 'Sürücü listesi yükleniyor veya bu şirkette aktif sürücü yok.',
  driversOffline:
    'Çevrimdışısınız ve sürücü listesi bu cihazda henüz yok. İnternet bağlantısı gelince tekrar deneyin.',
  vehiclePlateOptional: 'Araç Plakası (isteğe bağlı)',
  statusWillChange: '{customer} · Sipariş "{status}" durumuna getirilecek.',
  explanation: 'Açıklama',
  noteOptional: 'Not (isteğe bağlı)',
  deleteOrderTitle: 'Siparişi Sil',
  deleteOrderText: '{number} numaralı sipariş ({customer}) silinecek. Bu işlem geri alınamaz.',
  customerName: 'Müşteri Adı',
  editOrderTitle: 'Siparişi Düzenle: {number}',
  productName: 'Ürün Adı',
  quantity: 'Miktar',
  unitPrice: 'Birim Fiyat',
  deleteLine: 'Satırı sil',
  addProduct: 'Ürün Ekle',
  totalLabel: 'Toplam: {amount}',
  noChange: '{status} (değişiklik yok)',
  statusExplanation: 'Durum açıklaması',
  statusNoteOptional: 'Durum notu (isteğe bağlı)',
  noRecords: 'Kayıt yok',
  grandTotal: 'Genel Toplam',
  lineTotal: 'Toplam Fiyat',
  goToDetail: 'Detaya Git',
  close: 'Kapat',
  date: 'Tarih',
  customer: 'Müşteri',
  action_approve: 'Onayla',
  action_reject: 'Reddet',
  action_cancel: 'İptal Et',
  action_prepare: 'Hazırla',
  action_ship: 'Kargoya Ver',
  action_outForDelivery: 'Dağıtıma Çıkar',
  action_markDelivered: 'Teslim Edildi Olarak İşaretle',
  action_return: 'İade Al',
  action_refund: 'Ücret İadesi Yap',
  action_deliveryFailed: 'Teslim Edilemedi',
  event_created: 'Sipariş oluşturuldu',
  event_statusChanged: 'Durum değişti',
  event_driverAssigned: 'Sürücü atandı',
  event_updated: 'Sipariş güncellendi',
  event_itemScanned: 'Ürün okutuldu',
  serverRejectedChangeShort: 'Sunucu değişikliği reddetti',
  orderUpdated: 'Sipariş başarıyla güncellendi',
  orderUpdateError: 'Sipariş güncellenirken hata oluştu',
  orderApproved: 'Sipariş onaylandı',
  orderApproveError: 'Sipariş onaylanırken hata oluştu',
  orderRejected: 'Sipariş reddedildi',
  orderRejectError: 'Sipariş reddedilirken hata oluştu',
  orderPrepared: 'Sipariş hazırlandı',
  orderPrepareError: 'Sipariş hazırlanırken hata oluştu',
  orderShipped: 'Sipariş kargoya verildi',
  orderShipError: 'Sipariş kargoya verilirken hata oluştu',
  orderStatusUpdated: 'Sipariş durumu başarıyla güncellendi',
  orderStatusUpdateError: 'Sipariş durumu güncellenirken hata oluştu',
  driverAssigned: 'Sürücü başarıyla atandı',
  driverAssignError: 'Sürücü atanırken hata oluştu',
  orderDeleted: 'Sipariş silindi',
  orderDeleteError: 'Sipariş silinirken hata oluştu',
  orderCreatedExcl: 'Sipariş başarıyla oluşturuldu!',
  orderCreated: 'Sipariş başarıyla oluşturuldu',
  orderCreateError: 'Sipariş oluşturulurken hata oluştu',
  offlineOrderSaved:
    'Çevrimdışısınız: sipariş bu cihazda kaydedilir ve bağlantı gelince sunucuya gönderilir.',
  offlineOrdersSaved:
    'Çevrimdışısınız: siparişler bu cihazda kaydedilir ve bağlantı gelince sunucuya gönderilir.',
  noCustomersOnDevice: 'Bu cihazda kayıtlı müşteri yok; müşteri adını yazabilirsiniz.',
  pickOrTypeCustomer: 'Kayıtlı müşterilerden seçin veya yeni bir ad yazın',
  cancelPlain: 'İptal',
  creating: 'Oluşturuluyor...',
  createOrder: 'Sipariş Oluştur',
  unitPriceTl: 'Birim Fiyat (₺)',
  noItemsYet: 'Henüz ürün eklenmedi',
  remove: 'Kaldır',
  product: 'Ürün',
  total: 'Toplam',
  totalAmountLabel: 'Toplam Tutar:',
  om_customerAndItemsRequired: ORDER_MESSAGES.customerAndItemsRequired,
  om_lineFieldsRequired: ORDER_MESSAGES.lineFieldsRequired,
  om_salesCustomerAndCart: ORDER_MESSAGES.salesCustomerAndCart,
  om_notesRequired: ORDER_MESSAGES.notesRequired,
  om_cannotEdit: ORDER_MESSAGES.cannotEdit,
  productSearch: 'Ürün ara',
  productSearchPlaceholder: 'Ad, kod, barkod veya marka',
  customerNotFound: 'Müşteri bulunamadı',
  cart: 'Sepet',
  noProductsOnDevice: 'Bu cihazda henüz ürün yok. Ürün kataloğu, çevrimiçi olduğunuzda sunucudan eşitlenir.',
  noProductsMatch: 'Aramanızla eşleşen ürün bulunamadı',
  cartCustomer: 'Müşteri:',
  notSelected: 'seçilmedi',
  cartEmpty: 'Sepetiniz boş',
  totalColon: 'Toplam:',
  createTheOrder: 'Siparişi Oluştur',
  stockN: 'Stok: {n}',
  decrease: 'Azalt',
  increase: 'Artır',
  outOfStock: 'Stokta yok',
  inCartN: 'Sepette: {n}',
  addToCart: 'Sepete Ekle',
  loginErrLocked: 'Hesabınız kilitli. Lütfen 15 dakika sonra tekrar deneyin.',
  loginErrInvalid: 'Kullanıcı adı veya şifre hatalı. Lütfen tekrar deneyin.',
  loginErrMissing: 'Kullanıcı adı ve şifre gereklidir.',
  loginErrOther: 'Giriş yapılırken hata oluştu. Lütfen tekrar deneyin.',
  loginErrOffline: 'İnternet bağlantısı yok. Giriş yapmak için çevrimiçi olmanız gerekir.',
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
  openOrder: 'Siparişi aç',
  notifRef: '{number} numaralı sipariş ({customer})',
  notifNote: ' Not: {notes}',
  notifTitle_order_created: 'Yeni Sipariş',
  notifMsg_order_created: '{ref} oluşturuldu ve onay bekliyor.',
  notifTitle_order_approved: 'Sipariş Onaylandı',
  notifMsg_order_approved: '{ref} onaylandı.',
  notifTitle_order_rejected: 'Sipariş Reddedildi',
  notifMsg_order_rejected: '{ref} reddedildi.',
  notifTitle_order_cancelled: 'Sipariş İptal Edildi',
  notifMsg_order_cancelled: '{ref} iptal edildi.',
  notifTitle_order_assigned: 'Yeni Teslimat Atandı',
  notifMsg_order_assigned: '{ref} size teslimat için atandı.',
  notifTitle_order_in_transit: 'Sipariş Yolda',
  notifMsg_order_in_transit: '{ref} kargoya verildi.',
  notifTitle_order_shipped: 'Sipariş Kargoya Verildi',
  notifMsg_order_shipped: '{ref} kargoya verildi.',
  notifTitle_order_delivered: 'Sipariş Teslim Edildi',
  notifMsg_order_delivered: '{ref} müşteriye teslim edildi.',
  outbox_orderCreate: 'Sipariş oluşturuldu: {customer}',
  outbox_orderUpdate: 'Sipariş güncellendi: {number}',
  outbox_orderStatus: '{number}: {from} → {to}',
  outbox_orderAssignDriver: '{number}: sürücü {driver}',
  outbox_orderDelete: 'Sipariş silindi: {number}',
  outbox_notificationRead: 'Bildirim okundu olarak işaretlendi',
  outbox_notificationReadAll: 'Tüm bildirimler okundu olarak işaretlendi',
  outbox_notificationDelete: 'Bildirim silindi',
  networkUnreachable: 'Sunucuya ulaşılamıyor. Bağlantınızı kontrol edin.',
  // driver (issue 9: the driver's work list, delivery with proof, the proof on the order detail)
  driverTitle: 'Teslimatlarım',
  driverTabTodo: 'Yapılacaklar ({count})',
  driverTabDone: 'Tamamlananlar ({count})',
  driverEmptyTodo: 'Size atanmış bekleyen teslimat yok',
  driverEmptyDone: 'Tamamlanan teslimat yok',
  driverCall: 'Ara: {phone}',
  driverOpenMap: 'Haritada aç: {address}',
  driverNoPhone: 'Telefon yok',
  driverNoAddress: 'Adres yok',
  driverItemLine: '{quantity} × {name}',
  driverStartDelivery: 'Teslimata Çık',
  driverDeliver: 'Teslim Edildi',
  driverFail: 'Teslim Edilemedi',
  driverDetails: 'Detay',
  driverStarted: 'Teslimata çıkıldı',
  driverStartError: 'Teslimata çıkılamadı',
  deliveryDialogTitle: 'Teslimat: {number}',
  deliveryRecipient: 'Teslim alanın adı',
  deliveryRecipientRequired: 'Teslim alanın adı gereklidir',
  deliverySignature: 'İmza',
  deliverySignaturePad: 'İmza alanı: teslim alan parmağıyla ya da fareyle imzalasın',
  deliverySignatureRequired: 'İmza gereklidir',
  deliveryClearSignature: 'İmzayı Temizle',
  deliveryPhoto: 'Fotoğraf (isteğe bağlı)',
  deliveryTakePhoto: 'Fotoğraf Çek',
  deliveryRetakePhoto: 'Yeniden Çek',
  deliveryRemovePhoto: 'Fotoğrafı Kaldır',
  deliveryPhotoProcessing: 'Fotoğraf hazırlanıyor…',
  deliveryPhotoError: 'Fotoğraf işlenemedi',
  deliveryPhotoPreview: 'Teslimat fotoğrafı önizlemesi',
  deliveryPhotoSize: '{kb} KB',
  deliveryLocating: 'Konum alınıyor…',
  deliveryLocationOk: 'Konum alındı (±{accuracy} m)',
  deliveryLocationNone: 'Konum alınamadı; teslimat konumsuz kaydedilir',
  deliveryNotes: 'Not (isteğe bağlı)',
  deliveryConfirm: 'Teslimatı Kaydet',
  deliverySaved: 'Teslimat kaydedildi',
  deliverySaveError: 'Teslimat kaydedilemedi',
  deliveryOfflineNote: 'Çevrimdışısınız: teslimat bu cihazda saklanır ve bağlantı gelince gönderilir.',
  deliveryFailedTitle: 'Teslim Edilemedi: {number}',
  deliveryFailedReason: 'Neden',
  deliveryFailedNotes: 'Açıklama',
  deliveryFailedNotesRequired: "'Diğer' seçildiğinde açıklama gereklidir",
  deliveryFailedSave: 'Kaydet',
  deliveryFailedSaved: 'Teslim edilemedi olarak kaydedildi; sipariş yeniden yolda',
  deliveryReason0: 'Alıcı adreste değil',
  deliveryReason1: 'Adres bulunamadı',
  deliveryReason2: 'Alıcı teslim almayı reddetti',
  deliveryReason3: 'Adrese ulaşılamadı',
  deliveryReason4: 'Diğer',
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
  proofNone: 'Bu sipariş için teslimat kanıtı yok',
  outbox_orderDeliver: '{number}: teslim edildi, teslim alan {recipient}',
  // warehouse (issue 9: /warehouse-dashboard, preparation by scan, delivery note)
  wh_approvedCount: 'Onaylanan Sipariş',
  wh_preparedCount: 'Hazırlanan Sipariş',
  wh_totalValue: 'Toplam Değer',
  wh_totalQuantity: 'Toplam Ürün Adedi',
  wh_approvedOrders: 'Onaylanan Siparişler',
  wh_preparedOrders: 'Hazırlanan Siparişler',
  wh_shippedOrders: 'Yoldaki Siparişler',
  wh_actions: 'İşlemler',
  wh_noApproved: 'Onaylanan sipariş bulunamadı',
  wh_noPrepared: 'Kargoya verilmeyi bekleyen sipariş yok',
  wh_loadFailed: 'Siparişler yüklenemedi',
  wh_prepare: 'Hazırla',
  wh_ship: 'Kargoya Ver',
  wh_printNote: 'İrsaliye Yazdır',
  wh_noteFailed: 'İrsaliye yazdırılırken hata oluştu',
  wh_debugCheck: 'Debug Check',
  wh_debugApproveFirst: 'Approve First Order',
  wh_debugCreateTest: 'Create Test Orders',
  wh_debugTools: 'Demo araçları',
  wh_itemsCount: '{n} ürün',
  wh_prepareTitle: 'Sipariş Hazırla: {number}',
  wh_barcode: 'Barkod',
  wh_barcodePlaceholder: 'Barkodu okutun veya yazın',
  wh_scanButton: 'Okut',
  wh_keyboardShow: 'Ekran klavyesini göster',
  wh_keyboardHide: 'Ekran klavyesini gizle',
  wh_camera: 'Kamera',
  wh_cameraAria: 'Kamera ile barkod okut',
  wh_quantity: 'Adet (+N)',
  wh_counter: '{scanned} / {types} ürün çeşidi okutuldu',
  wh_lineProgress: '{scanned} / {ordered}',
  wh_lineBarcode: 'Barkod: {code}',
  wh_noBarcode: 'Barkod yok',
  wh_scannedList: 'Okutulan ürünler',
  wh_scannedEmpty: 'Henüz ürün okutulmadı',
  wh_feedbackIdle: 'Barkodu okutun',
  wh_complete: 'Complete Order',
  wh_close: 'Kapat',
  wh_scanned: 'Barkod okundu: {name}',
  wh_scanFailed: 'Barkod okunamadı',
  wh_scanError: 'Barkod okuma hatası',
  wh_notInOrder: 'Bu barkod bu siparişteki hiçbir ürüne ait değil',
  wh_unreadable: 'Barkod okunamadı: kontrol hanesi hatalı ya da biçim tanınmıyor',
  wh_overScanFull: '{name} ürününün tamamı zaten okutuldu',
  wh_overScanSome: '{name} için en fazla {n} adet daha okutulabilir',
  wh_prepared: 'Sipariş hazırlandı ve irsaliye oluşturuldu.',
  wh_prepareError: 'Sipariş hazırlanırken hata oluştu',
  wh_missingTitle: 'Eksik okutulan ürünler',
  wh_missingText: 'Aşağıdaki ürünlerin tamamı okutulmadı. Sipariş yine de hazırlandı olarak işaretlensin mi?',
  wh_missingLine: '{name}: {missing} adet eksik',
  wh_completeAnyway: 'Yine de tamamla',
  wh_back: 'Geri',
  wh_camTitle: 'Kamera ile barkod okut',
  wh_camDenied: 'Kamera izni verilmedi. Tarayıcı ayarlarından bu siteye kamera izni verin.',
  wh_camNone: 'Bu cihazda kamera bulunamadı.',
  wh_camError: 'Kamera açılamadı: {message}',
  wh_camStarting: 'Kamera açılıyor…',
  wh_camHint: 'Barkodu çerçevenin içine tutun',
  wh_torchOn: 'Feneri aç',
  wh_torchOff: 'Feneri kapat',
  wh_cameraVideo: 'Kamera görüntüsü',
  wh_noteTitle: 'İrsaliye',
  wh_noteOrderNo: 'Sipariş No',
  wh_noteDate: 'Tarih',
  wh_noteCustomer: 'Müşteri',
  wh_noteProduct: 'Ürün',
  wh_noteQty: 'Miktar',
  wh_noteUnitPrice: 'Birim Fiyat',
  wh_noteAmount: 'Tutar',
  wh_noteGrandTotal: 'Genel Toplam',
  wh_noteNotes: 'Notlar',
  wh_noteDeliveredBy: 'Teslim Eden',
  wh_noteReceivedBy: 'Teslim Alan',
  wh_notePrint: 'Yazdır',
  wh_noteOffline: 'Çevrimdışı: irsaliye cihazdaki kayıttan hazırlandı.',
  wh_noteNotFound: 'Sipariş bulunamadı',
  wh_scanProgress: 'Okutulan: {scanned} / {ordered}',
  outbox_warehouseScan: '{number}: barkod {code} ({product})',
  // dashboards (issue 10: /dashboard, /manager-dashboard, /notifications paging)
  dash_totalOrders: 'Toplam Sipariş',
  dash_pendingOrders: 'Bekleyen Sipariş',
  dash_inTransit: 'Yoldaki Sipariş',
  dash_totalRevenue: 'Toplam Gelir',
  dash_tabOrders: 'Siparişler',
  dash_tabNotifications: 'Bildirimler',
  dash_tabInventory: 'Envanter',
  dash_tabManagement: 'Yönetim',
  dash_tabsLabel: 'Dashboard bölümleri',
  dash_noOrders: 'Sipariş bulunamadı',
  dash_allOrders: 'Tüm siparişler',
  dash_allNotifications: 'Tüm bildirimler',
  dash_lowStockSummary: '{low} ürünün stoğu azalıyor, {out} ürün tükendi',
  dash_noLowStock: 'Stoğu azalan ürün yok',
  dash_stockLine: 'Stok: {stock} (en az {min})',
  dash_outOfStock: 'Tükendi',
  dash_lowStock: 'Azalıyor',
  dash_goInventory: 'Envantere git',
  dash_adminCounts: '{orders} sipariş · {customers} müşteri',
  dash_tenantCounts: '{company}',
  dash_productCounts: '{products} ürün · {low} stoğu azalan',
  dash_open: 'Aç',
  mgr_awaiting: 'Onay Bekleyen',
  mgr_teamPerformance: 'Takım Performansı',
  mgr_teamPerformanceHint: '{target} dakika içinde verilen kararların payı',
  mgr_avgResponse: 'Ortalama Yanıt Süresi',
  mgr_quickActions: 'Hızlı İşlemler',
  mgr_tabAwaiting: 'Onay Bekleyen Siparişler',
  mgr_tabTeam: 'Takım Durumu',
  mgr_noAwaiting: 'Onay bekleyen sipariş yok',
  mgr_perfSummary: 'Performans Özeti',
  mgr_approvalRate: 'Sipariş Onay Oranı',
  mgr_satisfaction: 'Müşteri Memnuniyeti',
  mgr_responseTime: 'Yanıt Süresi',
  mgr_minutes: '{n} dakika',
  mgr_decided: 'Karar verilen sipariş: {n}',
  mgr_memberApproval: 'Onay oranı: {rate}',
  mgr_memberResponse: 'Ortalama yanıt: {time}',
  mgr_noTeam: 'Takım listesi çevrimiçi olunca yüklenir.',
  mgr_awaitingMore: '{shown} / {total} gösteriliyor',
  mgr_responseBarLabel: 'Yanıt süresi çubuğu',
  notif_pageOf: 'Sayfa {page} / {pages}',
};

export type MessageKey = keyof typeof tr;

/** The Turkish catalogue, for the test that every key has a text in each language. */
export const TR_CATALOGUE: Record<MessageKey, string> = tr;

/**
 * The English catalogue is its own chunk (i18n-en.ts), fetched only when English is chosen (and
 * before the first render when it was chosen before, main.tsx): a first visit in Turkish does not
 * download it. Until it is here, texts fall back to Turkish.
 */
type English = typeof import('./i18n-en');
let english: English | null = null;
let loading: Promise<English> | null = null;

/** Loads the English catalogue (once). */
export async function loadEnglish(): Promise<void> {
  loading ??= import('./i18n-en');
  english = await loading;
}

/** Switches the language, fetching the English catalogue first (no flash of Turkish). */
export async function chooseLanguage(language: 'tr' | 'en'): Promise<void> {
  if (language === 'en') await loadEnglish();
  useUi.getState().setLanguage(language);
}

/** An order status in the current language (an unknown value is shown as it is). */
export function statusLabel(status: string): string {
  if (!isOrderStatus(status)) return status;
  return useUi.getState().language === 'en' && english
    ? english.STATUS_LABELS_EN[status]
    : ORDER_STATUS_LABELS[status];
}

/** A role in the current language (an unknown value is shown as it is). */
export function roleLabel(role: string): string {
  const labels: Record<string, string> =
    useUi.getState().language === 'en' && english ? english.ROLE_LABELS_EN : ROLE_LABELS;
  return labels[role] ?? role;
}

const EN_DATE = lazy(() => new Intl.DateTimeFormat('en-GB', DATE_OPTIONS));
const EN_DATE_TIME = lazy(() => new Intl.DateTimeFormat('en-GB', DATE_TIME_OPTIONS));

function formatEnglish(
  format: Intl.DateTimeFormat,
  value: string | number | Date | null | undefined,
): string {
  const date = value === null || value === undefined || value === '' ? null : new Date(value);
  return date && !Number.isNaN(date.getTime()) ? format.format(date) : 'Just now';
}

/** A date: tr-TR in Turkish (shared/domain/time), en-GB (dd/mm/yyyy) in English; both in Istanbul time. */
export function dateLabel(value: string | number | Date | null | undefined): string {
  return useUi.getState().language === 'en' ? formatEnglish(EN_DATE(), value) : formatDate(value);
}

/** A date and time, as dateLabel. */
export function dateTimeLabel(value: string | number | Date | null | undefined): string {
  return useUi.getState().language === 'en' ? formatEnglish(EN_DATE_TIME(), value) : formatDateTime(value);
}

/** 'Az önce' / '5 dakika önce' in Turkish (shared/domain/time), the same steps in English. */
export function relativeTimeLabel(
  value: string | number | Date | null | undefined,
  now = Date.now(),
): string {
  if (useUi.getState().language !== 'en') return relativeTime(value, now);
  const date = value === null || value === undefined || value === '' ? null : new Date(value);
  const time = date?.getTime();
  if (time === undefined || Number.isNaN(time)) return 'Just now';
  const minutes = Math.floor((now - time) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (minutes < 1440) return `${Math.floor(minutes / 60)} h ago`;
  return `${Math.floor(minutes / 1440)} d ago`;
}

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

function translate(language: 'tr' | 'en', key: MessageKey, params?: Record<string, string | number>): string {
  let text: string = (language === 'en' ? english?.en[key] : undefined) ?? tr[key];
  if (params)
    for (const [name, value] of Object.entries(params)) text = text.replaceAll(`{${name}}`, String(value));
  return text;
}

/** `const t = useT(); t('loginHeading')` — re-renders when the language changes. */
export function useT(): Translate {
  const language = useUi((s) => s.language);
  return (key, params) => translate(language, key, params);
}

/** Outside React (snackbar texts fired from event handlers, etc.). */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  return translate(useUi.getState().language, key, params);
}
