import type { InvoiceSeller } from '../../shared/api/invoices';
import type { InvoiceLineSource } from '../../shared/domain/invoice-content';
import { toKurus } from '../../shared/domain/money';
import { dayStartIn } from '../../shared/domain/time';
import { wallClockParts } from '../lib/csv';
import type { InvoiceOrderItem, InvoiceSettingsRow } from './invoices.repository';

/**
 * The server's side of what an invoice says (pure: no database, no clock): the seller from the
 * company profile, the order's lines in kuruş for the shared rule (shared/domain/invoice-content.ts,
 * which the device uses too), and dates in the tenant's time zone.
 */

export function sellerSnapshot(settings: InvoiceSettingsRow): InvoiceSeller {
  const hash = settings.logo_url ? /\/tenants\/logo\/([0-9a-f]{64})/.exec(settings.logo_url)?.[1] : undefined;
  return {
    legal_name: (settings.legal_name ?? '').trim(),
    tax_number: (settings.tax_number ?? '').trim(),
    tax_office: (settings.tax_office ?? '').trim(),
    address: settings.address,
    city: null,
    phone: settings.phone,
    email: settings.email,
    website: settings.website,
    logo_hash: hash ?? null,
  };
}

/** The order's lines as the shared invoice rule takes them (money in kuruş). */
export function lineSources(items: readonly InvoiceOrderItem[]): InvoiceLineSource[] {
  return items.map((item) => ({
    product_id: item.product_id,
    product_name: item.product_name,
    product_code: item.product_code,
    quantity: item.quantity,
    unit_price_kurus: toKurus(item.unit_price),
    gross_kurus: toKurus(item.total_price),
    vat_rate: item.vat_rate,
  }));
}

/** The calendar year of an instant in a time zone (an invoice's number carries its issue year). */
export function yearIn(at: Date, timeZone: string): number {
  return Number(wallClockParts(at, timeZone).y);
}

/**
 * The UTC instant a local calendar day starts in a time zone ('2026-01-01' in Istanbul → 21:00Z):
 * the shared rule the device's filters use too. A day the query schema let through always parses.
 */
export function dayStart(day: string, timeZone: string): Date {
  return dayStartIn(day, timeZone) ?? new Date(Number.NaN);
}

/** The day after a 'YYYY-MM-DD' day. */
export function nextDay(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

/** Date and time of an instant in a time zone: ['2026-11-26', '14:05:09']. */
export function localDateTime(at: Date, timeZone: string): [string, string] {
  const p = wallClockParts(at, timeZone);
  return [`${p.y}-${p.M}-${p.d}`, `${p.h}:${p.m}:${p.s}`];
}
