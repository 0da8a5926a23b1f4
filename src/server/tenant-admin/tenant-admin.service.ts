import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import { auditChanges } from '../../shared/api/audit-fields';
import {
  type AdminTenant,
  type AdminTenantsBody,
  type CreateTenantInput,
  type DeleteTenantResult,
  describeCompany,
  TENANT_MESSAGES,
  type TenantUsage,
  type UpdateTenantInput,
} from '../../shared/api/tenant-admin';
import { PLATFORM_TENANT_ID } from '../../shared/domain/platform';
import { insertAuditLog } from '../audit/audit.repository';
import { oneTimePassword } from '../auth/one-time-password';
import { writeTenantArchive } from '../backups/archive-writer';
import { databaseKind, tenantBackupDir } from '../backups/backups.service';
import { countStatistics } from '../company/company.repository';
import type { Config } from '../config';
import type { Database, TenantRow } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { AppError, notFound } from '../lib/errors';
import { seedListNames } from '../products/product-lists.repository';
import { insertTenant, tenantBranding, tenantSettings } from '../tenants/tenants.repository';
import { insertUsers } from '../users/users.repository';
import * as repo from './tenant-admin.repository';

/**
 * Tenant management (platform admins): the companies of the platform — list, read, create with
 * their defaults, versioned edits, real usage figures, and deletion that removes every row of the
 * company after writing its final backup. The platform tenant itself is never deleted.
 */

export function toAdminTenant(row: TenantRow): AdminTenant {
  return {
    tenant_id: row.id,
    company_name: row.company_name,
    subdomain: row.subdomain,
    full_domain: row.full_domain,
    subscription_plan: row.subscription_plan as AdminTenant['subscription_plan'],
    is_active: row.is_active,
    dns_status: row.dns_status,
    dns_checked_at: row.dns_checked_at ? new Date(row.dns_checked_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    version: Number(row.company_version),
    branding: tenantBranding(row),
    settings: tenantSettings(row),
  };
}

const missing = () => notFound(TENANT_MESSAGES.notFound);

/** GET /admin/tenants. */
export async function list(
  db: Kysely<Database>,
  query: { page: number; limit: number; search?: string },
): Promise<AdminTenantsBody> {
  const { rows, total } = await repo.listTenantRows(db, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
    ...(query.search ? { search: query.search } : {}),
  });
  return {
    success: true,
    data: rows.map(toAdminTenant),
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      pages: Math.max(1, Math.ceil(total / query.limit)),
    },
  };
}

/** GET /admin/tenants/{id}. */
export async function get(db: Kysely<Database>, id: string): Promise<AdminTenant> {
  const row = await repo.findTenantRow(db, id);
  if (!row) throw missing();
  return toAdminTenant(row);
}

function taken(): AppError {
  return new AppError(409, 'CONFLICT', TENANT_MESSAGES.subdomainTaken, { field: 'subdomain' });
}

/**
 * POST /admin/tenants: the tenant (its id is its subdomain), its counters, its default product
 * categories and brands, and its first admin when one is given. The same company again under the same subdomain (a replayed request)
 * answers that tenant; another company there is 409 naming the field.
 */
