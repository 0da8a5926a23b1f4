/** Texts of the admin panel's frame: its tabs, in the spec's order and names (Turkish). */
export const adminTr = {
  admin_tabs: 'Yönetim Paneli sekmeleri',
  admin_tabCompany: 'Şirket Bilgileri',
  admin_tabUsers: 'Kullanıcı Yönetimi',
  admin_tabSettings: 'Sistem Ayarları',
  admin_tabStatus: 'Sistem Durumu',
  admin_tabLogs: 'Sistem Logları',
  admin_tabOrders: 'Sipariş Yönetimi',
  admin_tabRegistrations: 'Şirket Kayıt Yönetimi',
};
