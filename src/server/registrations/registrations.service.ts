import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type CompanyRegistration,
  type CreateRegistrationInput,
  REGISTRATION_MESSAGES as M,
  PLAN_LABELS,
  type PlatformStats,
  type RegistrationActionResult,
} from '../../shared/api/registrations';
import {
  REGISTRATION_TRANSITIONS,
  type RegistrationAction,
  type RegistrationStatus,
  registrationMove,
  registrationReasonMissing,
} from '../../shared/domain/company-registration';
import {
  isPlatformAdmin,
  PLATFORM_TENANT_ID,
  SUBDOMAIN_MESSAGES,
  subdomainProblem,
} from '../../shared/domain/platform';
import { recordAudit } from '../audit/audit.repository';
import type { Database } from '../db/schema';
import { provisionTenantHost } from '../dns/dns.service';
import type { DnsProvider } from '../dns/provider';
import { queueEmail } from '../email/email-outbox.repository';
import { renderRegistrationApprovedEmail, renderRegistrationVerifyEmail } from '../email/email-render';
import { AppError, forbidden, notFound, validation } from '../lib/errors';
import { generatePassword, hashPassword } from '../lib/password';
import { provisionTenant } from '../tenants/provision';
import { checkFormToken, issueFormToken, MIN_FORM_SECONDS } from './form-token';
import {
  countActiveTenants,
  countRegistrations,
  findRegistration,
  insertRegistration,
  listRegistrations,
  liveRegistrationStatus,
  lockRegistration,
  setRegistrationStatus,
  setTenantActive,
  tenantHoldsSubdomain,
  verifyEmailByToken,
} from './registrations.repository';

/**
 * Company registrations. A company signs up on the public page (no account, no tenant of its
 * own yet): the registration is stored under the platform tenant, pending. Platform admins
 * (admins of the platform tenant) list them and approve, reject or suspend them; approval creates
 * the company's tenant and its first admin in one transaction, then writes its DNS record.
 */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface Actor {
  id: string;
  full_name: string;
  role: string;
}

const VERIFY_HOURS = 48;
const P = PLATFORM_TENANT_ID;

export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** 403 for everyone but the platform tenant's admins (the route lets every admin in). */
export function assertPlatformAdmin(tenantId: string, actor: Actor): void {
  if (!isPlatformAdmin(actor.role, tenantId)) throw forbidden(M.platformOnly);
}

// ------------------------------------------------------------------------------ public ---

export function formToken(secret: Uint8Array): { form_token: string; min_seconds: number } {
  return { form_token: issueFormToken(secret), min_seconds: MIN_FORM_SECONDS };
}

export type SubdomainVerdict = {
  subdomain: string;
  available: boolean;
  message: string;
  reason: 'ok' | 'invalid' | 'reserved' | 'taken' | 'pending';
};

/** Whether `raw` can be asked for: its form, the reserved list, the tenants and the live registrations. */
export async function checkSubdomain(db: Kysely<Database>, raw: string): Promise<SubdomainVerdict> {
  const subdomain = raw.trim().toLowerCase();
  const problem = subdomainProblem(subdomain);
  if (problem)
    return {
      subdomain,
      available: false,
      message: problem,
      reason: problem === SUBDOMAIN_MESSAGES.reserved ? 'reserved' : 'invalid',
    };
  if (await tenantHoldsSubdomain(db, subdomain))
    return { subdomain, available: false, message: SUBDOMAIN_MESSAGES.taken, reason: 'taken' };
  const live = await liveRegistrationStatus(db, P, subdomain);
  if (live === 'approved')
    return { subdomain, available: false, message: SUBDOMAIN_MESSAGES.taken, reason: 'taken' };
  if (live === 'pending')
    return { subdomain, available: false, message: SUBDOMAIN_MESSAGES.pending, reason: 'pending' };
  return { subdomain, available: true, message: SUBDOMAIN_MESSAGES.available, reason: 'ok' };
}

