/** This feature's screen texts in Turkish (the spec's words, exactly); combined into the app's catalogue by app/catalogue-tr.ts. */
export const profileTr = {
  fullName: 'Ad Soyad',
  lastLogin: 'Son giriş',
  changePassword: 'Şifre Değiştir',
  currentPassword: 'Mevcut Şifre',
  newPassword: 'Yeni Şifre',
  saving: 'Kaydediliyor...',
  profileSaved: 'Profil başarıyla güncellendi',
  profileSaveError: 'Profil güncellenirken hata oluştu',
  profileOffline: 'Çevrimdışısınız. Profil yalnızca internet bağlantısı varken güncellenebilir.',
};
