import type { Kysely, Transaction } from 'kysely';
import { auditChanges } from '../../shared/api/audit-fields';
import {
  INVOICE_MESSAGES,
  type InvoiceSettings,
  type UpdateInvoiceSettingsBody,
} from '../../shared/api/invoices';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { AppError, notFound } from '../lib/errors';
import * as repo from './invoices.repository';

/**
 * The company's invoice settings (admin only, by the route table). Stored on the tenant row
 * (migration 0027) and versioned with the tenant's `settings_version`, as the system settings are.
 */

type Executor = Kysely<Database> | Transaction<Database>;
type Row = NonNullable<Awaited<ReturnType<typeof repo.findInvoiceSettings>>>;

const FIELDS = ['invoice_number_prefix', 'invoice_profile', 'auto_invoice_on_delivery'] as const;

function toSettings(row: Row): InvoiceSettings {
  return {
    invoice_number_prefix: row.invoice_number_prefix,
    invoice_profile: row.invoice_profile === 'TICARIFATURA' ? 'TICARIFATURA' : 'TEMELFATURA',
    auto_invoice_on_delivery: row.auto_invoice_on_delivery,
    version: Number(row.settings_version),
  };
}

export async function getSettings(db: Executor, tenantId: string): Promise<InvoiceSettings> {
  const row = await repo.findInvoiceSettings(db, tenantId);
  if (!row) throw notFound();
  return toSettings(row);
}

/**
 * PUT /invoices/settings: the sent fields (absent = unchanged). Values already in place → 200,
 * nothing written; a stale `expected_version` otherwise → 409 with the settings as they are.
 */
export async function updateSettings(
  trx: Transaction<Database>,
  tenantId: string,
  body: UpdateInvoiceSettingsBody,
): Promise<MutationResult<InvoiceSettings>> {
  const row = await repo.findInvoiceSettings(trx, tenantId, true);
  if (!row) throw notFound();
  const current = toSettings(row);
  const changed = FIELDS.filter((f) => body[f] !== undefined && body[f] !== current[f]);
  if (changed.length === 0) return { data: current, entityId: tenantId, changed: false };
  if (body.expected_version !== current.version) {
    throw new AppError(409, 'CONFLICT', INVOICE_MESSAGES.settingsConflict, { current });
  }
  const patch = Object.fromEntries(changed.map((f) => [f, body[f]]));
  await repo.updateInvoiceSettings(trx, tenantId, patch, new Date());
  const after = await getSettings(trx, tenantId);
  return {
    data: after,
    entityId: tenantId,
    changed: true,
    audit: { changes: auditChanges('settings', current, after) },
  };
}
