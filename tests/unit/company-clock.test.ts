import { describe, expect, it } from 'vitest';
import { SETTINGS_TIMEZONES } from '../../src/shared/api/admin-settings';
import { COMPANY_TIMEZONES } from '../../src/shared/api/company';
import { TENANT_TIMEZONES } from '../../src/shared/api/tenant-admin';
import {
  DEFAULT_TIME_ZONE,
  dayIn,
  dayStartIn,
  formatDate,
  formatDateTime,
  formatTime,
  isTimeZone,
} from '../../src/shared/domain/time';

/**
 * One clock: an instant is shown in the company's time zone (a setting), by one rule that the
 * server's documents and the device's screens share — never in the machine's own zone.
 */
describe('the company clock (formatDateTime)', () => {
  // 21:30 UTC on 10 January: already 11 January, 00:30 in Istanbul (UTC+3), still 10 January,
  // 16:30 in New York (UTC-5 in winter).
  const nearMidnight = '2026-01-10T21:30:00Z';

  it('shows a UTC instant near midnight on the right day in Istanbul', () => {
    expect(formatDate(nearMidnight, 'Europe/Istanbul')).toBe('11.01.2026');
    expect(formatDateTime(nearMidnight, 'Europe/Istanbul')).toBe('11.01.2026 00:30');
    expect(formatTime(nearMidnight, 'Europe/Istanbul')).toBe('00:30');
  });

  it('shows the same instant on the previous day in New York', () => {
    expect(formatDate(nearMidnight, 'America/New_York')).toBe('10.01.2026');
    expect(formatDateTime(nearMidnight, 'America/New_York')).toBe('10.01.2026 16:30');
    expect(formatDateTime(nearMidnight, 'America/New_York', 'en-GB')).toBe('10/01/2026, 16:30');
  });

  it('follows daylight saving time (New York is UTC-4 in summer, Istanbul stays UTC+3)', () => {
    // 2026-03-08 02:00 local: New York moves to UTC-4. 06:30Z is 01:30 before, 07:30Z is 03:30 after.
    expect(formatTime('2026-03-08T06:30:00Z', 'America/New_York')).toBe('01:30');
    expect(formatTime('2026-03-08T07:30:00Z', 'America/New_York')).toBe('03:30');
    // A summer evening: 03:30Z on 1 July is 23:30 of 30 June in New York, 06:30 of 1 July in Istanbul.
    expect(formatDateTime('2026-07-01T03:30:00Z', 'America/New_York')).toBe('30.06.2026 23:30');
    expect(formatDateTime('2026-07-01T03:30:00Z', 'Europe/Istanbul')).toBe('01.07.2026 06:30');
    // London: UTC+1 in summer, UTC in winter.
    expect(formatTime('2026-07-01T12:00:00Z', 'Europe/London')).toBe('13:00');
    expect(formatTime('2026-01-01T12:00:00Z', 'Europe/London')).toBe('12:00');
  });

  it('uses hours 00–23 in both languages and the company default zone when none is given', () => {
    expect(formatDateTime('2026-01-10T21:05:00Z', 'UTC', 'en-GB')).toBe('10/01/2026, 21:05');
    expect(formatTime('2026-01-10T21:05:00Z', 'UTC', 'tr-TR')).toBe('21:05');
    expect(DEFAULT_TIME_ZONE).toBe('Europe/Istanbul');
    expect(formatDateTime(nearMidnight)).toBe('11.01.2026 00:30');
  });

  it('shows an unknown zone in the default zone and a missing instant as not yet known', () => {
    expect(formatDateTime(nearMidnight, 'Mars/Olympus')).toBe('11.01.2026 00:30');
    expect(formatDateTime(null, 'UTC')).toBe('Az önce');
    expect(formatDateTime('not a date', 'UTC', 'en-GB')).toBe('Just now');
  });

  it('offers only zones the runtime knows, and recognises a name that is not one', () => {
    for (const zone of [...COMPANY_TIMEZONES, ...SETTINGS_TIMEZONES, ...TENANT_TIMEZONES])
      expect(isTimeZone(zone), zone).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(3)).toBe(false);
  });
});

describe('the calendar day of an instant in the company zone (dayIn)', () => {
  it('is the day the company calls it, not the UTC day', () => {
    expect(dayIn('2026-01-10T21:30:00Z', 'Europe/Istanbul')).toBe('2026-01-11');
    expect(dayIn('2026-01-10T21:30:00Z', 'America/New_York')).toBe('2026-01-10');
    expect(dayIn('2026-01-11T03:30:00Z', 'America/New_York')).toBe('2026-01-10');
  });
});

describe('the instant a day starts in the company zone (dayStartIn)', () => {
  it('is midnight of that zone, in UTC, across a clock change', () => {
    expect(dayStartIn('2026-01-11', 'Europe/Istanbul')?.toISOString()).toBe('2026-01-10T21:00:00.000Z');
    expect(dayStartIn('2026-01-11', 'America/New_York')?.toISOString()).toBe('2026-01-11T05:00:00.000Z');
    expect(dayStartIn('2026-07-01', 'America/New_York')?.toISOString()).toBe('2026-07-01T04:00:00.000Z');
    // The day New York moves to summer time still starts at 00:00 EST.
    expect(dayStartIn('2026-03-08', 'America/New_York')?.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(dayStartIn('2026-03-09', 'America/New_York')?.toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(dayStartIn('11.01.2026', 'UTC')).toBeNull();
  });
});
