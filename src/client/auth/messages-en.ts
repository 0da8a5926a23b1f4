import type { authTr } from './messages-tr';

/** This feature's screen texts in English; combined by shared-ui/i18n-en.ts (loaded on demand). */
export const authEn: Record<keyof typeof authTr, string> = {
  loginSubtitle: 'Order Management System',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  loginSubmit: 'Sign In',
  loginSubmitting: 'Signing in...',
  loginLocked: 'Account Locked',
  or: 'or',
  forgotPassword: 'Forgot your password?',
  secureConnection: 'Secure Connection',
  copyright: '© 2025 Order Management System. All rights reserved.',
  usernameRequired: 'Username is required.',
  passwordRequired: 'Password is required.',
  lockedWait: 'Your account is locked. Please wait.',
  remainingTime: 'Time remaining: {n} minutes',
  remainingAttempts: 'Attempts remaining: {n}',
  sessionExpired: 'Your session has expired. Please sign in again.',
  loginSuccess: 'Signed in successfully',
  tenantNotFound: 'Company not found.',
  loginErrLocked: 'Your account is locked. Please try again in 15 minutes.',
  loginErrInvalid: 'Wrong username or password. Please try again.',
  loginErrMissing: 'Username and password are required.',
  loginErrOther: 'Something went wrong while signing in. Please try again.',
  loginErrOffline: 'No internet connection. You need to be online to sign in.',
  networkUnreachable: 'The server cannot be reached. Check your connection.',
};
