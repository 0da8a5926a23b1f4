import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../domain/password-rules';
import { text } from './common';
import { PASSWORD_RESET_MESSAGES } from './password-reset-messages';

/**
 * Forgotten passwords. With e-mail configured (the tenant info's `password_reset_by_email`), a
 * user asks for a reset link by username (POST /auth/forgot-password) and sets a new password
 * with the link's token (POST /auth/reset-password). Without it, the login screen tells the user
 * to ask their company's admin, who resets passwords in Kullanıcı Yönetimi.
 */
export { PASSWORD_RESET_MESSAGES, PASSWORD_RESET_TTL_MINUTES } from './password-reset-messages';

/** POST /auth/forgot-password (tenant from `?tenant=`, as every call). */
export const forgotPasswordBody = z.object({
  username: text('Kullanıcı adı', 100, {
    typeMessage: 'Kullanıcı adı gereklidir',
    min: 1,
    minMessage: 'Kullanıcı adı gereklidir',
  }),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** POST /auth/reset-password */
export const resetPasswordBody = z.object({
  token: text('Bağlantı anahtarı', 200, {
    typeMessage: PASSWORD_RESET_MESSAGES.tokenInvalid,
    min: 1,
    minMessage: PASSWORD_RESET_MESSAGES.tokenInvalid,
  }),
  new_password: text('Yeni şifre', PASSWORD_MAX_LENGTH, {
    trim: false,
    typeMessage: 'Yeni şifre gereklidir',
    min: 1,
    minMessage: 'Yeni şifre gereklidir',
  }),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const passwordResetMessage = z.object({ message: z.string() });
