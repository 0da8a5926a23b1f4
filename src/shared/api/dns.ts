import { z } from 'zod';

/**
 * Contracts of the platform's DNS calls (platform admins only). Without a configured provider
 * every one answers 400 `DNS_NOT_CONFIGURED` with the provider's own text, which the screen shows
 * as it is.
 */
export const DNS_NOT_CONFIGURED_CODE = 'DNS_NOT_CONFIGURED';

export const dnsRecordSchema = z.object({
  /** Fully qualified, canonical (trailing dot), e.g. 'demo.example.com.'. */
  name: z.string(),
  type: z.string(),
  content: z.array(z.string()),
  ttl: z.number().int(),
});
export type DnsRecordWire = z.infer<typeof dnsRecordSchema>;

/** POST /tenants/admin/dns/setup-wildcard → the wildcard record written, or why not. */
export const dnsWildcardResponse = z.object({
  record: dnsRecordSchema.nullable(),
  error: z.string().optional(),
});

/** POST /tenants/admin/dns/setup-existing → one outcome per tenant. */
export const dnsSetupExistingResponse = z.array(
  z.object({
    tenant_id: z.string(),
    subdomain: z.string(),
    success: z.boolean(),
    error: z.string().optional(),
  }),
);
export type DnsSetupExistingResult = z.infer<typeof dnsSetupExistingResponse>;

/** GET /tenants/admin/dns/list → the zone's records. */
export const dnsListResponse = z.array(dnsRecordSchema);

export const dnsStatusSchema = z.enum(['active', 'pending', 'inactive', 'error']);

/** GET /tenants/admin/dns/check/{tenant} → what the resolver says of the tenant's host now. */
export const dnsCheckResponse = z.object({
  dns_status: dnsStatusSchema,
  host: z.string(),
  answers: z.array(z.string()),
  target: z.string().nullable(),
  reason: z.string().optional(),
});
export type DnsCheckResult = z.infer<typeof dnsCheckResponse>;

export const dnsTenantParam = z.object({
  tenant: z
    .string({ error: 'Tenant (tenant) geçersiz' })
    .max(63, 'Tenant (tenant) geçersiz')
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'Tenant (tenant) geçersiz'),
});
