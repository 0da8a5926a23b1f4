import { z } from 'zod';
import { TEMP_PASSWORD_DAYS } from '../domain/one-time-password';
import { PASSWORD_MIN_LENGTH_RANGE } from '../domain/password-rules';
import { text } from './common';
import { required } from './errors';
import { notEditableText } from './field-labels';
import { expectedVersion } from './orders';

/**
 * GET / PUT /admin/settings (admin only): the tenant's system settings (Sistem Ayarları). The
 * server obeys each on the next request: the lockout limit, the idle timeout of open sessions,
 * self-service registration, maintenance mode (503 for everyone but admins), the language and
 * time zone new users start with, and how long a one-time password stays usable. The settings
 * form validates with these same schemas.
 */

export const SETTINGS_LANGUAGES = ['tr', 'en', 'de', 'fr'] as const;
/** Each language named in itself (the same whatever the screen's language). */
export const SETTINGS_LANGUAGE_NAMES: Record<(typeof SETTINGS_LANGUAGES)[number], string> = {
  tr: 'Türkçe',
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
};
/**
 * The languages a new user can be given: those the app has screens in (a stored 'de' or 'fr' from
 * before is still read, and shows Turkish).
 */
export const SETTINGS_EDIT_LANGUAGES = ['tr', 'en'] as const;
export const SETTINGS_TIMEZONES = [
  'Europe/Istanbul',
  'UTC',
  'Europe/London',
  'America/New_York',
  'Asia/Tokyo',
] as const;
export const BACKUP_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;

/** The numeric settings' bounds (minutes, attempts, characters, days). */
export const SETTINGS_RANGES = {
  session_timeout: { min: 5, max: 1440 },
  max_login_attempts: { min: 3, max: 10 },
  password_min_length: PASSWORD_MIN_LENGTH_RANGE,
  backup_retention_days: { min: 7, max: 365 },
  temp_password_days: { min: TEMP_PASSWORD_DAYS.min, max: TEMP_PASSWORD_DAYS.max },
} as const;
export type RangedSetting = keyof typeof SETTINGS_RANGES;

export const SYSTEM_NAME_MAX = 100;

/** Turkish labels naming each field in validation messages (the screen's). */
export const SETTINGS_LABELS = {
  system_name: 'Sistem adı',
  maintenance_mode: 'Bakım modu',
  registration_enabled: 'Kayıt açık',
  default_language: 'Varsayılan dil',
  default_timezone: 'Varsayılan saat dilimi',
  session_timeout: 'Oturum zaman aşımı',
  max_login_attempts: 'Maksimum giriş denemesi',
  password_min_length: 'Minimum şifre uzunluğu',
  require_strong_password: 'Güçlü şifre zorunlu',
  email_notifications: 'E-posta bildirimleri',
  sms_notifications: 'SMS bildirimleri',
  backup_frequency: 'Yedekleme sıklığı',
  backup_retention_days: 'Yedek saklama süresi',
  temp_password_days: 'Geçici şifre geçerlilik süresi',
} as const;

export const SETTINGS_MESSAGES = {
  maintenance: 'Sistem bakımda. Lütfen daha sonra tekrar deneyin.',
  versionConflict: 'Sistem ayarları siz görüntüledikten sonra değiştirildi; güncel hali gösteriliyor',
} as const;

/** The spec's generic bound texts, prefixed with the field's label. */
export const minMessage = (label: string, n: number) => `${label}: Minimum değer ${n} olmalıdır`;
export const maxMessage = (label: string, n: number) => `${label}: Maksimum değer ${n} olmalıdır`;

function ranged(field: RangedSetting) {
  const label = SETTINGS_LABELS[field];
  const { min, max } = SETTINGS_RANGES[field];
  return z
    .number({ error: `${label}: Geçerli bir sayı giriniz` })
    .int({ error: `${label}: Geçerli bir sayı giriniz` })
    .min(min, minMessage(label, min))
    .max(max, maxMessage(label, max));
}

