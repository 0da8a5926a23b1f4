/** The password reset page's texts in Turkish; combined into the app's catalogue by app/catalogue-tr.ts. */
export const passwordResetTr = {
  pw_resetTitle: 'Yeni Şifre Belirle',
  pw_resetIntro: 'Hesabınız için yeni bir şifre girin.',
  pw_newPassword: 'Yeni Şifre',
  pw_confirmPassword: 'Yeni Şifre (Tekrar)',
  pw_newPasswordRequired: 'Yeni şifre gereklidir.',
  pw_tooShort: 'Şifre en az {n} karakter olmalıdır.',
  pw_notStrong: 'Şifre en az bir büyük harf, bir küçük harf ve bir rakam içermelidir.',
  pw_mismatch: 'Şifreler eşleşmiyor.',
  pw_save: 'Şifreyi Kaydet',
  pw_saving: 'Kaydediliyor...',
  pw_done: 'Şifreniz değiştirildi. Yeni şifrenizle giriş yapabilirsiniz.',
  pw_goLogin: 'Giriş sayfasına dön',
  pw_tokenInvalid: 'Şifre sıfırlama bağlantısı geçersiz. Lütfen yeni bir bağlantı isteyin.',
  pw_tokenUsed: 'Bu şifre sıfırlama bağlantısı zaten kullanılmış. Lütfen yeni bir bağlantı isteyin.',
  pw_tokenExpired: 'Şifre sıfırlama bağlantısının süresi dolmuş. Lütfen yeni bir bağlantı isteyin.',
  pw_notConfigured:
    'Bu sistemde e-posta gönderimi yapılandırılmamış. Şifrenizi sıfırlamak için şirketinizin yöneticisine başvurun.',
  pw_offline: 'İnternet bağlantısı yok. Şifrenizi değiştirmek için çevrimiçi olmanız gerekir.',
  pw_resetFailed: 'Şifre değiştirilemedi. Lütfen tekrar deneyin.',
};
