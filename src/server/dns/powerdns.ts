import { Resolver } from 'node:dns/promises';
import { canonicalName, hostOf, recordName, targetRecord } from './names';
import { type DnsCheck, type DnsProvider, DnsProviderError, type DnsRecord } from './provider';

/**
 * The DNS provider on PowerDNS Authoritative's HTTP API (`/api/v1/servers/localhost/zones…`,
 * header `X-API-Key`). Records are written through the API only, never in PowerDNS's database:
 * - a tenant host `<label>.<zone>.` gets one rrset pointing at the target: A/AAAA for an address,
 *   CNAME for a name; the other two types at that name are deleted in the same PATCH (a CNAME
 *   cannot live beside other data, and a changed target must not leave the old record behind);
 * - REPLACE and DELETE are idempotent in PowerDNS: writing the same record twice, or removing an
 *   absent one, changes nothing;
 * - the zone is created (Native, with its SOA and NS) the first time a record is written to it.
 *
 * A tenant's status is what a real resolver (DNS_RESOLVER) answers for its host, compared with the
 * target — the zone alone cannot say whether the world sees the record yet:
 * - inactive: the zone holds no record for the host (neither its own nor the wildcard);
 * - active: the resolver answers the target;
 * - pending: the record is in the zone, the resolver does not answer it (yet);
 * - error: the API or the resolver failed; `reason` says how, in Turkish.
 * Every wait is bounded: API calls by `timeoutMs`, the resolver by its timeout and tries.
 */
export interface PowerDnsOptions {
  /** The web server's base URL, e.g. http://127.0.0.1:8081. */
  apiUrl: string;
  apiKey: string;
  /** The zone tenant hosts live in (with or without trailing dot). */
  zone: string;
  /** An IPv4/IPv6 address or a host name. */
  target: string;
  /** `ip:port` of the resolver asked by check(). */
  resolver: string;
  /** TTL of the records written (seconds). */
  ttl?: number;
  /** Bound of each API call (ms). */
  timeoutMs?: number;
  /** The resolver's per-try timeout (ms) and its number of tries. */
  resolverTimeoutMs?: number;
  resolverTries?: number;
}

const HOST_TYPES = ['A', 'AAAA', 'CNAME'] as const;
export const DEFAULT_TTL = 300;

interface ApiRrset {
  name: string;
  type: string;
  ttl: number;
  records: Array<{ content: string; disabled?: boolean }>;
}

/** The cause of a failed fetch, readable: 'connect ECONNREFUSED 127.0.0.1:8081', 'zaman aşımı'. */
function failureText(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'zaman aşımı';
    const cause = (error as Error & { cause?: unknown }).cause;
    if (cause instanceof Error && cause.message) return cause.message;
    return error.message;
  }
  return String(error);
}

/** Resolver error codes that mean "no such record (yet)", not a failure. */
const NOT_ANSWERED = new Set(['ENOTFOUND', 'ENODATA', 'NOTFOUND', 'NODATA']);

function resolverReason(server: string, error: unknown): string {
  const code = (error as { code?: string } | null)?.code ?? '';
  switch (code) {
    case 'ETIMEOUT':
    case 'TIMEOUT':
      return `DNS çözümleyicisi (${server}) zamanında yanıt vermedi`;
    case 'ECONNREFUSED':
    case 'CONNREFUSED':
      return `DNS çözümleyicisine (${server}) bağlanılamadı`;
    case 'EREFUSED':
    case 'REFUSED':
      return `DNS çözümleyicisi (${server}) sorguyu reddetti (REFUSED)`;
    case 'ESERVFAIL':
    case 'SERVFAIL':
      return `DNS çözümleyicisi (${server}) hata döndürdü (SERVFAIL)`;
    default:
      return `DNS çözümleyicisi (${server}) sorgusu başarısız: ${code || failureText(error)}`;
  }
}

