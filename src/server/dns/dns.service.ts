import type { Kysely } from 'kysely';
import type { AuditParams } from '../../shared/api/audit-actions';
import { DNS_MESSAGES, type DnsStatus } from '../../shared/api/dns';
import { MESSAGES } from '../../shared/api/errors';
import { isPlatformAdmin } from '../../shared/domain/platform';
import { recordAudit } from '../audit/audit.repository';
import type { Database } from '../db/schema';
import { AppError, forbidden } from '../lib/errors';
import * as repo from './dns.repository';
import { DnsNameError } from './names';
import {
  type DnsCheck,
  DnsNotConfiguredError,
  type DnsProvider,
  DnsProviderError,
  type DnsRecord,
} from './provider';

/**
 * DNS of tenant hosts, for platform admins (admins of the `default` tenant; an admin of any other
 * tenant gets 403 — their role is right, their company is not the platform). Every write goes to
 * the provider and is recorded in the platform's system log; a tenant's DNS status is stored on
 * the tenant (tenants.dns_status) from what the provider's check says. Without a provider every
 * call answers 400 DNS_NOT_CONFIGURED.
 */
export interface DnsDeps {
  db: Kysely<Database>;
  dns: DnsProvider;
  /** Called after a tenant's stored status changed (tenants are held in the read cache). */
  changed: () => void;
}

export interface DnsActor {
  tenantId: string;
  role: string;
  id: string;
  full_name: string;
  ip: string | null;
  userAgent: string | null;
}

/** How many tenants are written and checked at once by setup-existing (bounded resolver load). */
const SETUP_CONCURRENCY = 4;

function requirePlatformAdmin(actor: DnsActor): void {
  if (!isPlatformAdmin(actor.role, actor.tenantId)) throw forbidden(DNS_MESSAGES.platformOnly);
}

function requireConfigured(dns: DnsProvider): void {
  if (!dns.configured) throw notConfigured();
}

const notConfigured = () => new AppError(400, 'DNS_NOT_CONFIGURED', DNS_MESSAGES.notConfigured);

/** The reason a provider call failed, for the answer and the log. */
function reasonOf(error: unknown): string {
  if (error instanceof DnsProviderError || error instanceof DnsNameError) return error.message;
  if (error instanceof DnsNotConfiguredError) return DNS_MESSAGES.notConfigured;
  throw error;
}

/** A failed provider call as the API's answer: 400 when unconfigured, otherwise 502 with the reason. */
function providerFailure(error: unknown, data?: Record<string, unknown>): AppError {
  if (error instanceof DnsNotConfiguredError) return notConfigured();
  return new AppError(502, 'DNS_PROVIDER_ERROR', reasonOf(error), data ? { data } : {});
}

async function audit(
  deps: DnsDeps,
  actor: DnsActor,
  entry: {
    action: 'dns.setup_wildcard' | 'dns.setup_existing';
    entity_id: string | null;
    params: AuditParams;
    level?: 'info' | 'warning' | 'error';
  },
): Promise<void> {
  await recordAudit(deps.db, {
    tenant_id: actor.tenantId,
    action: entry.action,
    level: entry.level ?? 'info',
    entity: 'dns',
    entity_id: entry.entity_id,
    params: entry.params,
    user_id: actor.id,
    user_name: actor.full_name,
    ip: actor.ip,
    user_agent: actor.userAgent,
  });
}

/** `*.<zone>` → the target: every subdomain, also of tenants created later, resolves at once. */
export async function setupWildcard(deps: DnsDeps, actor: DnsActor): Promise<{ record: DnsRecord }> {
  requirePlatformAdmin(actor);
  requireConfigured(deps.dns);
  const name = `*.${deps.dns.zone ?? ''}`;
  try {
    const record = await deps.dns.upsertHost('*');
    await audit(deps, actor, {
      action: 'dns.setup_wildcard',
      entity_id: record.name,
      params: { detail: `${record.name} ${record.type} ${record.content.join(', ')}` },
    });
    return { record };
  } catch (error) {
    const reason = reasonOf(error);
    await audit(deps, actor, {
      action: 'dns.setup_wildcard',
      level: 'error',
      entity_id: name,
      params: { detail: `${name}: ${reason}` },
    });
    throw providerFailure(error, { record: null, error: reason });
  }
}

/** Runs `work` over `items`, at most `limit` at a time, keeping the order of the results. */
async function inPool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(runners);
  return results;
}

export interface SetupItem {
  tenant_id: string;
  subdomain: string;
  success: boolean;
  error?: string;
}

/**
 * A record per active tenant (REPLACE: running it twice leaves the same records once), then each
 * tenant's status as the resolver sees it. One tenant's failure does not stop the others.
 */
