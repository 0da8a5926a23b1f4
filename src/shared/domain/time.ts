import { lazy } from './lazy';

/** Dates are ISO-8601 UTC on the wire and shown tr-TR in Europe/Istanbul. */
const DISPLAY_TIME_ZONE = 'Europe/Istanbul';

/** What a date shows (dd.mm.yyyy in Turkish), in Istanbul time; with the time for date-times. */
export const DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: DISPLAY_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
};
export const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  ...DATE_OPTIONS,
  hour: '2-digit',
  minute: '2-digit',
};

const dateFormat = lazy(() => new Intl.DateTimeFormat('tr-TR', DATE_OPTIONS));
const dateTimeFormat = lazy(() => new Intl.DateTimeFormat('tr-TR', DATE_TIME_OPTIONS));

function parse(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | number | Date | null | undefined): string {
  const date = parse(value);
  return date ? dateFormat().format(date) : 'Az önce';
}

export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = parse(value);
  return date ? dateTimeFormat().format(date) : 'Az önce';
}

/**
 * Relative time per spec: under 1 minute 'Az önce', then minutes, hours (under 1440 minutes), days.
 * An unparsable date shows 'Az önce'.
 */
export function relativeTime(
  value: string | number | Date | null | undefined,
  now: number = Date.now(),
): string {
  const date = parse(value);
  if (!date) return 'Az önce';
  const minutes = Math.floor((now - date.getTime()) / 60_000);
  if (minutes < 1) return 'Az önce';
  if (minutes < 60) return `${minutes} dakika önce`;
  if (minutes < 1440) return `${Math.floor(minutes / 60)} saat önce`;
  return `${Math.floor(minutes / 1440)} gün önce`;
}
