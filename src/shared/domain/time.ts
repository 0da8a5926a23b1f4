/**
 * One clock for everything a person reads: an instant (ISO-8601 UTC on the wire) is shown in the
 * company's time zone (the tenant's `timezone` setting, Europe/Istanbul unless changed), never in
 * the device's or the server's own zone, so a screen, a PDF, an XML and an export made from the
 * same record say the same date and time. Turkish reads dd.mm.yyyy HH:mm (tr-TR), English
 * dd/mm/yyyy HH:mm (en-GB); hours are 00–23 in both.
 */
export const DEFAULT_TIME_ZONE = 'Europe/Istanbul';

/** The locales dates are written in: Turkish screens and documents, and the English screens. */
export type DateLocale = 'tr-TR' | 'en-GB';

/** Is `zone` an IANA time zone name this runtime knows (what a time-zone setting must be)? */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone === '') return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** What a date shows (dd.mm.yyyy in Turkish); with hours and minutes for date-times. */
export const DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
};
export const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = {
  ...DATE_OPTIONS,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
const TIME_OPTIONS: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/**
 * Formatters are made once per (kind, locale, zone): making one loads locale and zone data and
 * costs far more than using it (a list or an export formats thousands of dates). A zone this
 * runtime does not know (a setting from a newer server) is shown in the default zone.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(
  kind: 'date' | 'dateTime' | 'time',
  locale: DateLocale,
  timeZone: string,
): Intl.DateTimeFormat {
  const key = `${kind}|${locale}|${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    const options = kind === 'date' ? DATE_OPTIONS : kind === 'time' ? TIME_OPTIONS : DATE_TIME_OPTIONS;
    const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    formatters.set(key, format);
  }
  return format;
}

function parse(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** What an instant that is not known yet (not synced, not parsable) shows. */
const NOT_YET: Record<DateLocale, string> = { 'tr-TR': 'Az önce', 'en-GB': 'Just now' };

type Instant = string | number | Date | null | undefined;

/** The calendar date of an instant in the company's zone: '11.01.2026' (tr-TR), '11/01/2026' (en-GB). */
export function formatDate(
  value: Instant,
  timeZone = DEFAULT_TIME_ZONE,
  locale: DateLocale = 'tr-TR',
): string {
  const date = parse(value);
  return date ? formatter('date', locale, timeZone).format(date) : NOT_YET[locale];
}

/** Date and time of an instant in the company's zone: '11.01.2026 01:30'. */
export function formatDateTime(
  value: Instant,
  timeZone = DEFAULT_TIME_ZONE,
  locale: DateLocale = 'tr-TR',
): string {
  const date = parse(value);
  return date ? formatter('dateTime', locale, timeZone).format(date) : NOT_YET[locale];
}

/** The time of day (HH:mm) of an instant in the company's zone. */
export function formatTime(
  value: Instant,
  timeZone = DEFAULT_TIME_ZONE,
  locale: DateLocale = 'tr-TR',
): string {
  const date = parse(value);
  return date ? formatter('time', locale, timeZone).format(date) : NOT_YET[locale];
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar day (YYYY-MM-DD) of an instant in the company's zone: the day its people call it. */
export function dayIn(value: Date | string | number, timeZone = DEFAULT_TIME_ZONE): string {
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(zone, format);
  }
  const parts = format.formatToParts(new Date(value));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();
/** The company's wall clock at an instant, read as if it were UTC (ms): its offset is the difference. */
function wallClockMs(at: number, zone: string): number {
  let format = wallClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(zone, format);
  }
  const n = (type: string) => Number(format.formatToParts(at).find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
}

/**
 * The instant a calendar day (YYYY-MM-DD, as a date input holds it) starts in the company's zone,
 * for filters sent as UTC instants: '2026-01-11' in Istanbul → 2026-01-10T21:00Z. Null for text
 * that is not a day.
 */
export function dayStartIn(day: string, timeZone = DEFAULT_TIME_ZONE): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const guess = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (!Number.isFinite(guess)) return null;
  const zone = isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  let at = guess - (wallClockMs(guess, zone) - guess);
  // The offset where the day really starts (a clock change between UTC midnight and then).
  const offset = wallClockMs(at, zone) - at;
  at = guess - offset;
  return new Date(at);
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