export function powerDnsProvider(options: PowerDnsOptions): DnsProvider {
  const zone = canonicalName(options.zone);
  const target = targetRecord(options.target);
  const ttl = options.ttl ?? DEFAULT_TTL;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const base = `${options.apiUrl.replace(/\/+$/, '')}/api/v1/servers/localhost`;
  const zonePath = `/zones/${encodeURIComponent(zone)}`;

  /** One API call: the parsed JSON (or null for 204), or a DnsProviderError saying why not. */
  async function api(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          'X-API-Key': options.apiKey,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new DnsProviderError(
        `DNS sağlayıcısına ulaşılamadı (${options.apiUrl}): ${failureText(error)}`,
        true,
      );
    }
    let json: unknown = null;
    try {
      const text = await response.text();
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null; // a proxy's HTML error page: the status says enough
    }
    return { status: response.status, json };
  }

  function refused(status: number, json: unknown): DnsProviderError {
    if (status === 401 || status === 403)
      return new DnsProviderError('DNS sağlayıcısı API anahtarını reddetti (DNS_API_KEY)');
    const said = (json as { error?: unknown } | null)?.error;
    return new DnsProviderError(
      `DNS sağlayıcısı isteği reddetti (HTTP ${status})${typeof said === 'string' ? `: ${said.slice(0, 300)}` : ''}`,
    );
  }

  /** The zone's rrsets, or null when the zone does not exist. */
  async function zoneRrsets(): Promise<ApiRrset[] | null> {
    const { status, json } = await api('GET', zonePath);
    if (status === 404 || status === 422) return null;
    if (status !== 200) throw refused(status, json);
    return ((json as { rrsets?: ApiRrset[] } | null)?.rrsets ?? []).filter((r) => Array.isArray(r.records));
  }

  /**
   * Creates the zone (Native) with its SOA and NS; an existing zone (409) is fine. The SOA's
   * minimum (the negative-answer TTL) is 300 s: a resolver asked for a host before its record
   * existed learns of it within five minutes.
   */
  async function createZone(): Promise<void> {
    const ns = `ns1.${zone}`;
    const { status, json } = await api('POST', '/zones', {
      name: zone,
      kind: 'Native',
      nameservers: [],
      rrsets: [
        {
          name: zone,
          type: 'SOA',
          ttl: 3600,
          records: [{ content: `${ns} hostmaster.${zone} 1 10800 3600 604800 300`, disabled: false }],
        },
        { name: zone, type: 'NS', ttl: 3600, records: [{ content: ns, disabled: false }] },
      ],
    });
    if (status === 201 || status === 200 || status === 409) return;
    throw refused(status, json);
  }

  /**
   * Writes to the zone run one at a time in this process: each bumps the zone's SOA serial, and
   * PowerDNS on an embedded backend (SQLite) answers concurrent writes with 500 (database locked).
   */
  let writes: Promise<unknown> = Promise.resolve();
  function serialised<T>(work: () => Promise<T>): Promise<T> {
    const run = writes.then(work, work);
    writes = run.catch(() => undefined);
    return run;
  }

  function patch(rrsets: unknown[], createIfMissing: boolean): Promise<'done' | 'no-zone'> {
    return serialised(() => patchNow(rrsets, createIfMissing));
  }

  async function patchNow(rrsets: unknown[], createIfMissing: boolean): Promise<'done' | 'no-zone'> {
    let { status, json } = await api('PATCH', zonePath, { rrsets });
    if (status === 404 || status === 422) {
      if (!createIfMissing) {
        // An absent zone holds nothing to remove; any other 422 is a real refusal.
        const zones = await zoneRrsets();
        if (zones === null) return 'no-zone';
        throw refused(status, json);
      }
      await createZone();
      ({ status, json } = await api('PATCH', zonePath, { rrsets }));
    }
    if (status !== 204 && status !== 200) throw refused(status, json);
    return 'done';
  }

  const toRecord = (r: ApiRrset): DnsRecord => ({
    name: canonicalName(r.name),
    type: r.type,
    content: r.records.filter((x) => !x.disabled).map((x) => x.content),
    ttl: r.ttl,
  });

  const resolverOf = () => {
    const resolver = new Resolver({
      timeout: options.resolverTimeoutMs ?? 1_500,
      tries: options.resolverTries ?? 2,
    });
    resolver.setServers([options.resolver]);
    return resolver;
  };

  /** What the resolver answers for the host in the target's type (names without the trailing dot). */
  async function ask(host: string): Promise<string[]> {
    const resolver = resolverOf();
    try {
      if (target.type === 'A') return await resolver.resolve4(host);
      if (target.type === 'AAAA') return (await resolver.resolve6(host)).map((a) => a.toLowerCase());
      return (await resolver.resolveCname(host)).map((n) => hostOf(n.toLowerCase()));
    } catch (error) {
      if (NOT_ANSWERED.has((error as { code?: string } | null)?.code ?? '')) return [];
      throw new DnsProviderError(resolverReason(options.resolver, error));
    } finally {
      resolver.cancel();
    }
  }

  const expected = target.type === 'CNAME' ? hostOf(target.content) : target.content;

  return {
    configured: true,
    zone,

    async upsertHost(label) {
      const name = recordName(label, zone);
      await patch(
        [
          ...HOST_TYPES.filter((t) => t !== target.type).map((type) => ({
            name,
            type,
            changetype: 'DELETE',
          })),
          {
            name,
            type: target.type,
            ttl,
            changetype: 'REPLACE',
            records: [{ content: target.content, disabled: false }],
          },
        ],
        true,
      );
      return { name, type: target.type, content: [target.content], ttl };
    },

    async removeHost(label) {
      const name = recordName(label, zone);
      await patch(
        HOST_TYPES.map((type) => ({ name, type, changetype: 'DELETE' })),
        false,
      );
    },

    async listRecords() {
      const rrsets = await zoneRrsets();
      return (rrsets ?? [])
        .map(toRecord)
        .sort((a, b) => (a.name === b.name ? a.type.localeCompare(b.type) : a.name.localeCompare(b.name)));
    },

    async check(label): Promise<DnsCheck> {
      const name = recordName(label, zone);
      const host = hostOf(name);
      const wildcard = `*.${zone}`;
      try {
        const rrsets = (await zoneRrsets()) ?? [];
        const written = rrsets.some(
          (r) =>
            (HOST_TYPES as readonly string[]).includes(r.type) &&
            r.records.some((x) => !x.disabled) &&
            [name, wildcard].includes(canonicalName(r.name)),
        );
        if (!written) return { status: 'inactive', host, answers: [], target: expected };
        const answers = await ask(host);
        return {
          status: answers.includes(expected) ? 'active' : 'pending',
          host,
          answers,
          target: expected,
        };
      } catch (error) {
        if (!(error instanceof DnsProviderError)) throw error;
        return { status: 'error', host, answers: [], target: expected, reason: error.message };
      }
    },
  };
}
