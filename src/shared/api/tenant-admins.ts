import { z } from 'zod';
import { USERNAME_PATTERN } from './admin-users';
import { emailText, text, typeError } from './common';
import { notEditableText } from './field-labels';
import { TENANT_LIMITS, tenantIdParam } from './tenant-admin';

/**
 * A company's admins as the platform admin sees them (tenant management): the list, a new admin
 * and a password reset. Both writes carry a one-time password the screen makes and shows once; the
 * server keeps only its hash and never answers it. This is the way back into a company added
 * without a first admin, or whose only admin forgot the password where no e-mail is configured.
 */

export const TENANT_ADMIN_MESSAGES = {
  adminNotFound: 'Bu şirkette böyle bir yönetici yok.',
  usernameTaken: 'Bu kullanıcı adı bu şirkette zaten kullanılıyor.',
  idTaken: 'Bu kimlik başka bir kullanıcıya ait.',
} as const;

const unknownKeys = {
  error: (issue: { code: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? notEditableText(issue.keys ?? []) : undefined,
};

/** The one-time password the screen made (the same length rule as a new company's first admin). */
const oneTimePassword = z
  .string({ error: 'Geçici şifre gereklidir' })
  .min(TENANT_LIMITS.passwordMin, `Geçici şifre en az ${TENANT_LIMITS.passwordMin} karakter olmalıdır`)
  .max(TENANT_LIMITS.passwordMax, `Geçici şifre en fazla ${TENANT_LIMITS.passwordMax} karakter olabilir`);

/** /admin/tenants/{id}/admins/{userId}/… */
export const tenantAdminParams = tenantIdParam.extend({
  userId: z.uuid({ error: 'Kullanıcı kimliği geçersiz' }),
});

/** POST /admin/tenants/{id}/admins: the new admin, its client-made id and its one-time password. */
export const createTenantAdminBody = z.strictObject(
  {
    id: z.uuid({ error: typeError('Kullanıcı kimliği gereklidir', 'Kullanıcı kimliği geçersiz') }),
    full_name: text('Ad soyad', TENANT_LIMITS.adminNameMax, {
      typeMessage: 'Ad soyad gereklidir',
      min: 2,
      minMessage: 'Ad soyad en az 2 karakter olmalıdır',
    }),
    username: text('Kullanıcı adı', TENANT_LIMITS.usernameMax, {
      typeMessage: 'Kullanıcı adı gereklidir',
      min: TENANT_LIMITS.usernameMin,
      minMessage: `Kullanıcı adı en az ${TENANT_LIMITS.usernameMin} karakter olmalıdır`,
    }).refine(
      (v) => USERNAME_PATTERN.test(v),
      "Kullanıcı adı yalnızca harf, rakam, '.', '_' ve '-' içerebilir",
    ),
    email: emailText('E-posta', { allowEmpty: true })
      .nullish()
      .transform((v) => (v ? v : null)),
    password: oneTimePassword,
  },
  unknownKeys,
);
export type CreateTenantAdminInput = z.output<typeof createTenantAdminBody>;

/** POST /admin/tenants/{id}/admins/{userId}/reset-password: the new one-time password. */
export const resetTenantAdminBody = z.strictObject({ password: oneTimePassword }, unknownKeys);

/** One admin of the company. */
export const tenantAdminSchema = z.object({
  id: z.string(),
  full_name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  is_active: z.boolean(),
  /** Signing in is refused for now (too many failed attempts); a reset lifts it. */
  locked: z.boolean(),
  locked_until: z.string().nullable(),
  /** The password in use is a one-time password someone else made (not yet replaced). */
  one_time_password: z.boolean(),
  /** When that one-time password stops signing in (null: none, or no expiry). */
  password_expires_at: z.string().nullable(),
  last_login: z.string().nullable(),
});
export type TenantAdmin = z.infer<typeof tenantAdminSchema>;

/** GET /admin/tenants/{id}/admins → data: the company's live admins, by name. */
export const tenantAdminsResponse = z.array(tenantAdminSchema);
