/**
 * The orders API's Turkish messages, apart from the zod contracts (orders.ts) so that screens
 * which only SHOW them — the i18n dictionary, loaded with the sign-in screen — do not pull zod
 * into the first download (the sign-in screen must load fast on a phone).
 */
export const ORDER_MESSAGES = {
  /** The create-order form: no customer or no line. */
  customerAndItemsRequired: 'Lütfen müşteri bilgilerini ve en az bir ürün ekleyin',
  /** Adding an order line with a field left empty. */
  lineFieldsRequired: 'Lütfen tüm alanları doldurun',
  /** The sales screen: no customer or an empty cart. */
  salesCustomerAndCart: 'Lütfen müşteri seçin ve sepete ürün ekleyin',
  notFound: 'Sipariş bulunamadı',
  totalMismatch: 'Toplam tutar sipariş kalemlerinin toplamıyla uyuşmuyor',
  idTaken: 'Bu sipariş kimliği başka bir sipariş için kullanılmış',
  notesRequired: 'Bu durum değişikliği için bir açıklama gereklidir',
  proofRequired:
    'Teslimat yalnızca teslim alanın adı ve imzasıyla kaydedilir (POST /orders/{id}/deliver), durum değişikliğiyle değil',
  driverInvalid: 'Geçerli bir sürücü seçiniz',
  cannotAssignDriver: 'Bu siparişe şu anki durumunda sürücü atanamaz',
  /** 409 DRIVER_REQUIRED: shipping (or going out for delivery) needs an assigned driver. */
  driverRequired: (to: string) =>
    `Önce siparişe bir sürücü atanmalıdır: sürücüsü olmayan sipariş "${to}" durumuna geçemez (sürücüyü yönetici atar)`,
  cannotEdit: 'Bu siparişi düzenleme yetkiniz yok',
  fieldNotEditable: (field: string) => `Bu alanı düzenleme yetkiniz yok: ${field}`,
  cannotChangeStatus: 'Bu sipariş durumunu değiştirme yetkiniz yok',
  cannotDelete: 'Siparişleri yalnızca yönetici silebilir',
  invalidTransition: (from: string, to: string) => `Sipariş "${from}" durumundan "${to}" durumuna geçemez`,
  /** 409 when the order moved on since the client last saw it (the response carries `current`). */
  conflict: (current: string) =>
    `Bu sipariş başka bir kullanıcı tarafından zaten "${current}" durumuna getirildi`,
  /** 409 when an edit names a version of the order that is no longer current (carries `current`). */
  versionConflict: 'Bu sipariş siz görüntüledikten sonra başka bir kullanıcı tarafından değiştirildi',
} as const;
