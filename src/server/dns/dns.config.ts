import type { Config } from '../config';
import { powerDnsProvider } from './powerdns';
import { type DnsProvider, nullDnsProvider } from './provider';

/**
 * The DNS provider the configuration names (DNS_PROVIDER=powerdns with DNS_API_URL, DNS_API_KEY,
 * DNS_ZONE or BASE_DOMAIN, DNS_TARGET, DNS_RESOLVER), or the null provider without one.
 */
export function dnsProviderFor(config: Config): DnsProvider {
  const dns = config.dns;
  if (dns.provider !== 'powerdns') return nullDnsProvider;
  return powerDnsProvider({
    apiUrl: dns.apiUrl,
    apiKey: dns.apiKey,
    zone: dns.zone,
    target: dns.target,
    resolver: dns.resolver,
  });
}
