import { SETTINGS_MESSAGES } from '../../shared/api/admin-settings';
import { AppError } from '../lib/errors';
import type { Tenant } from './tenants.repository';

/**
 * What a NEW user of the tenant starts with (the system settings `default_language` and
 * `default_timezone`): every path that creates a user (self-service sign-up, an admin creating a
 * user) stores these on the user row. Users made before a change keep theirs.
 */
export function newUserDefaults(tenant: Pick<Tenant, 'default_language' | 'default_timezone'>): {
  language: string;
  timezone: string;
} {
  return { language: tenant.default_language, timezone: tenant.default_timezone };
}

/**
 * The refusal of maintenance mode: 503 "unavailable, try again later" (never a final refusal, so
 * queued changes wait and are sent once maintenance ends). Admins are never refused.
 */
export const maintenanceError = () => new AppError(503, 'MAINTENANCE', SETTINGS_MESSAGES.maintenance);

/** Is a user of this role refused while the tenant is in maintenance? */
export function refusedByMaintenance(tenant: Pick<Tenant, 'maintenance_mode'>, role: string): boolean {
  return tenant.maintenance_mode && role !== 'admin';
}
