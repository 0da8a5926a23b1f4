import { z } from 'zod';
import { authResponse, loginBody, profileUpdateBody, registerBody, userSchema } from '../auth';
import { endpoint } from '../endpoint';
import { forgotPasswordBody, passwordResetMessage, resetPasswordBody } from '../password-reset';
import { ROUTES } from '../routes';

/**
 * Signing in and out, sign-up, password reset and the signed-in user's profile. Spread into `API`
 * (./index.ts).
 */
export const AUTH_ENDPOINTS = {
  login: endpoint({
    ...ROUTES.login,
    body: loginBody,
    response: authResponse,
    envelope: false,
    emptyBodyAsObject: true,
    // 401 INVALID_CREDENTIALS: a wrong username or password (with the attempts left)
    errors: [401],
  }),
  register: endpoint({
    ...ROUTES.register,
    body: registerBody,
    response: authResponse,
    envelope: false,
    emptyBodyAsObject: true,
  }),
  forgotPassword: endpoint({
    ...ROUTES.forgotPassword,
    body: forgotPasswordBody,
    response: passwordResetMessage,
    emptyBodyAsObject: true,
  }),
  resetPassword: endpoint({
    ...ROUTES.resetPassword,
    body: resetPasswordBody,
    response: passwordResetMessage,
    emptyBodyAsObject: true,
  }),
  logout: endpoint({ ...ROUTES.logout, response: z.object({ message: z.string() }) }),
  profile: endpoint({ ...ROUTES.profile, response: userSchema }),
  profileUpdate: endpoint({
    ...ROUTES.profileUpdate,
    body: profileUpdateBody,
    response: userSchema,
    emptyBodyAsObject: true,
  }),
} as const;