export async function create(
  trx: Transaction<Database>,
  body: CreateTenantInput,
  baseDomain: string,
  /** The hash of the first admin's one-time password (hashed before the transaction). */
  adminPasswordHash: string | null,
  /** 'pending' while its record is being written (a DNS provider is configured), else 'inactive'. */
  dnsStatus: 'pending' | 'inactive' = 'inactive',
): Promise<MutationResult<AdminTenant>> {
  const existing = await repo.subdomainTaken(trx, body.subdomain);
  if (existing) {
    if (existing.company_name === body.company_name && existing.subdomain === body.subdomain) {
      return { data: toAdminTenant(existing), entityId: existing.id, changed: false };
    }
    throw taken();
  }
  const now = new Date();
  await insertTenant(trx, {
    id: body.subdomain,
    company_name: body.company_name,
    subdomain: body.subdomain,
    full_domain: `${body.subdomain}.${baseDomain}`,
    subscription_plan: body.subscription_plan,
    primary_color: body.branding.primary_color,
    secondary_color: body.branding.secondary_color,
    company_description: body.branding.company_description || describeCompany(body.company_name),
    dns_status: dnsStatus,
  });
  await seedListNames(trx, body.subdomain, [], now);
  const row = await repo.updateTenantRow(
    trx,
    body.subdomain,
    { is_active: body.is_active, logo_url: body.branding.logo_url, ...body.settings },
    0,
    now,
  );
  const admin = body.first_admin;
  // The platform admin made the password: one-time, for the new tenant's `temp_password_days`.
  const origin = oneTimePassword(row, now);
  if (admin && adminPasswordHash) {
    await insertUsers(trx, row.id, [
      {
        id: randomUUID(),
        username: admin.username,
        password_hash: adminPasswordHash,
        full_name: admin.full_name,
        email: admin.email,
        role: 'admin',
        created_at: now,
        language: row.language,
        timezone: row.timezone,
        ...origin,
      },
    ]);
  }
  return {
    data: {
      ...toAdminTenant(row),
      ...(admin
        ? {
            first_admin_username: admin.username,
            first_admin_password_expires_at: origin.password_expires_at.toISOString(),
          }
        : {}),
    },
    statusCode: 201,
    entityId: row.id,
  };
}

async function lockForEdit(trx: Transaction<Database>, id: string): Promise<TenantRow> {
  const row = await repo.lockTenantRow(trx, id);
  if (!row) throw missing();
  return row;
}

function conflict(row: TenantRow): AppError {
  return new AppError(409, 'CONFLICT', TENANT_MESSAGES.versionConflict, { current: toAdminTenant(row) });
}

type Change = Partial<repo.TenantChange & repo.TenantSettingsChange>;

function unchanged(row: TenantRow, change: Change): boolean {
  return (Object.keys(change) as (keyof Change)[]).every(
    (key) => (row[key] ?? null) === (change[key] ?? null),
  );
}

/**
 * A versioned write: a stale `expected_version` is 409 with the tenant now, unless the values
 * are already in place (then success, nothing written). The platform tenant cannot be switched off
 * (its admins would lock themselves out of the platform).
 */
async function applyChange(
  trx: Transaction<Database>,
  id: string,
  expectedVersion: number,
  change: Change,
): Promise<MutationResult<AdminTenant>> {
  const row = await lockForEdit(trx, id);
  if (id === PLATFORM_TENANT_ID && change.is_active === false) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Platform tenantı (default) pasif yapılamaz', {
      field: 'is_active',
    });
  }
  if (unchanged(row, change)) return { data: toAdminTenant(row), entityId: id, changed: false };
  if (expectedVersion !== Number(row.company_version)) throw conflict(row);
  const after = await repo.updateTenantRow(trx, id, change, Number(row.company_version) + 1, new Date());
  return { data: toAdminTenant(after), entityId: id, audit: { changes: auditChanges('tenant', row, after) } };
}

/** PUT /admin/tenants/{id}: name, plan, state, branding and settings (the subdomain stays). */
export async function update(
  trx: Transaction<Database>,
  id: string,
  body: UpdateTenantInput,
): Promise<MutationResult<AdminTenant>> {
  if (body.subdomain !== undefined && body.subdomain !== id) {
    const row = await repo.findTenantRow(trx, id);
    if (!row) throw missing();
    if (body.subdomain !== row.subdomain) {
      throw new AppError(400, 'VALIDATION_ERROR', TENANT_MESSAGES.subdomainFixed, { field: 'subdomain' });
    }
  }
  return applyChange(trx, id, body.expected_version, {
    company_name: body.company_name,
    subscription_plan: body.subscription_plan,
    is_active: body.is_active,
    logo_url: body.branding.logo_url,
    primary_color: body.branding.primary_color,
    secondary_color: body.branding.secondary_color,
    company_description: body.branding.company_description || describeCompany(body.company_name),
    ...body.settings,
  });
}

