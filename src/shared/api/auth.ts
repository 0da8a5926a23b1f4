import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../domain/password-rules';
import { ROLES } from '../domain/roles';
import { emailText, text } from './common';
import { MESSAGES } from './errors';

export const roleSchema = z.enum(ROLES);

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  role: roleSchema,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  is_active: z.boolean(),
  last_login: z.string().nullable(),
  created_at: z.string(),
  /** The user's language and time zone (null: none chosen; the device's choice applies). */
  language: z.string().nullable().optional(),
  timezone: z.string().nullable().optional(),
  /**
   * Signed in with a one-time password (made by an admin): until the user sets their own, every
   * call but the profile, the password change and sign-out is refused (PASSWORD_CHANGE_REQUIRED).
   */
  must_change_password: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

/**
 * POST /auth/login. Missing fields → 400 'Kullanıcı adı ve şifre gereklidir.' (spec error catalogue).
 * The client checks username first ('Kullanıcı adı gereklidir.'), then password ('Şifre gereklidir.').
 */
export const loginBody = z.object({
  // NUL or another control character → 400 naming the field (before, the database refused it: 500).
  username: text('Kullanıcı adı', 100, {
    typeMessage: MESSAGES.loginFieldsRequired,
    min: 1,
    minMessage: MESSAGES.loginFieldsRequired,
  }),
  password: text('Şifre', PASSWORD_MAX_LENGTH, {
    trim: false,
    typeMessage: MESSAGES.loginFieldsRequired,
    min: 1,
    minMessage: MESSAGES.loginFieldsRequired,
  }),
});
export type LoginBody = z.infer<typeof loginBody>;

/** Login and register responses are returned whole (not wrapped in data). */
export const authResponse = z.object({
  success: z.literal(true),
  user: userSchema,
  token: z.string(),
  /** true: the password used is a one-time password; the session may only set a new one. */
  must_change_password: z.boolean(),
});
export type AuthResponse = z.infer<typeof authResponse>;

/**
 * POST /auth/register: self-service sign-up of a salesperson account in the tenant (when the
 * tenant's settings allow registration). Admins create other roles in the admin panel.
 */
export const registerBody = z.object({
  username: text('Kullanıcı adı', 50, {
    typeMessage: 'Kullanıcı adı gereklidir',
    min: 3,
    minMessage: 'Kullanıcı adı en az 3 karakter olmalıdır',
  }).regex(/^[a-zA-Z0-9._-]+$/, 'Kullanıcı adı yalnızca harf, rakam, nokta, tire ve alt çizgi içerebilir'),
  password: text('Şifre', PASSWORD_MAX_LENGTH, {
    trim: false,
    typeMessage: 'Şifre gereklidir',
    min: 6,
    minMessage: 'Şifre en az 6 karakter olmalıdır',
  }),
  full_name: text('Ad soyad', 100, {
    typeMessage: 'Ad soyad gereklidir',
    min: 2,
    minMessage: 'Ad soyad en az 2 karakter olmalıdır',
  }),
  email: emailText('E-posta'),
  phone: text('Telefon', 30).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** PUT /auth/profile: the user's own name, email, phone, and optionally a new password. */
export const profileUpdateBody = z
  .object({
    full_name: text('Ad soyad', 100, {
      min: 2,
      minMessage: 'Ad soyad en az 2 karakter olmalıdır',
    }).optional(),
    // Bounded (≤ 254): the address used to be unlimited (60 KB were stored).
    email: emailText('E-posta').optional(),
    phone: text('Telefon', 30).nullable().optional(),
    current_password: text('Mevcut şifre', PASSWORD_MAX_LENGTH, { trim: false }).optional(),
    new_password: text('Yeni şifre', PASSWORD_MAX_LENGTH, {
      trim: false,
      min: 6,
      minMessage: 'Yeni şifre en az 6 karakter olmalıdır',
    }).optional(),
  })
  .refine((body) => !body.new_password || !!body.current_password, {
    message: 'Mevcut şifre gereklidir',
    path: ['current_password'],
  });
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

/** JWT claims. */
export interface TokenClaims {
  sub: string; // user id
  tid: string; // tenant id (slug)
  role: (typeof ROLES)[number];
  jti: string; // session id (revoked on logout)
}
