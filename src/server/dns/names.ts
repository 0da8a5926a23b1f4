import { isIP } from 'node:net';

/**
 * DNS names as PowerDNS's API wants them: canonical — lower case, absolute, with the trailing dot
 * ('demo.example.com.'); the zone's apex is the zone itself. Host names shown to people and asked
 * of a resolver have no trailing dot ('demo.example.com').
 */

/** One label a tenant host may use: a subdomain (RFC 1123: letters, digits, inner hyphens, ≤ 63) or '*'. */
const LABEL = /^(\*|[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)$/;

export class DnsNameError extends Error {
  constructor(name: string) {
    super(`Geçersiz DNS adı: ${name}`);
    this.name = 'DnsNameError';
  }
}

/** 'Example.COM' / 'example.com.' → 'example.com.' (refuses empty and malformed names). */
export function canonicalName(name: string): string {
  const trimmed = name.trim().toLowerCase();
  const bare = trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
  if (bare === '' || bare.length > 253 || !bare.split('.').every((label) => LABEL.test(label)))
    throw new DnsNameError(name);
  return `${bare}.`;
}

/** 'example.com.' → 'example.com'. */
export function hostOf(canonical: string): string {
  return canonical.endsWith('.') ? canonical.slice(0, -1) : canonical;
}

/** A label relative to the zone ('demo', '*'), checked: one label, never a dotted name. */
export function checkLabel(label: string): string {
  const l = label.trim().toLowerCase();
  if (!LABEL.test(l)) throw new DnsNameError(label);
  return l;
}

/** 'demo' in 'example.com' → 'demo.example.com.' */
export function recordName(label: string, zone: string): string {
  return canonicalName(`${checkLabel(label)}.${canonicalName(zone)}`);
}

/**
 * The record a target needs: an address → A (IPv4) or AAAA (IPv6) with the address as content;
 * a name → CNAME with the canonical name.
 */
export function targetRecord(target: string): { type: 'A' | 'AAAA' | 'CNAME'; content: string } {
  const version = isIP(target.trim());
  if (version === 4) return { type: 'A', content: target.trim() };
  if (version === 6) return { type: 'AAAA', content: target.trim().toLowerCase() };
  return { type: 'CNAME', content: canonicalName(target) };
}
