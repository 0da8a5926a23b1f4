import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../domain/password-rules';
import { ROLES } from '../domain/roles';
import { userSchema } from './auth';
import { EMAIL_INVALID_MESSAGE, emailText, pageQuery, text } from './common';
import { required } from './errors';
import { notEditableText } from './field-labels';
import { expectedVersion } from './orders';

/**
 * The admin panel's user management (tab 'Kullanıcı Yönetimi'): GET/POST /admin/users,
 * PUT/DELETE /admin/users/{id}, POST /admin/users/{id}/reset-password and /unlock. Admin only.
 * One zod schema per operation; the user dialog validates with the same schemas, so the form and
 * the server cannot disagree on what is valid. The tenant's password rule (minimum length, strong
 * passwords) is a setting: the server checks it (shared/domain/password-rules.ts) and names the
 * field when a password falls short.
 */

export const USER_LIMITS = {
  username: { min: 3, max: 50 },
  full_name: { min: 2, max: 100 },
  phone: 30,
  password: PASSWORD_MAX_LENGTH,
} as const;

/** The page sizes of the user table (the list accepts exactly these). */
export const USER_PAGE_SIZES = [5, 10, 25] as const;
export const USER_DEFAULT_PAGE_SIZE = 10;

export type UserField =
  | 'id'
  | 'username'
  | 'email'
  | 'full_name'
  | 'role'
  | 'phone'
  | 'password'
  | 'is_active';

export const USER_FIELD_LABELS: Record<UserField, string> = {
  id: 'Kullanıcı kimliği',
  username: 'Kullanıcı adı',
  email: 'Email',
  full_name: 'Ad Soyad',
  role: 'Rol',
  phone: 'Telefon',
  password: 'Şifre',
  is_active: 'Durum',
};

/** 'Kullanıcı adı': how a message names a field (by its label; the wire name only in `field`). */
export const userFieldLabel = (field: UserField) => USER_FIELD_LABELS[field];

/** The generic form rules' texts, naming the field. */
export const USER_RULE_TEXTS = {
  required: (field: UserField) => required(userFieldLabel(field)),
  minLength: (field: UserField, n: number) => `${userFieldLabel(field)} en az ${n} karakter olmalıdır`,
  maxLength: (field: UserField, n: number) => `${userFieldLabel(field)} en fazla ${n} karakter olabilir`,
  format: (field: UserField) => `${userFieldLabel(field)}: Geçersiz format`,
} as const;

export const USER_MESSAGES = {
  created: 'Kullanıcı başarıyla oluşturuldu!',
  updated: 'Kullanıcı başarıyla güncellendi!',
  deleted: 'Kullanıcı başarıyla silindi!',
  passwordReset:
    'Şifre başarıyla sıfırlandı; kullanıcının açık oturumları kapatıldı. Kullanıcı bu geçici şifreyle girip kendi şifresini belirlemelidir.',
  unlocked: 'Kullanıcının giriş kilidi kaldırıldı.',
  notFound: 'Kullanıcı bulunamadı.',
  usernameTaken: 'Bu kullanıcı adı zaten kullanılıyor',
  idTaken: 'Bu kullanıcı kimliği başka bir kayıtta kullanılıyor',
  versionConflict:
    'Kullanıcı siz düzenlerken değişti. Güncel hâli gösteriliyor; değişikliğinizi tekrar yapın.',
  lastAdmin:
    'Şirketin son aktif yöneticisi silinemez, pasif yapılamaz ve rolü değiştirilemez. Önce başka bir kullanıcıyı yönetici yapın.',
  selfDelete: 'Kendi hesabınızı silemezsiniz.',
  selfDeactivate: 'Kendi hesabınızı pasif yapamazsınız.',
  usernamePattern: 'Kullanıcı adı yalnızca harf, rakam, nokta, tire ve alt çizgi içerebilir',
} as const;

const R = USER_RULE_TEXTS;

/** A required text: missing or blank → "{label} gereklidir"; then its length bounds. */
function requiredText(field: UserField, min: number, max: number) {
  return text(userFieldLabel(field), max, {
    typeMessage: R.required(field),
    maxMessage: R.maxLength(field, max),
  })
    .refine((v) => v.length > 0, { message: R.required(field), abort: true })
    .refine((v) => v.length >= min, R.minLength(field, min));
}

/** Letters of the English alphabet, digits, '.', '_' and '-' (what sign-up accepts too). */
export const USERNAME_PATTERN = /^[a-zA-Z0-9._-]+$/;

const username = requiredText('username', USER_LIMITS.username.min, USER_LIMITS.username.max).refine(
  (v) => USERNAME_PATTERN.test(v),
  USER_MESSAGES.usernamePattern,
);
const fullName = requiredText('full_name', USER_LIMITS.full_name.min, USER_LIMITS.full_name.max);
/** Required; the e-mail rule of the whole API (local part ≤ 64, whole ≤ 254, a valid address). */
const email = z
  .string({ error: R.required('email') })
  .pipe(emailText(userFieldLabel('email'), { allowEmpty: true }))
  .refine((v) => v !== '', { message: R.required('email') });
