import type { profileTr } from './messages-tr';

/** This feature's screen texts in English; combined by app/catalogue-en.ts (loaded on demand). */
export const profileEn: Record<keyof typeof profileTr, string> = {
  fullName: 'Full name',
  lastLogin: 'Last sign-in',
  changePassword: 'Change Password',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  saving: 'Saving...',
  profileSaved: 'Profile updated',
  profileSaveError: 'Could not update the profile',
  profileOffline: 'You are offline. The profile can only be updated with an internet connection.',
};
