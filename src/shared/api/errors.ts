import { z } from 'zod';

/**
 * Machine codes of every failure the API returns. The envelope is
 * `{ success: false, error: "<Turkish message>", code: "<CODE>" }` plus the extra fields a
 * particular failure carries (login: remainingAttempts, lockedOut, remainingTime; conflicts: current).
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR', // 400, names the field
  'INVALID_CREDENTIALS', // 401 on login
  'UNAUTHORIZED', // 401: no/invalid/expired token, or the session was revoked
  'ACCOUNT_LOCKED', // 429 on login while locked
  'FORBIDDEN', // 403: role, ownership
  'PASSWORD_CHANGE_REQUIRED', // 403: signed in with a one-time password; only the password change is open
  'TEMPORARY_PASSWORD_EXPIRED', // 403 on login: the one-time password was not used in time
  'TENANT_MISMATCH', // 403: token of another tenant
  'TENANT_NOT_FOUND', // 404
  'TENANT_INACTIVE', // 403
  'NOT_FOUND', // 404
  'CONFLICT', // 409: the record moved on (carries `current`)
  'INVALID_TRANSITION', // 409: status machine refuses
  'DRIVER_REQUIRED', // 409: the move needs an assigned driver first (shipping an order)
  'RETURN_INVOICE_EXISTS', // 409: a sales invoice with a standing return invoice cannot be cancelled
  'INVALID_STATE', // 409: the order is not in a status that allows the action (a scan of a non-approved order)
  'OVER_SCAN', // 409: a scan beyond a line's ordered quantity (nothing counted)
  'CREDIT_LIMIT', // 409: approving would take the customer over their risk limit (carries `credit`: the figures)
  'INSUFFICIENT_STOCK', // 409: a reservation beyond a product's available stock (names the product)
  'PRODUCT_IN_USE', // 409: a product that open orders still take from the shelf is not deleted (names the orders)
  'USERNAME_TAKEN', // 409
  'IDEMPOTENCY_IN_FLIGHT', // 409: same key still being processed
  'IDEMPOTENCY_KEY_REUSED', // 422: same key, different payload
  'RATE_LIMITED', // 429
  'SERVER_BUSY', // 503: too many password hashes queued (sign-in burst); try again in a moment
  'PAYLOAD_TOO_LARGE', // 413
  'HEADERS_TOO_LARGE', // 431: the URL or the headers are longer than the server reads (answered before routing)
  'REQUEST_TIMEOUT', // 408: the request was not finished in time (answered before routing)
  'UNSUPPORTED_MEDIA_TYPE', // 415
  'INTERNAL_ERROR', // 500, no details
  'DATABASE_UNAVAILABLE', // 503: the database cannot be reached right now; retry later
  'MAINTENANCE', // 503: the tenant is in maintenance mode (admins only); retry later
  'DNS_NOT_CONFIGURED', // 400: no DNS provider is configured (DNS_PROVIDER)
  'DNS_PROVIDER_ERROR', // 502: the DNS provider refused or could not be reached (the reason in `error`)
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const apiErrorSchema = z.looseObject({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  remainingAttempts: z.number().int().optional(),
  lockedOut: z.boolean().optional(),
  remainingTime: z.number().int().optional(),
  field: z.string().optional(),
});

/** Turkish texts the server uses (the spec's where it gives them). */
export const MESSAGES = {
  loginFieldsRequired: 'Kullanıcı adı ve şifre gereklidir.',
  invalidCredentials: 'Kullanıcı adı veya şifre hatalı. Lütfen tekrar deneyin.',
  accountLocked: 'Hesabınız kilitli. Lütfen 15 dakika sonra tekrar deneyin.',
  unauthorized: 'Oturumunuz geçersiz veya süresi dolmuş. Lütfen tekrar giriş yapın.',
  forbidden: 'Bu işlem için yetkiniz yok.',
  tenantMismatch: 'Bu oturum başka bir şirkete ait.',
  tenantNotFound: 'Şirket bulunamadı.',
  /** A host whose subdomain names no company (no `?tenant=`): never the default tenant instead. */
  tenantNotAtHost: 'Bu adreste bir şirket bulunamadı.',
  tenantInactive: 'Şirket hesabı aktif değil.',
  notFound: 'Kayıt bulunamadı.',
  routeNotFound: 'İstenen adres bulunamadı.',
  usernameTaken: 'Bu kullanıcı adı zaten kullanılıyor.',
  idempotencyInFlight: 'Aynı istek hâlâ işleniyor. Lütfen biraz sonra tekrar deneyin.',
  idempotencyReused: 'Bu Idempotency-Key farklı bir istek için kullanılmış.',
  rateLimited: 'Çok fazla istek gönderildi. Lütfen biraz sonra tekrar deneyin.',
  serverBusy: 'Sunucu şu anda çok yoğun. Lütfen birkaç saniye sonra tekrar deneyin.',
  internal: 'Bir hata oluştu. Lütfen tekrar deneyin.',
  databaseUnavailable: 'Veritabanına şu anda ulaşılamıyor. Lütfen biraz sonra tekrar deneyin.',
  invalidJson: 'İstek gövdesi geçerli bir JSON değil.',
  payloadTooLarge: 'İstek gövdesi çok büyük.',
  unsupportedMediaType: 'Desteklenmeyen içerik türü.',
  notificationNotFound: 'Bildirim bulunamadı.',
  badRequest: 'Geçersiz istek.',
  headersTooLarge: 'İstek adresi veya başlıkları çok uzun.',
  requestTimeout: 'İstek zamanında tamamlanmadı. Lütfen tekrar deneyin.',
  userInactive: 'Hesabınız aktif değil. Lütfen yöneticinize başvurun.',
  registrationDisabled: 'Bu şirkette yeni kullanıcı kaydı kapalı.',
  currentPasswordWrong: 'Mevcut şifre hatalı.',
  passwordChangeRequired: 'Devam etmek için şifrenizi değiştirmelisiniz.',
  temporaryPasswordExpired:
    'Geçici şifrenizin süresi doldu. Yeni bir geçici şifre için yöneticinize başvurun.',
  sameAsTemporaryPassword: 'Yeni şifre, geçici şifreden farklı olmalıdır.',
  invalidIdempotencyKey: 'Idempotency-Key başlığı geçersiz (1-200 görünür karakter olmalıdır).',
} as const;

/** `{label} gereklidir` — the spec's generic required-field text. */
export const required = (label: string) => `${label} gereklidir`;