export async function setupExisting(deps: DnsDeps, actor: DnsActor): Promise<SetupItem[]> {
  requirePlatformAdmin(actor);
  requireConfigured(deps.dns);
  const tenants = await repo.listActiveTenants(deps.db);
  // Once the provider does not answer at all, the remaining tenants get that reason at once
  // instead of each waiting for its own timeout (writes to a zone run one at a time).
  let unreachable: string | undefined;
  const outcomes = await inPool(tenants, SETUP_CONCURRENCY, async (tenant) => {
    if (unreachable !== undefined) return { tenant, status: 'error' as const, error: unreachable };
    try {
      await deps.dns.upsertHost(tenant.subdomain);
      const check = await deps.dns.check(tenant.subdomain);
      return { tenant, status: check.status, error: undefined };
    } catch (error) {
      const reason = reasonOf(error);
      if (error instanceof DnsProviderError && error.unreachable) unreachable = reason;
      return { tenant, status: 'error' as const, error: reason };
    }
  });
  let changed = false;
  for (const o of outcomes) changed = (await repo.setDnsStatus(deps.db, o.tenant.id, o.status)) || changed;
  if (changed) deps.changed();
  const failed = outcomes.filter((o) => o.error !== undefined);
  await audit(deps, actor, {
    action: 'dns.setup_existing',
    level: failed.length > 0 ? 'warning' : 'info',
    entity_id: deps.dns.zone,
    params: {
      written: outcomes.length - failed.length,
      failed:
        failed.length > 0
          ? `${failed.length} (${failed.map((o) => `${o.tenant.id}: ${o.error}`).join('; ')})`
          : 0,
    },
  });
  return outcomes.map((o) => ({
    tenant_id: o.tenant.id,
    subdomain: o.tenant.subdomain,
    success: o.error === undefined,
    ...(o.error === undefined ? {} : { error: o.error }),
  }));
}

export async function listRecords(deps: DnsDeps, actor: DnsActor): Promise<DnsRecord[]> {
  requirePlatformAdmin(actor);
  requireConfigured(deps.dns);
  try {
    return await deps.dns.listRecords();
  } catch (error) {
    throw providerFailure(error);
  }
}

/** Asks the resolver for the tenant's host; the answer becomes the tenant's stored dns_status. */
export async function checkTenant(
  deps: DnsDeps,
  actor: DnsActor,
  tenantId: string,
): Promise<{
  dns_status: DnsStatus;
  host: string;
  answers: string[];
  target: string | null;
  reason?: string;
}> {
  requirePlatformAdmin(actor);
  requireConfigured(deps.dns);
  const tenant = await repo.findDnsTenant(deps.db, tenantId);
  if (!tenant) throw new AppError(404, 'TENANT_NOT_FOUND', MESSAGES.tenantNotFound);
  let check: DnsCheck;
  try {
    check = await deps.dns.check(tenant.subdomain);
  } catch (error) {
    if (error instanceof DnsNotConfiguredError) throw notConfigured();
    check = { status: 'error', host: tenant.subdomain, answers: [], target: null, reason: reasonOf(error) };
  }
  await repo.markDnsChecked(deps.db, tenant.id, new Date());
  if (await repo.setDnsStatus(deps.db, tenant.id, check.status)) deps.changed();
  return {
    dns_status: check.status,
    host: check.host,
    answers: check.answers,
    target: check.target,
    ...(check.reason === undefined ? {} : { reason: check.reason }),
  };
}

/**
 * A new tenant's host (registration approval, a tenant added in tenant management), after the
 * transaction that made the tenant: its record written, then asked of the resolver, and what the
 * resolver says stored as the tenant's dns_status — 'active' only when it answers the target,
 * 'pending' while it does not yet, never assumed from the write alone; 'inactive' without a
 * provider; 'error' with the reason when the provider or the resolver fails. Never throws: the
 * tenant stands whatever DNS says (the platform admin can retry from tenant management).
 */
export async function provisionTenantHost(
  deps: DnsDeps,
  tenantId: string,
  subdomain: string,
): Promise<{ status: DnsStatus; reason?: string }> {
  let outcome: { status: DnsStatus; reason?: string };
  if (!deps.dns.configured) outcome = { status: 'inactive' };
  else {
    try {
      await deps.dns.upsertHost(subdomain);
      const check = await deps.dns.check(subdomain);
      outcome = check.reason ? { status: check.status, reason: check.reason } : { status: check.status };
    } catch (error) {
      outcome = {
        status: 'error',
        reason: error instanceof Error ? error.message.slice(0, 300) : String(error),
      };
    }
  }
  if (deps.dns.configured) await repo.markDnsChecked(deps.db, tenantId, new Date());
  if (await repo.setDnsStatus(deps.db, tenantId, outcome.status)) deps.changed();
  return outcome;
}

/**
 * A deleted tenant's host record removed (best effort, after the delete committed: a provider
 * that is away leaves a record pointing at a host that now answers 'no company at this address').
 */
export async function removeTenantHost(dns: DnsProvider, subdomain: string): Promise<void> {
  if (!dns.configured) return;
  try {
    await dns.removeHost(subdomain);
  } catch {
    // the wildcard or a later setup-existing run does not bring it back; the record is harmless
  }
}
