import type { passwordResetTr } from './messages-tr';

/** The password reset page's texts in English; combined by app/catalogue-en.ts. */
export const passwordResetEn: Record<keyof typeof passwordResetTr, string> = {
  pw_resetTitle: 'Set a new password',
  pw_resetIntro: 'Enter a new password for your account.',
  pw_newPassword: 'New password',
  pw_confirmPassword: 'New password (again)',
  pw_newPasswordRequired: 'A new password is required.',
  pw_tooShort: 'The password must be at least {n} characters long.',
  pw_notStrong:
    'The password must contain at least one upper-case letter, one lower-case letter and one digit.',
  pw_mismatch: 'The passwords do not match.',
  pw_save: 'Save password',
  pw_saving: 'Saving...',
  pw_done: 'Your password has been changed. You can now sign in with your new password.',
  pw_goLogin: 'Back to sign in',
  pw_tokenInvalid: 'This password reset link is not valid. Please ask for a new link.',
  pw_tokenUsed: 'This password reset link has already been used. Please ask for a new link.',
  pw_tokenExpired: 'This password reset link has expired. Please ask for a new link.',
  pw_notConfigured:
    "E-mail is not set up on this system. To reset your password, contact your company's administrator.",
  pw_offline: 'No internet connection. You need to be online to change your password.',
  pw_resetFailed: 'The password could not be changed. Please try again.',
};
