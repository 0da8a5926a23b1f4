import type { Transaction } from 'kysely';
import {
  SETTINGS_EDIT_FIELDS,
  SETTINGS_MESSAGES,
  type SettingsEditField,
  type SystemSettings,
  type UpdateSettingsInput,
} from '../../shared/api/admin-settings';
import { auditChanges } from '../../shared/api/audit-fields';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { AppError, notFound } from '../lib/errors';
import {
  lockTenant,
  type SystemSettingsPatch,
  type Tenant,
  updateSystemSettings,
} from '../tenants/tenants.repository';

/** What the settings screen needs to say about channels that cannot send (no SMTP, no SMS provider). */
export interface Channels {
  emailConfigured: boolean;
}

/** The tenant's system settings as the admin panel reads them. */
export function toSystemSettings(tenant: Tenant, channels: Channels): SystemSettings {
  return {
    system_name: tenant.system_name,
    system_version: tenant.system_version,
    maintenance_mode: tenant.maintenance_mode,
    registration_enabled: tenant.registration_enabled,
    default_language: tenant.default_language,
    default_timezone: tenant.default_timezone as SystemSettings['default_timezone'],
    session_timeout: tenant.session_timeout,
    max_login_attempts: tenant.max_login_attempts,
    password_min_length: tenant.password_min_length,
    require_strong_password: tenant.require_strong_password,
    email_notifications: tenant.email_notifications,
    sms_notifications: tenant.sms_notifications,
    backup_frequency: tenant.backup_frequency,
    backup_retention_days: tenant.backup_retention_days,
    temp_password_days: tenant.temp_password_days,
    version: tenant.settings_version,
    email_configured: channels.emailConfigured,
    sms_configured: false,
  };
}

/** The sent fields whose value differs from the tenant's now. */
function changedFields(body: UpdateSettingsInput, tenant: Tenant): SettingsEditField[] {
  return SETTINGS_EDIT_FIELDS.filter((field) => body[field] !== undefined && body[field] !== tenant[field]);
}

/**
 * PUT /admin/settings. The tenant row is locked, then:
 * - a stale `expected_version` → 409 CONFLICT with the current settings, unless every sent field
 *   already has its value (then 200, nothing written);
 * - nothing changes → 200, nothing written;
 * - else the changed columns are written and the version moves on. The caller empties the read
 *   cache around this write, so every next request (of any open session) reads the new settings.
 */
export async function updateSettings(
  trx: Transaction<Database>,
  tenantId: string,
  body: UpdateSettingsInput,
  channels: Channels,
): Promise<MutationResult<SystemSettings>> {
  const tenant = await lockTenant(trx, tenantId);
  if (!tenant) throw notFound();
  const changed = changedFields(body, tenant);
  const current = toSystemSettings(tenant, channels);
  if (changed.length === 0) return { data: current, entityId: tenantId, changed: false };
  if (body.expected_version !== undefined && body.expected_version !== tenant.settings_version) {
    throw new AppError(409, 'CONFLICT', SETTINGS_MESSAGES.versionConflict, { current });
  }
  const patch: SystemSettingsPatch = {};
  for (const field of changed) Object.assign(patch, { [field]: body[field] });
  const updated = await updateSystemSettings(trx, tenantId, patch, new Date());
  const after = toSystemSettings(updated, channels);
  return {
    data: after,
    entityId: tenantId,
    changed: true,
    audit: { changes: auditChanges('settings', current, after) },
  };
}