/** PUT /admin/tenants/{id}/settings. */
export async function updateSettings(
  trx: Transaction<Database>,
  id: string,
  body: repo.TenantSettingsChange & { expected_version: number },
): Promise<MutationResult<AdminTenant>> {
  const { expected_version, ...settings } = body;
  return applyChange(trx, id, expected_version, settings);
}

/** GET /admin/tenants/{id}/usage: live counts and the bytes of every row of the tenant. */
export async function usage(db: Kysely<Database>, id: string): Promise<TenantUsage> {
  const row = await repo.findTenantRow(db, id);
  if (!row) throw missing();
  const [counts, measured] = await Promise.all([countStatistics(db, id), repo.measureTenant(db, id)]);
  return {
    tenant_id: id,
    ...counts,
    storage_bytes: measured.bytes,
    rows: measured.rows,
    measured_at: new Date().toISOString(),
  };
}

// ---------------------------------------------------------------------------- delete ---

/** A delete that failed after its backup: the tenant (still there) gets its state back. */
export async function undoPrepare(db: Kysely<Database>, id: string, prepared: PreparedDelete): Promise<void> {
  await repo.setTenantActive(db, id, prepared.wasActive);
}

export interface DeleteDeps {
  db: Kysely<Database>;
  config: Pick<Config, 'backupDir'>;
}

/** What a delete prepared: the final backup it wrote (and the state to put back if it fails). */
export interface PreparedDelete {
  backupFile: string;
  rowCounts: Record<string, number>;
  /** Whether the tenant was active before the delete switched it off. */
  wasActive: boolean;
}

/** Refuses the platform tenant and an unknown one (before anything is written). */
export async function checkDeletable(db: Kysely<Database>, id: string): Promise<TenantRow> {
  if (id === PLATFORM_TENANT_ID) {
    throw new AppError(409, 'CONFLICT', TENANT_MESSAGES.platformUndeletable);
  }
  const row = await repo.findTenantRow(db, id);
  if (!row) throw missing();
  return row;
}

/**
 * Before the delete: the tenant is switched off (every request of its users is refused from now
 * on, so nothing is written after the backup), then its final backup is written to
 * BACKUP_DIR/<tenant>/. If the backup fails, the tenant is switched back on and nothing is deleted.
 */
export async function prepareDelete(deps: DeleteDeps, id: string): Promise<PreparedDelete> {
  const row = await checkDeletable(deps.db, id);
  await repo.setTenantActive(deps.db, id, false);
  try {
    const dir = await tenantBackupDir(deps.config, id);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = join(dir, `${id}-final-${stamp}.ndjson.gz`);
    const result = await writeTenantArchive(deps.db, await databaseKind(deps.db), id, file);
    return { backupFile: file, rowCounts: result.rowCounts, wasActive: row.is_active };
  } catch (error) {
    await repo.setTenantActive(deps.db, id, row.is_active);
    throw new AppError(500, 'INTERNAL_ERROR', TENANT_MESSAGES.backupFailed, {
      reason: error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300),
    });
  }
}

/**
 * DELETE /admin/tenants/{id} (in the mutation's transaction, after prepareDelete): every row of
 * the tenant in every table, and an audit line in the platform tenant naming the final backup.
 */
export async function remove(
  trx: Transaction<Database>,
  id: string,
  prepared: PreparedDelete,
  who: { id: string; full_name: string },
): Promise<MutationResult<DeleteTenantResult>> {
  if (id === PLATFORM_TENANT_ID) throw new AppError(409, 'CONFLICT', TENANT_MESSAGES.platformUndeletable);
  const row = await repo.lockTenantRow(trx, id);
  if (!row) throw missing();
  const rows = await repo.deleteTenantRows(trx, id);
  await insertAuditLog(trx, PLATFORM_TENANT_ID, {
    level: 'warning',
    action: 'tenant.final_backup',
    entity: 'tenant',
    entity_id: id,
    params: { name: row.company_name, subdomain: row.subdomain, file: prepared.backupFile },
    user_id: who.id,
    user_name: who.full_name,
  });
  return {
    data: { tenant_id: id, deleted: true, backup_file: prepared.backupFile, rows },
    entityId: id,
    audit: { params: { name: row.company_name, subdomain: row.subdomain } },
  };
}
