import { useUi } from '../state/ui';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A byte count for people: 1024-based steps with one decimal (tr-TR "5,2 MB", en "5.2 MB");
 * '—' when unknown.
 */
export function formatBytes(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return '—';
  let n = value;
  let unit = 0;
  while (n >= 1024 && unit < UNITS.length - 1) {
    n /= 1024;
    unit++;
  }
  const locale = useUi.getState().language === 'en' ? 'en-GB' : 'tr-TR';
  const digits = unit === 0 ? 0 : 1;
  return `${n.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${UNITS[unit]}`;
}