const SAME_FIELDS = ['company_name', 'contact_person_email', 'subdomain'] as const;

/**
 * POST /company-registrations. Refused before anything is read: a filled honeypot, a form token
 * that is forged, too young (the time trap) or too old. Then the subdomain must be free; the
 * registration is stored pending, with an e-mail verification link queued when e-mail is
 * configured and `linkBase` is one of our addresses. A replay of the same id answers the stored
 * registration (200); the id used for another registration is 409.
 */
export async function register(
  db: Kysely<Database>,
  deps: { secret: Uint8Array; emailConfigured: boolean; linkBase: string | null },
  body: CreateRegistrationInput,
  meta: RequestMeta,
): Promise<{
  status: 200 | 201;
  data: {
    id: string;
    subdomain: string;
    status: RegistrationStatus;
    message: string;
    verification_sent: boolean;
  };
}> {
  if (body.website !== undefined && body.website.trim() !== '') throw validation(M.botSuspected, 'website');
  const verdict = checkFormToken(deps.secret, body.form_token);
  if (verdict === 'too_fast') throw validation(M.tooFast, 'form_token');
  if (verdict === 'expired') throw validation(M.formExpired, 'form_token');
  if (verdict === 'invalid') throw validation(M.formTokenInvalid, 'form_token');

  const existing = await findRegistration(db, P, body.id);
  if (existing) return replayOf(existing, body);
  const free = await checkSubdomain(db, body.subdomain);
  if (!free.available) throw validation(free.message, 'subdomain');

  const { form_token: _t, website: _w, ...input } = body;
  const now = new Date();
  const sendLink = deps.emailConfigured && deps.linkBase !== null;
  const token = sendLink ? randomBytes(32).toString('base64url') : null;
  const stored = await db.transaction().execute(async (trx) => {
    const ok = await insertRegistration(
      trx,
      P,
      input,
      token ? { hash: tokenHash(token), expiresAt: new Date(now.getTime() + VERIFY_HOURS * 3600_000) } : null,
      now,
    );
    if (!ok) return false;
    if (token) {
      const link = `${deps.linkBase}/register-company?verify=${encodeURIComponent(token)}`;
      await queueEmail(
        trx,
        P,
        'registration_verify',
        input.contact_person_email,
        renderRegistrationVerifyEmail({
          company: input.company_name,
          contactName: input.contact_person_name,
          subdomain: input.subdomain,
          link,
          validHours: VERIFY_HOURS,
        }),
      );
    }
    await recordAudit(trx, {
      tenant_id: P,
      action: 'registration.create',
      entity: 'company_registration',
      entity_id: input.id,
      params: {
        name: input.company_name,
        subdomain: input.subdomain,
        plan: PLAN_LABELS[input.subscription_plan],
      },
      ip: meta.ip,
      user_agent: meta.userAgent,
    });
    return true;
  });
  if (!stored) {
    // Lost a race: the same id sent twice at once, or another sign-up took the subdomain.
    const raced = await findRegistration(db, P, body.id);
    if (raced) return replayOf(raced, body);
    throw validation(SUBDOMAIN_MESSAGES.pending, 'subdomain');
  }
  return {
    status: 201,
    data: {
      id: input.id,
      subdomain: input.subdomain,
      status: 'pending',
      message: M.submitted,
      verification_sent: sendLink,
    },
  };
}

function replayOf(existing: CompanyRegistration, body: CreateRegistrationInput) {
  if (SAME_FIELDS.some((f) => existing[f] !== body[f]))
    throw new AppError(409, 'CONFLICT', M.idTaken, { field: 'id' });
  return {
    status: 200 as const,
    data: {
      id: existing.id,
      subdomain: existing.subdomain,
      status: existing.status,
      message: M.submitted,
      verification_sent: false,
    },
  };
}

