import {
  type BACKUP_FREQUENCIES,
  type SETTINGS_EDIT_LANGUAGES,
  SETTINGS_RANGES,
  type SETTINGS_TIMEZONES,
  type SettingsEditField,
  SYSTEM_NAME_MAX,
  type SystemSettings,
  type UpdateSettingsBody,
} from '../../../shared/api/admin-settings';
import { formatQuantityInput, parseQuantityInput } from '../../../shared/domain/number-input';
import type { MessageKey } from '../../shared-ui/i18n';

/**
 * The settings form's state and rules, apart from the screen: numbers are held as the typed text
 * (read with the shared number rule), checked against the same bounds the server enforces, and only
 * the fields that differ from what was loaded are sent, with the version that was loaded.
 */
export type RangedField = keyof typeof SETTINGS_RANGES;
export const RANGED_FIELDS = Object.keys(SETTINGS_RANGES) as RangedField[];

export interface SettingsForm {
  system_name: string;
  maintenance_mode: boolean;
  registration_enabled: boolean;
  default_language: (typeof SETTINGS_EDIT_LANGUAGES)[number];
  default_timezone: (typeof SETTINGS_TIMEZONES)[number];
  session_timeout: string;
  max_login_attempts: string;
  password_min_length: string;
  require_strong_password: boolean;
  email_notifications: boolean;
  sms_notifications: boolean;
  backup_frequency: (typeof BACKUP_FREQUENCIES)[number];
  backup_retention_days: string;
  temp_password_days: string;
}

export function toForm(s: SystemSettings): SettingsForm {
  return {
    system_name: s.system_name,
    maintenance_mode: s.maintenance_mode,
    registration_enabled: s.registration_enabled,
    // A 'de' / 'fr' stored before shows Turkish: the form says so by offering what works.
    default_language: s.default_language === 'en' ? 'en' : 'tr',
    default_timezone: s.default_timezone,
    session_timeout: formatQuantityInput(s.session_timeout),
    max_login_attempts: formatQuantityInput(s.max_login_attempts),
    password_min_length: formatQuantityInput(s.password_min_length),
    require_strong_password: s.require_strong_password,
    email_notifications: s.email_notifications,
    sms_notifications: s.sms_notifications,
    backup_frequency: s.backup_frequency,
    backup_retention_days: formatQuantityInput(s.backup_retention_days),
    temp_password_days: formatQuantityInput(s.temp_password_days),
  };
}

/** A message key and its parameters (the screen translates it). */
export interface FieldError {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** What is wrong with each field, as the spec's generic texts say it; empty when the form is valid. */
export function validate(
  form: SettingsForm,
  systemNameLabel: string,
): Partial<Record<SettingsEditField, FieldError>> {
  const errors: Partial<Record<SettingsEditField, FieldError>> = {};
  const name = form.system_name.trim();
  if (name === '') errors.system_name = { key: 'set_required', params: { label: systemNameLabel } };
  else if (name.length > SYSTEM_NAME_MAX)
    errors.system_name = { key: 'set_tooLong', params: { n: SYSTEM_NAME_MAX } };
  for (const field of RANGED_FIELDS) {
    const parsed = parseQuantityInput(form[field]);
    const { min, max } = SETTINGS_RANGES[field];
    if (!parsed.ok) errors[field] = { key: 'set_invalidNumber' };
    else if (parsed.value < min) errors[field] = { key: 'set_min', params: { n: min } };
    else if (parsed.value > max) errors[field] = { key: 'set_max', params: { n: max } };
  }
  return errors;
}

/** The form as the settings' values (call only when valid). */
function values(
  form: SettingsForm,
): Omit<SystemSettings, 'system_version' | 'version' | 'email_configured' | 'sms_configured'> {
  const num = (field: RangedField) => {
    const parsed = parseQuantityInput(form[field]);
    return parsed.ok ? parsed.value : Number.NaN;
  };
  return {
    ...form,
    system_name: form.system_name.trim(),
    session_timeout: num('session_timeout'),
    max_login_attempts: num('max_login_attempts'),
    password_min_length: num('password_min_length'),
    backup_retention_days: num('backup_retention_days'),
    temp_password_days: num('temp_password_days'),
  };
}

/** The PUT body: the changed fields only, and the version the admin saw. */
export function changes(form: SettingsForm, loaded: SystemSettings): UpdateSettingsBody {
  const next = values(form);
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(next)) {
    if (loaded[field as keyof SystemSettings] !== value) body[field] = value;
  }
  return { ...body, expected_version: loaded.version } as UpdateSettingsBody;
}

/** Does the form hold anything to send? */
export function isDirty(form: SettingsForm, loaded: SystemSettings): boolean {
  return Object.keys(changes(form, loaded)).length > 1;
}
