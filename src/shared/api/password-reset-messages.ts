/**
 * The texts of forgotten-password answers, without the schema library: the login screen's dialog
 * and the reset page compare the server's answer with them (to show it in the user's language).
 */
export const PASSWORD_RESET_MESSAGES = {
  /** The one answer to every well-formed request: nothing tells whether the user exists. */
  requested:
    'Kullanıcı adınız kayıtlı ve hesabınızda bir e-posta adresi tanımlıysa, şifre sıfırlama bağlantısı e-posta adresinize gönderildi. Bağlantı 1 saat geçerlidir.',
  notConfigured:
    'Bu sistemde e-posta gönderimi yapılandırılmamış. Şifrenizi sıfırlamak için şirketinizin yöneticisine başvurun.',
  tokenInvalid: 'Şifre sıfırlama bağlantısı geçersiz. Lütfen yeni bir bağlantı isteyin.',
  tokenUsed: 'Bu şifre sıfırlama bağlantısı zaten kullanılmış. Lütfen yeni bir bağlantı isteyin.',
  tokenExpired: 'Şifre sıfırlama bağlantısının süresi dolmuş. Lütfen yeni bir bağlantı isteyin.',
  done: 'Şifreniz değiştirildi. Yeni şifrenizle giriş yapabilirsiniz.',
} as const;

/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
