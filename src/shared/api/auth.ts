import { z } from 'zod';
import { ROLES } from '../domain/roles';
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
});
export type User = z.infer<typeof userSchema>;

/**
 * POST /auth/login. Missing fields → 400 'Kullanıcı adı ve şifre gereklidir.' (spec error catalogue).
 * The client checks username first ('Kullanıcı adı gereklidir.'), then password ('Şifre gereklidir.').
 */
export const loginBody = z.object({
  username: z
    .string({ error: MESSAGES.loginFieldsRequired })
    .trim()
    .min(1, MESSAGES.loginFieldsRequired)
    .max(100),
  password: z.string({ error: MESSAGES.loginFieldsRequired }).min(1, MESSAGES.loginFieldsRequired).max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

/** Login and register responses are returned whole (not wrapped in data). */
export const authResponse = z.object({
  success: z.literal(true),
  user: userSchema,
  token: z.string(),
});
export type AuthResponse = z.infer<typeof authResponse>;

/**
 * POST /auth/register: self-service sign-up of a salesperson account in the tenant (when the
 * tenant's settings allow registration). Admins create other roles in the admin panel.
 */
export const registerBody = z.object({
  username: z
    .string({ error: 'Kullanıcı adı gereklidir' })
    .trim()
    .min(3, 'Kullanıcı adı en az 3 karakter olmalıdır')
    .max(50, 'Kullanıcı adı en fazla 50 karakter olabilir')
    .regex(/^[a-zA-Z0-9._-]+$/, 'Kullanıcı adı yalnızca harf, rakam, nokta, tire ve alt çizgi içerebilir'),
  password: z.string({ error: 'Şifre gereklidir' }).min(6, 'Şifre en az 6 karakter olmalıdır').max(200),
  full_name: z
    .string({ error: 'Ad soyad gereklidir' })
    .trim()
    .min(2, 'Ad soyad en az 2 karakter olmalıdır')
    .max(100, 'Ad soyad en fazla 100 karakter olabilir'),
  email: z.email('Geçerli bir email adresi giriniz'),
  phone: z.string().trim().max(30).optional(),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** PUT /auth/profile: the user's own name, email, phone, and optionally a new password. */
export const profileUpdateBody = z
  .object({
    full_name: z.string().trim().min(2, 'Ad soyad en az 2 karakter olmalıdır').max(100).optional(),
    email: z.email('Geçerli bir email adresi giriniz').optional(),
    phone: z.string().trim().max(30).nullable().optional(),
    current_password: z.string().max(200).optional(),
    new_password: z.string().min(6, 'Yeni şifre en az 6 karakter olmalıdır').max(200).optional(),
  })
  .refine((body) => !body.new_password || !!body.current_password, {
    message: 'Mevcut şifre gereklidir',
    path: ['current_password'],
  });
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

/** Login failure extras (spec: error, remainingTime (ms), remainingAttempts, lockedOut). */
export const loginErrorSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string(),
  remainingAttempts: z.number().int().optional(),
  lockedOut: z.boolean().optional(),
  remainingTime: z.number().int().optional(),
});
export type LoginError = z.infer<typeof loginErrorSchema>;

/** JWT claims. */
export interface TokenClaims {
  sub: string; // user id
  tid: string; // tenant id (slug)
  role: (typeof ROLES)[number];
  jti: string; // session id (revoked on logout)
}