export async function verifyEmail(
  db: Kysely<Database>,
  token: string,
): Promise<{ message: string; company_name: string }> {
  const row = await verifyEmailByToken(db, P, tokenHash(token), new Date());
  if (!row) throw validation(M.verifyInvalid, 'token');
  return { message: M.verified, company_name: row.company_name };
}

// ------------------------------------------------------------------------------- admin ---

export async function list(
  db: Kysely<Database>,
  tenantId: string,
  actor: Actor,
  filter: { search?: string; status?: RegistrationStatus },
): Promise<CompanyRegistration[]> {
  assertPlatformAdmin(tenantId, actor);
  return listRegistrations(db, P, filter);
}

export async function stats(db: Kysely<Database>, tenantId: string, actor: Actor): Promise<PlatformStats> {
  assertPlatformAdmin(tenantId, actor);
  const [registrations, active] = await Promise.all([countRegistrations(db, P), countActiveTenants(db)]);
  return { registrations, tenants: { total_active_tenants: active } };
}

export interface ActionDeps {
  db: Kysely<Database>;
  dns: DnsProvider;
  baseDomain: string;
  emailConfigured: boolean;
  /** The address a sign-in link opens (an e-mailed first password), or null. */
  linkBase: string | null;
}

const ALREADY: Record<RegistrationAction, string> = {
  approve: M.alreadyApproved,
  reject: M.alreadyRejected,
  suspend: M.alreadySuspended,
};
const DONE: Record<RegistrationAction, string> = {
  approve: M.approved,
  reject: M.rejected,
  suspend: M.suspended,
};

/**
 * approve | reject | suspend, by a platform admin, with a reason (required to reject or suspend:
 * those are final — 400 naming `reason`). The registration row is locked
 * for the whole transaction, so two approvals at once are one approval and one "already
 * approved". Approval provisions the tenant and its first admin in the same transaction; its
 * first password is generated and hashed beforehand, never stored in clear: it is e-mailed to the
 * contact person when e-mail is configured, else answered once to the admin. The DNS record is
 * written after the commit: its failure is reported (dns_status error / inactive) and the
 * approval stands. Suspension turns the tenant off: its users are refused (TENANT_INACTIVE) at
 * sign-in and on every call — the caller runs this inside the read cache's invalidation.
 */