const role = z.enum(ROLES, {
  error: (issue) => (issue.input === undefined || issue.input === '' ? R.required('role') : R.format('role')),
});
const phone = text(userFieldLabel('phone'), USER_LIMITS.phone, {
  maxMessage: R.maxLength('phone', USER_LIMITS.phone),
}).refine((v) => v === '' || /^\+?[\d\s().-]+$/.test(v), R.format('phone'));
const optionalPhone = phone.nullish().transform((v) => (v ? v : null));
/**
 * A new password: at least 6 characters here (the spec's form rule, the lowest the tenant setting
 * allows); the tenant's own minimum and strength rule are checked by the server.
 */
const password = text(userFieldLabel('password'), USER_LIMITS.password, {
  trim: false,
  typeMessage: R.required('password'),
  maxMessage: R.maxLength('password', USER_LIMITS.password),
})
  .refine((v) => v.length > 0, { message: R.required('password'), abort: true })
  .refine((v) => v.length >= 6, R.minLength('password', 6));
const isActive = z.boolean({ error: R.format('is_active') });

// ------------------------------------------------------------------------ GET /admin/users ---

/**
 * GET /admin/users?page&limit&search&role&is_active: the tenant's live users, by name. `search`
 * looks in username, full name and e-mail with Turkish case folding ('ışık' finds 'IŞIK').
 */
export const adminUsersQuery = z.object({
  page: pageQuery,
  limit: z.coerce
    .number({ error: 'Sayfa boyutu bir sayı olmalıdır' })
    .int({ error: 'Sayfa boyutu tam sayı olmalıdır' })
    .refine((n) => (USER_PAGE_SIZES as readonly number[]).includes(n), 'Sayfa boyutu 5, 10 veya 25 olmalıdır')
    .default(USER_DEFAULT_PAGE_SIZE),
  search: text('Arama', 100).optional(),
  role: z.enum(ROLES, { error: 'Rol geçersiz' }).optional(),
  is_active: z
    .enum(['true', 'false'], { error: 'Durum true veya false olmalıdır' })
    .transform((v) => v === 'true')
    .optional(),
});

/** A user as the admin sees them: the account, its version, and whether sign-in is locked now. */
export const adminUserSchema = userSchema.extend({
  version: z.number().int(),
  /** Too many failed sign-ins: locked until this time (null: not locked). */
  locked_until: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersResponse = z.object({
  users: z.array(adminUserSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
});
export type AdminUsersPage = z.infer<typeof adminUsersResponse>;

// ----------------------------------------------------------------------- POST /admin/users ---

/**
 * POST /admin/users. `id` is optional: made by the client, it makes a replayed create the first
 * one (the same account answers 200; an id another account has is 409).
 */
export const createUserBody = z.object({
  id: z.uuid({ error: 'Kullanıcı kimliği geçersiz' }).optional(),
  username,
  email,
  full_name: fullName,
  role,
  phone: optionalPhone,
  password,
});
export type CreateUserBody = z.input<typeof createUserBody>;
export type CreateUserInput = z.output<typeof createUserBody>;

// ------------------------------------------------------------------- PUT /admin/users/{id} ---

/**
 * PUT /admin/users/{id}: any of email, full_name, role, phone, is_active (absent = unchanged;
 * phone null or blank = cleared) and `expected_version`, the version the admin saw: a stale one is
 * 409 with `current`, unless every sent field already has its value (then 200, nothing written).
 */
export const updateUserBody = z.strictObject(
  {
    email: email.optional(),
    full_name: fullName.optional(),
    role: role.optional(),
    phone: phone
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v ? v : null)),
    is_active: isActive.optional(),
    expected_version: expectedVersion,
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? notEditableText(issue.keys) : undefined),
  },
);
export type UpdateUserBody = z.input<typeof updateUserBody>;
export type UpdateUserInput = z.output<typeof updateUserBody>;

export const USER_EDIT_FIELDS = ['email', 'full_name', 'role', 'phone', 'is_active'] as const;
export type UserEditField = (typeof USER_EDIT_FIELDS)[number];

/** The fields of `edit` whose value differs from `current` (absent fields are ignored). */
export function changedUserFields(
  edit: Partial<Record<UserEditField, unknown>>,
  current: Partial<Record<UserEditField, unknown>>,
): UserEditField[] {
  return USER_EDIT_FIELDS.filter((f) => edit[f] !== undefined && (edit[f] ?? null) !== (current[f] ?? null));
}

// ----------------------------------------------------- reset-password, unlock, delete ---

/** POST /admin/users/{id}/reset-password: the new password (the tenant's rule applies). */
export const adminResetPasswordBody = z.object({ password });

export const deleteUserResponse = z.object({ id: z.string(), deleted: z.literal(true) });
export const userActionResponse = z.object({
  id: z.string(),
  message: z.string(),
  /** A password reset: when the one-time password stops signing in unless used (null: never). */
  password_expires_at: z.string().nullable().optional(),
});

export { EMAIL_INVALID_MESSAGE };