const flag = (field: keyof typeof SETTINGS_LABELS) =>
  z.boolean({ error: `${SETTINGS_LABELS[field]} true veya false olmalıdır` });

const oneOf = <T extends readonly [string, ...string[]]>(field: keyof typeof SETTINGS_LABELS, values: T) =>
  z.enum(values, { error: `${SETTINGS_LABELS[field]} şunlardan biri olmalıdır: ${values.join(', ')}` });

export const systemSettingsSchema = z.object({
  system_name: z.string(),
  system_version: z.string(),
  maintenance_mode: z.boolean(),
  registration_enabled: z.boolean(),
  default_language: z.enum(SETTINGS_LANGUAGES),
  default_timezone: z.enum(SETTINGS_TIMEZONES),
  session_timeout: z.number().int(),
  max_login_attempts: z.number().int(),
  password_min_length: z.number().int(),
  require_strong_password: z.boolean(),
  email_notifications: z.boolean(),
  sms_notifications: z.boolean(),
  backup_frequency: z.enum(BACKUP_FREQUENCIES),
  backup_retention_days: z.number().int(),
  /** Days a one-time password made by an admin stays usable before it no longer signs in. */
  temp_password_days: z.number().int(),
  /** The settings' version: an edit names it as `expected_version`. */
  version: z.number().int(),
  /** Is an SMTP server configured (SMTP_URL)? The screen says plainly when e-mail cannot be sent. */
  email_configured: z.boolean(),
  /** No SMS provider exists yet: always false. */
  sms_configured: z.boolean(),
});
export type SystemSettings = z.infer<typeof systemSettingsSchema>;

/**
 * PUT /admin/settings: any subset of the editable fields (absent = unchanged) and the version the
 * admin saw. `system_version` is read-only: accepted (a client may send back what it read) and
 * ignored. Any other unknown field is refused, naming it.
 */
export const updateSettingsBody = z.strictObject(
  {
    system_name: text(SETTINGS_LABELS.system_name, SYSTEM_NAME_MAX, {
      min: 1,
      minMessage: required(SETTINGS_LABELS.system_name),
    }).optional(),
    system_version: z.string().max(50).optional(),
    maintenance_mode: flag('maintenance_mode').optional(),
    registration_enabled: flag('registration_enabled').optional(),
    default_language: oneOf('default_language', SETTINGS_EDIT_LANGUAGES).optional(),
    default_timezone: oneOf('default_timezone', SETTINGS_TIMEZONES).optional(),
    session_timeout: ranged('session_timeout').optional(),
    max_login_attempts: ranged('max_login_attempts').optional(),
    password_min_length: ranged('password_min_length').optional(),
    require_strong_password: flag('require_strong_password').optional(),
    email_notifications: flag('email_notifications').optional(),
    sms_notifications: flag('sms_notifications').optional(),
    backup_frequency: oneOf('backup_frequency', BACKUP_FREQUENCIES).optional(),
    backup_retention_days: ranged('backup_retention_days').optional(),
    temp_password_days: ranged('temp_password_days').optional(),
    expected_version: expectedVersion,
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? notEditableText(issue.keys) : undefined),
  },
);
export type UpdateSettingsBody = z.input<typeof updateSettingsBody>;
export type UpdateSettingsInput = z.output<typeof updateSettingsBody>;

/** The editable fields, in the form's order. */
export const SETTINGS_EDIT_FIELDS = [
  'system_name',
  'maintenance_mode',
  'registration_enabled',
  'default_language',
  'default_timezone',
  'session_timeout',
  'max_login_attempts',
  'password_min_length',
  'require_strong_password',
  'email_notifications',
  'sms_notifications',
  'backup_frequency',
  'backup_retention_days',
  'temp_password_days',
] as const satisfies readonly (keyof UpdateSettingsInput)[];
export type SettingsEditField = (typeof SETTINGS_EDIT_FIELDS)[number];