export async function act(
  deps: ActionDeps,
  tenantId: string,
  actor: Actor,
  id: string,
  action: RegistrationAction,
  reason: string | null,
  meta: RequestMeta,
): Promise<RegistrationActionResult> {
  assertPlatformAdmin(tenantId, actor);
  // A final decision (reject, suspend) is refused without its reason, before anything is read.
  if (registrationReasonMissing(action, reason)) throw validation(M.reasonRequired, 'reason');
  const password = action === 'approve' ? generatePassword(16) : null;
  const passwordHash = password ? await hashPassword(password) : null;
  const now = new Date();

  const outcome = await deps.db.transaction().execute(async (trx) => {
    const current = await lockRegistration(trx, P, id);
    if (!current) throw notFound(M.notFound);
    const move = registrationMove(current.status, action);
    if (move === 'already') return { registration: current, changed: false as const };
    if (move === 'refuse')
      throw new AppError(409, 'INVALID_TRANSITION', M.illegalMove(current.status, action), {
        current: current.status,
      });
    const to = REGISTRATION_TRANSITIONS[action].to;
    let provisioned: { admin_username: string; emailed: boolean; password_expires_at: Date } | null = null;
    if (action === 'approve' && passwordHash && password) {
      const made = await provisionTenant(trx, {
        subdomain: current.subdomain,
        company_name: current.company_name,
        subscription_plan: current.subscription_plan,
        baseDomain: deps.baseDomain,
        contact_email: current.contact_person_email,
        contact_name: current.contact_person_name,
        contact_phone: current.contact_person_phone,
        legal_name: current.legal_name,
        tax_number: current.tax_number,
        tax_office: current.tax_office,
        address: profileAddress(current),
        admin_password_hash: passwordHash,
        now,
      });
      if (!made) throw new AppError(409, 'CONFLICT', M.tenantExists, { field: 'subdomain' });
      const emailed = deps.emailConfigured;
      if (emailed)
        await queueEmail(
          trx,
          P,
          'registration_approved',
          current.contact_person_email,
          renderRegistrationApprovedEmail({
            company: current.company_name,
            contactName: current.contact_person_name,
            tenantId: made.tenant_id,
            username: made.admin_username,
            password,
            passwordExpiresAt: made.admin_password_expires_at,
            loginLink: deps.linkBase
              ? `${deps.linkBase}/login?tenant=${encodeURIComponent(made.tenant_id)}`
              : null,
          }),
        );
      await recordAudit(trx, {
        tenant_id: made.tenant_id,
        action: 'tenant.provision',
        entity: 'user',
        entity_id: made.admin_user_id,
        params: { username: made.admin_username },
        user_name: `Platform: ${actor.full_name}`,
        ip: meta.ip,
        user_agent: meta.userAgent,
      });
      provisioned = {
        admin_username: made.admin_username,
        emailed,
        password_expires_at: made.admin_password_expires_at,
      };
    }
    if (action === 'suspend') await setTenantActive(trx, current.subdomain, false, now);
    const registration = await setRegistrationStatus(trx, P, id, {
      status: to,
      reason,
      decidedBy: actor.id,
      at: now,
    });
    await recordAudit(trx, {
      tenant_id: P,
      action: `registration.${action}`,
      level: action === 'approve' ? 'info' : 'warning',
      entity: 'company_registration',
      entity_id: id,
      params: {
        name: current.company_name,
        subdomain: current.subdomain,
        from: current.status,
        to,
        ...(reason ? { reason } : {}),
      },
      user_id: actor.id,
      user_name: actor.full_name,
      ip: meta.ip,
      user_agent: meta.userAgent,
    });
    return { registration, changed: true as const, provisioned };
  });

  if (!outcome.changed) {
    return { registration: outcome.registration, changed: false, message: ALREADY[action] };
  }
  const result: RegistrationActionResult = {
    registration: outcome.registration,
    changed: true,
    message: DONE[action],
  };
  if (outcome.provisioned && password) {
    const dns = await writeDns(deps, outcome.registration.subdomain);
    result.tenant = {
      tenant_id: outcome.registration.subdomain,
      dns_status: dns.status,
      dns_message: dns.message,
      admin_username: outcome.provisioned.admin_username,
      one_time_password: outcome.provisioned.emailed ? null : password,
      password_emailed: outcome.provisioned.emailed,
      password_expires_at: outcome.provisioned.password_expires_at.toISOString(),
    };
  }
  return result;
}

/**
 * The company profile's one address line from the sign-up's parts: street, district, city and
 * country as given, in that order, blanks left out; null when none was given.
 */
export function profileAddress(
  r: Pick<CompanyRegistration, 'address_street' | 'address_state' | 'address_city' | 'address_country'>,
): string | null {
  const parts = [r.address_street, r.address_state, r.address_city, r.address_country]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '');
  return parts.length > 0 ? parts.join(', ') : null;
}

/** The new tenant's DNS record, after the commit; what the resolver says is stored on the tenant. */
async function writeDns(deps: ActionDeps, subdomain: string): Promise<{ status: string; message: string }> {
  const outcome = await provisionTenantHost(
    // (the approval's route empties the read cache around the whole action)
    { db: deps.db, dns: deps.dns, changed: () => {} },
    subdomain,
    subdomain,
  );
  const message =
    outcome.status === 'active'
      ? M.dnsActive
      : outcome.status === 'pending'
        ? M.dnsPending
        : outcome.status === 'inactive'
          ? M.dnsInactive
          : M.dnsError(outcome.reason ?? '');
  return { status: outcome.status, message };
}
