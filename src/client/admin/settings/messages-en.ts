import type { settingsTr } from './messages-tr';

/** Texts of the admin panel's system settings tab (English). */
export const settingsEn: Record<keyof typeof settingsTr, string> = {
  set_heading: 'System Settings',
  set_general: 'General',
  set_security: 'Security',
  set_notifications: 'Notifications',
  set_backup: 'Backup',
  set_systemName: 'System name',
  set_systemVersion: 'System version',
  set_maintenanceMode: 'Maintenance mode',
  set_maintenanceHelp:
    'While on, users other than admins cannot reach the server; their apps work with the data on their devices.',
  set_registrationEnabled: 'Allow new user sign-up',
  set_defaultLanguage: 'Default language',
  set_defaultTimezone: 'Default time zone',
  set_defaultsHelp: 'New users start with this language.',
  set_timezoneHelp:
    "Written to new users' profiles. Dates and times are shown everywhere in the company's time zone (Company Information).",
  set_sessionTimeout: 'Session timeout (minutes)',
  set_sessionTimeoutHelp: 'A session with no activity for this long ends (5–1440).',
  set_maxLoginAttempts: 'Maximum login attempts',
  set_maxLoginAttemptsHelp: 'After this many wrong attempts the account is locked for 15 minutes (3–10).',
  set_passwordMinLength: 'Minimum password length',
  set_passwordMinLengthHelp: 'For new passwords (6–20).',
  set_requireStrongPassword: 'Require strong passwords',
  set_tempPasswordDays: 'Temporary password validity (days)',
  set_tempPasswordDaysHelp:
    'A password set by an admin is one-time; unused for this many days it no longer works (1–90).',
  set_emailNotifications: 'E-mail notifications',
  set_smsNotifications: 'SMS notifications',
  set_emailNotConfigured:
    'No e-mail server (SMTP) is configured: no e-mail can be sent, even with e-mail notifications on.',
  set_smsNotConfigured: 'No SMS provider is configured: no SMS can be sent, even with SMS notifications on.',
  set_backupFrequency: 'Backup frequency',
  set_daily: 'Daily',
  set_weekly: 'Weekly',
  set_monthly: 'Monthly',
  set_backupRetentionDays: 'Backup retention (days)',
  set_backupRetentionHelp: '7–365 days.',
  set_save: 'Save',
  set_refresh: 'Refresh',
  set_saved: 'System settings updated',
  set_loadFailed: 'The system settings could not be loaded',
  set_retry: 'Try again',
  set_min: 'The minimum value is {n}',
  set_max: 'The maximum value is {n}',
  set_required: '{label} is required',
  set_invalidNumber: 'Enter a valid number',
  set_tooLong: 'At most {n} characters',
  set_conflict:
    'Someone else changed the settings after you opened them. The current values were loaded; make your changes again and save.',
  set_offline:
    'No connection: the settings are shown read-only as of your last online visit. Connect to the server to save.',
  set_noChanges: 'No changes',
  set_maintenanceOn: 'Maintenance mode is on: users other than admins cannot reach the server.',
};
