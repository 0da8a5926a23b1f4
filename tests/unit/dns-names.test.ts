import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseResolver } from '../../src/server/config';
import { dnsProviderFor } from '../../src/server/dns/dns.config';
import {
  canonicalName,
  checkLabel,
  DnsNameError,
  hostOf,
  recordName,
  targetRecord,
} from '../../src/server/dns/names';
import { nullDnsProvider } from '../../src/server/dns/provider';

/** DNS names as PowerDNS's API wants them (canonical, trailing dot) and the DNS_* configuration. */
describe('canonical DNS names', () => {
  it('lower case, absolute, one trailing dot — however the name was written', () => {
    expect(canonicalName('Example.COM')).toBe('example.com.');
    expect(canonicalName('example.com.')).toBe('example.com.');
    expect(canonicalName('  siparis.example.com ')).toBe('siparis.example.com.');
    expect(canonicalName('*.example.com')).toBe('*.example.com.');
    expect(hostOf('demo.example.com.')).toBe('demo.example.com');
  });

  it('a tenant host is its label under the zone', () => {
    expect(recordName('demo', 'example.com')).toBe('demo.example.com.');
    expect(recordName('Demo', 'example.com.')).toBe('demo.example.com.');
    expect(recordName('*', 'siparis.example.com')).toBe('*.siparis.example.com.');
  });

  it('refuses what is not a host name: empty, dotted labels, bad characters, too long', () => {
    for (const bad of ['', '.', 'a..b', '-a.com', 'a-.com', 'a_b.com', 'ş.com', `${'a'.repeat(64)}.com`]) {
      expect(() => canonicalName(bad), bad).toThrow(DnsNameError);
    }
    for (const bad of ['a.b', '', 'a b', '**', '-x'])
      expect(() => checkLabel(bad), bad).toThrow(DnsNameError);
    expect(() => recordName('x', `${'a.'.repeat(127)}com`)).toThrow(DnsNameError);
  });

  it('the target decides the record: IPv4 → A, IPv6 → AAAA, a name → CNAME (canonical)', () => {
    expect(targetRecord('203.0.113.10')).toEqual({ type: 'A', content: '203.0.113.10' });
    expect(targetRecord('2001:DB8::1')).toEqual({ type: 'AAAA', content: '2001:db8::1' });
    expect(targetRecord('LB.example.net')).toEqual({ type: 'CNAME', content: 'lb.example.net.' });
  });
});

describe('DNS configuration', () => {
  const env = { JWT_SECRET: 'x'.repeat(40), BASE_DOMAIN: 'siparis.example.com' };

  it('none by default: the null provider', () => {
    const config = loadConfig(env);
    expect(config.dns).toEqual({ provider: 'none' });
    expect(dnsProviderFor(config)).toBe(nullDnsProvider);
  });

  it('powerdns: the zone defaults to BASE_DOMAIN; the provider is configured', () => {
    const config = loadConfig({
      ...env,
      DNS_PROVIDER: 'powerdns',
      DNS_API_URL: 'http://127.0.0.1:8081/',
      DNS_API_KEY: 'secret',
      DNS_TARGET: '203.0.113.10',
      DNS_RESOLVER: '127.0.0.1:5300',
    });
    expect(config.dns).toEqual({
      provider: 'powerdns',
      apiUrl: 'http://127.0.0.1:8081',
      apiKey: 'secret',
      zone: 'siparis.example.com',
      target: '203.0.113.10',
      resolver: '127.0.0.1:5300',
    });
    const provider = dnsProviderFor(config);
    expect(provider.configured).toBe(true);
    expect(provider.zone).toBe('siparis.example.com.');
  });

  it('powerdns without its API, key, target or resolver: each missing one named', () => {
    try {
      loadConfig({ ...env, DNS_PROVIDER: 'powerdns', DNS_API_URL: 'http://127.0.0.1:8081' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['DNS_API_KEY', 'DNS_TARGET', 'DNS_RESOLVER']) expect(problems).toContain(name);
      expect(problems).not.toContain('DNS_API_URL');
    }
    expect(() => loadConfig({ ...env, DNS_PROVIDER: 'bind' })).toThrow(/DNS_PROVIDER/);
    expect(() => loadConfig({ ...env, DNS_RESOLVER: 'resolver.example:53' })).toThrow(/DNS_RESOLVER/);
    expect(() => loadConfig({ ...env, DNS_TARGET: 'not a host' })).toThrow(/DNS_TARGET/);
  });

  it('the resolver is an IP address with an optional port (53)', () => {
    expect(parseResolver('192.0.2.53')?.server).toBe('192.0.2.53:53');
    expect(parseResolver('[2001:db8::53]:5353')?.server).toBe('[2001:db8::53]:5353');
    expect(parseResolver('127.0.0.1:0')).toBeNull();
    expect(parseResolver('dns.example:53')).toBeNull();
  });
});
