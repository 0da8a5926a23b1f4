import { z } from 'zod';

/**
 * DNS of tenant hosts (platform admins only: admins of the `default` tenant). The server writes
 * records through its DNS provider (PowerDNS's HTTP API); a tenant's DNS status is what a real
 * resolver answers for `<subdomain>.<zone>`, compared with the configured target.
 * Without a configured provider every call answers 400 DNS_NOT_CONFIGURED — nothing pretends.
 */

export const DNS_STATUSES = ['active', 'pending', 'inactive', 'error'] as const;
export type DnsStatus = (typeof DNS_STATUSES)[number];

/** One rrset of the zone; names canonical (trailing dot), e.g. 'demo.example.com.'. */
export const dnsRecordSchema = z.object({
  name: z.string(),
  type: z.string(),
  content: z.array(z.string()),
  ttl: z.number().int(),
});
export type DnsRecordWire = z.infer<typeof dnsRecordSchema>;

/** POST /tenants/admin/dns/setup-wildcard → data: the `*.<zone>` record written. */
export const dnsSetupWildcardResponse = z.object({
  record: dnsRecordSchema.nullable(),
  error: z.string().optional(),
});

/** POST /tenants/admin/dns/setup-existing → data: one item per active tenant. */
export const dnsSetupExistingItem = z.object({
  tenant_id: z.string(),
  subdomain: z.string(),
  success: z.boolean(),
  error: z.string().optional(),
});
export const dnsSetupExistingResponse = z.array(dnsSetupExistingItem);

/** GET /tenants/admin/dns/list → data: the zone's records. */
export const dnsListResponse = z.array(dnsRecordSchema);

/** GET /tenants/admin/dns/check/:tenant — the tenant's id. */
export const dnsCheckParam = z.object({
  tenant: z
    .string()
    .trim()
    .toLowerCase()
    .max(63, 'Şirket adresi en fazla 63 karakter olabilir')
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'Şirket adresi geçersiz'),
});

/** → data: the status stored on the tenant, and what it was decided from. */
export const dnsCheckResponse = z.object({
  dns_status: z.enum(DNS_STATUSES),
  /** The host asked for, e.g. 'demo.example.com'. */
  host: z.string(),
  /** What the resolver answered (addresses, or a name for a CNAME target). */
  answers: z.array(z.string()),
  /** The configured target the answer must match. */
  target: z.string().nullable(),
  /** Why, for 'error' (Turkish). */
  reason: z.string().optional(),
});

export const DNS_MESSAGES = {
  /** The answer of every DNS call without a configured provider (code DNS_NOT_CONFIGURED). */
  notConfigured: 'DNS sağlayıcısı yapılandırılmamış (DNS_PROVIDER ayarlanmamış)',
  platformOnly: 'DNS işlemleri yalnızca platform yöneticilerine açıktır.',
  tenantNotFound: 'Şirket bulunamadı.',
  /** The client's texts (toasts of the tenant management screen). */
  wildcardSuccess: 'Wildcard DNS başarıyla kuruldu!',
  wildcardFailed: 'Wildcard DNS kurulumu başarısız.',
} as const;
