import { DNS_MESSAGES } from '../../shared/api/dns';

/**
 * The DNS provider the platform writes tenant records through. One real implementation (PowerDNS
 * Authoritative's HTTP API, ./powerdns.ts); without configuration `app.dns` is the null provider,
 * whose every call says plainly that no DNS provider is configured (nothing pretends).
 *
 * Every call is idempotent: writing a record that already exists with the same content changes
 * nothing; removing one that does not exist is not an error. Names are host labels relative to
 * the zone ('demo', '*'); the implementation makes them canonical (trailing dot).
 */
export interface DnsRecord {
  /** Fully qualified, canonical (trailing dot), e.g. 'demo.example.com.'. */
  name: string;
  type: string; // A | AAAA | CNAME | …
  content: string[];
  ttl: number;
}

export type DnsCheckStatus = 'active' | 'pending' | 'inactive' | 'error';

export interface DnsCheck {
  status: DnsCheckStatus;
  /** The tenant's host asked for (no trailing dot), e.g. 'demo.example.com'. */
  host: string;
  /** What the resolver answered (addresses or a name), empty when nothing. */
  answers: string[];
  /** The configured target the answer must match. */
  target: string | null;
  /** Why, for 'error' (the provider's or the resolver's failure) — Turkish. */
  reason?: string;
}

export interface DnsProvider {
  /** false for the null provider (no DNS configured). */
  readonly configured: boolean;
  /** The zone, canonical (e.g. 'example.com.'). */
  readonly zone: string | null;
  /** Writes `<label>.<zone>` pointing at the configured target (creates the zone if missing). */
  upsertHost(label: string): Promise<DnsRecord>;
  /** Removes `<label>.<zone>` (no error when absent). */
  removeHost(label: string): Promise<void>;
  /** The zone's records. */
  listRecords(): Promise<DnsRecord[]>;
  /** Asks the configured resolver for `<label>.<zone>` and compares with the target. */
  check(label: string): Promise<DnsCheck>;
}

/** Thrown by every call of the null provider (and mapped to a 400 DNS_NOT_CONFIGURED by routes). */
export const DNS_NOT_CONFIGURED = DNS_MESSAGES.notConfigured;

export class DnsNotConfiguredError extends Error {
  constructor() {
    super(DNS_NOT_CONFIGURED);
    this.name = 'DnsNotConfiguredError';
  }
}

/**
 * A configured provider's failure (unreachable, refused, timed out), with the reason in Turkish —
 * shown to the platform admin as it is. upsertHost/removeHost/listRecords throw it; check() returns
 * it as status 'error' with `reason` instead.
 */
export class DnsProviderError extends Error {
  /** `unreachable`: no answer at all (refused connection, timeout) — the next call will not fare better. */
  constructor(
    message: string,
    readonly unreachable = false,
  ) {
    super(message);
    this.name = 'DnsProviderError';
  }
}

/** The provider when DNS is not configured: every call refuses with DNS_NOT_CONFIGURED. */
export const nullDnsProvider: DnsProvider = {
  configured: false,
  zone: null,
  upsertHost: async () => {
    throw new DnsNotConfiguredError();
  },
  removeHost: async () => {
    throw new DnsNotConfiguredError();
  },
  listRecords: async () => {
    throw new DnsNotConfiguredError();
  },
  check: async () => {
    throw new DnsNotConfiguredError();
  },
};
