/** Texts of the admin panel's 'Sipariş Yönetimi' tab (Turkish). */
export const adminOrdersTr = {
  ao_orderNumber: 'Sipariş No',
  ao_date: 'Tarih',
  ao_actions: 'İşlemler',
  ao_details: 'Detaylar',
  ao_detailsOf: '{number} siparişinin detayları',
  ao_searchPlaceholder: 'Sipariş no veya müşteri adı',
  ao_empty: 'Sipariş bulunamadı.',
  ao_storeUnavailable: 'Yerel veri deposu açılamadı; siparişler gösterilemiyor.',
};
