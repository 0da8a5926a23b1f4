import type { Kysely, Transaction } from 'kysely';
import { auditChanges } from '../../shared/api/audit-fields';
import {
  COMPANY_LIMITS,
  COMPANY_LOGO_TYPES,
  COMPANY_MESSAGES,
  type Company,
  type CompanyLogoType,
  type UpdateCompanyInput,
} from '../../shared/api/company';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { AppError, notFound } from '../lib/errors';
import { checkImage, type ImageRules, imageHash } from '../products/product-images.service';
import * as repo from './company.repository';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The company profile of a tenant (admin 'Şirket Bilgileri'): read with the tenant's real
 * statistics, edited under a version (an edit names the version its user saw; a stale one is 409
 * with the company now), and its logo — stored by content hash, its type decided by the bytes.
 */

/** Seconds a browser may keep a logo: its URL names its content, so it never changes. */
export const LOGO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

async function toCompany(db: Executor, row: repo.CompanyRow, baseDomain: string): Promise<Company> {
  return {
    tenant_id: row.id,
    name: row.company_name,
    legal_name: row.legal_name,
    tax_number: row.tax_number,
    tax_office: row.tax_office,
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
    currency: row.currency,
    timezone: row.timezone,
    language: row.language,
    logo_url: row.logo_url,
    subdomain: row.subdomain,
    base_domain: baseDomain,
    version: Number(row.company_version),
    updated_at: row.updated_at ? new Date(row.updated_at).toISOString() : null,
    statistics: await repo.countStatistics(db, row.id),
  };
}

async function load(db: Executor, tenantId: string, baseDomain: string): Promise<Company> {
  const row = await repo.findCompany(db, tenantId);
  if (!row) throw notFound();
  return toCompany(db, row, baseDomain);
}

/** GET /admin/company. */
export function get(db: Kysely<Database>, tenantId: string, baseDomain: string): Promise<Company> {
  return load(db, tenantId, baseDomain);
}

function changeOf(body: UpdateCompanyInput): repo.CompanyChange {
  return {
    company_name: body.name,
    legal_name: body.legal_name,
    tax_number: body.tax_number,
    tax_office: body.tax_office,
    address: body.address,
    phone: body.phone,
    email: body.email,
    website: body.website,
    currency: body.currency,
    timezone: body.timezone,
    language: body.language,
  };
}

function sameAs(row: repo.CompanyRow, change: repo.CompanyChange): boolean {
  return (Object.keys(change) as (keyof repo.CompanyChange)[]).every(
    (key) => (row[key] ?? null) === (change[key] ?? null),
  );
}

/**
 * PUT /admin/company: a stale `expected_version` is 409 CONFLICT with `current`, unless the
 * values asked for are already in place (success, nothing written — a replay of an applied edit).
 */
export async function update(
  trx: Transaction<Database>,
  tenantId: string,
  body: UpdateCompanyInput,
  baseDomain: string,
): Promise<MutationResult<Company>> {
  const row = await repo.lockCompany(trx, tenantId);
  if (!row) throw notFound();
  const change = changeOf(body);
  const unchanged = sameAs(row, change);
  if (unchanged) return { data: await toCompany(trx, row, baseDomain), entityId: tenantId, changed: false };
  if (body.expected_version !== Number(row.company_version)) {
    throw new AppError(409, 'CONFLICT', COMPANY_MESSAGES.versionConflict, {
      current: await toCompany(trx, row, baseDomain),
    });
  }
  const before = await toCompany(trx, row, baseDomain);
  await repo.updateCompany(trx, tenantId, change, Number(row.company_version) + 1, new Date());
  const after = await load(trx, tenantId, baseDomain);
  return {
    data: after,
    entityId: tenantId,
    changed: true,
    audit: { changes: auditChanges('company', { ...before }, { ...after }) },
  };
}

const LOGO_RULES: ImageRules<CompanyLogoType> = {
  types: COMPANY_LOGO_TYPES,
  sideMax: COMPANY_LIMITS.logoUploadSideMax,
  messages: {
    required: COMPANY_MESSAGES.logoRequired,
    type: COMPANY_MESSAGES.logoType,
    corrupt: COMPANY_MESSAGES.logoCorrupt,
    dimensions: COMPANY_MESSAGES.logoDimensions,
  },
};

/**
 * Checks an uploaded logo before anything is written: present, and a whole PNG, JPEG or WebP by its
 * own structure with sides the server accepts (checkImage).
 */
export function checkLogo(bytes: Uint8Array | undefined): {
  bytes: Uint8Array;
  type: CompanyLogoType;
  hash: string;
} {
  const { type } = checkImage(bytes, LOGO_RULES);
  const logo = bytes as Uint8Array;
  return { bytes: logo, type, hash: imageHash(logo) };
}

/** POST /admin/company/logo: stores the logo, points the tenant at it and drops the logo it replaces. */
export async function setLogo(
  trx: Transaction<Database>,
  tenantId: string,
  logo: { bytes: Uint8Array; type: CompanyLogoType; hash: string },
  url: string,
  baseDomain: string,
): Promise<MutationResult<Company>> {
  const row = await repo.lockCompany(trx, tenantId);
  if (!row) throw notFound();
  if (row.logo_url === url)
    return { data: await toCompany(trx, row, baseDomain), entityId: tenantId, changed: false };
  const at = new Date();
  await repo.insertLogo(trx, tenantId, { hash: logo.hash, content_type: logo.type, bytes: logo.bytes }, at);
  await repo.setLogoUrl(trx, tenantId, url, at);
  await repo.deleteLogosExcept(trx, tenantId, logo.hash);
  return { data: await load(trx, tenantId, baseDomain), entityId: tenantId, changed: true };
}

/** DELETE /admin/company/logo: no logo any more (removing none is success, nothing written). */
export async function removeLogo(
  trx: Transaction<Database>,
  tenantId: string,
  baseDomain: string,
): Promise<MutationResult<Company>> {
  const row = await repo.lockCompany(trx, tenantId);
  if (!row) throw notFound();
  if (row.logo_url === null)
    return { data: await toCompany(trx, row, baseDomain), entityId: tenantId, changed: false };
  await repo.setLogoUrl(trx, tenantId, null, new Date());
  await repo.deleteLogosExcept(trx, tenantId, null);
  return { data: await load(trx, tenantId, baseDomain), entityId: tenantId, changed: true };
}

/** GET /tenants/logo/{hash}: the tenant's logo, or 404. */
export async function readLogo(
  db: Kysely<Database>,
  tenantId: string,
  hash: string,
): Promise<{ contentType: string; bytes: Uint8Array }> {
  const logo = await repo.findLogo(db, tenantId, hash);
  if (!logo) throw notFound(COMPANY_MESSAGES.logoNotFound);
  return { contentType: logo.content_type, bytes: logo.bytes };
}

/**
 * The tenant's logo bytes when a PDF can embed them (PNG or JPEG; a WebP logo is left out of the
 * delivery note rather than converted), else null.
 */
export async function logoForPdf(db: Executor, tenantId: string): Promise<Buffer | null> {
  const row = await repo.findCompany(db, tenantId);
  const hash = row?.logo_url ? /\/tenants\/logo\/([0-9a-f]{64})/.exec(row.logo_url)?.[1] : undefined;
  if (!hash) return null;
  const logo = await repo.findLogo(db, tenantId, hash);
  if (!logo || (logo.content_type !== 'image/png' && logo.content_type !== 'image/jpeg')) return null;
  return Buffer.from(logo.bytes);
}
