import { LOGIN_LOCKOUT_MS, REMAINING_ATTEMPTS_WARNING_AT } from '../../shared/domain/constants';
import { ApiError, isNetworkError } from '../api/errors';
import { t } from '../shared-ui/i18n';
import { useUi } from '../state/ui';

/**
 * The login screen's rules, kept out of the component so they read like the spec:
 * the lockout persisted under `loginLockout` (epoch ms) and the login error catalogue (§8).
 */
const LOCKOUT_KEY = 'loginLockout';

/** The catalogue keys of the login error texts (src/client/shared-ui/i18n.ts). */
export const LOGIN_TEXT = {
  locked: 'loginErrLocked',
  invalid: 'loginErrInvalid',
  missing: 'loginErrMissing',
  other: 'loginErrOther',
  offline: 'loginErrOffline',
} as const;

/** A stored lockout still in the future, else null (an expired one is removed). */
export function readLockout(now: number = Date.now()): number | null {
  try {
    const raw = localStorage.getItem(LOCKOUT_KEY);
    if (!raw) return null;
    const until = Number(raw);
    if (Number.isFinite(until) && until > now) return until;
    localStorage.removeItem(LOCKOUT_KEY);
  } catch {
    /* storage unavailable: no persisted lockout */
  }
  return null;
}

export function storeLockout(until: number): void {
  try {
    localStorage.setItem(LOCKOUT_KEY, String(until));
  } catch {
    /* the in-memory lock still applies on this page */
  }
}

export function clearLockout(): void {
  try {
    localStorage.removeItem(LOCKOUT_KEY);
  } catch {
    /* ignore */
  }
}

/** Whole minutes left, rounded up (never '0 minutes' while still locked). */
export function remainingMinutes(until: number, now: number = Date.now()): number {
  return Math.max(0, Math.ceil((until - now) / 60_000));
}

/** The progress bar value: remaining minutes / 15 × 100, clamped to 0..100. */
export function lockoutProgress(until: number, now: number = Date.now()): number {
  return Math.min(100, Math.max(0, (remainingMinutes(until, now) / (LOGIN_LOCKOUT_MS / 60_000)) * 100));
}

export interface LoginFailure {
  message: string;
  /** Set when the screen must lock: the epoch ms the lock ends. */
  lockUntil?: number;
  /** Shown as 'Kalan deneme hakkı: N' when ≤ 3. */
  remainingAttempts?: number;
}

/** Map a failed login call to what the screen shows (the login error messages). */
export function interpretLoginError(error: unknown, now: number = Date.now()): LoginFailure {
  if (isNetworkError(error)) {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    // The API layer's own text is Turkish: in English, the catalogue's.
    const english = useUi.getState().language === 'en';
    return { message: offline ? t(LOGIN_TEXT.offline) : english ? t('networkUnreachable') : error.message };
  }
  if (!(error instanceof ApiError)) return { message: t(LOGIN_TEXT.other) };
  const body = error.body ?? {};
  const serverText = typeof body.error === 'string' && body.error ? body.error : undefined;
  // The right one-time password, unused too long: the user asks their admin for a new one.
  if (error.code === 'TEMPORARY_PASSWORD_EXPIRED') return { message: t('loginErrTempExpired') };
  switch (error.status) {
    case 429: {
      const ms =
        typeof body.remainingTime === 'number' && body.remainingTime > 0
          ? body.remainingTime
          : LOGIN_LOCKOUT_MS;
      return { message: serverText ?? t(LOGIN_TEXT.locked), lockUntil: now + ms };
    }
    case 401: {
      const failure: LoginFailure = { message: serverText ?? t(LOGIN_TEXT.invalid) };
      if (typeof body.remainingAttempts === 'number') failure.remainingAttempts = body.remainingAttempts;
      if (body.lockedOut === true) {
        const ms =
          typeof body.remainingTime === 'number' && body.remainingTime > 0
            ? body.remainingTime
            : LOGIN_LOCKOUT_MS;
        failure.lockUntil = now + ms;
      }
      return failure;
    }
    case 400:
      return { message: serverText ?? t(LOGIN_TEXT.missing) };
    default:
      // A 200 without user and token raises 'Invalid response from server' (both are required); for the
      // rest, the server's text when it sent one, never ky's English status line.
      return { message: serverText ?? (error.status === 200 ? error.message : t(LOGIN_TEXT.other)) };
  }
}

/** Whether the remaining-attempts warning shows (3 or fewer left, and not locked). */
export function showAttemptsWarning(remaining: number | undefined): remaining is number {
  return typeof remaining === 'number' && remaining >= 0 && remaining <= REMAINING_ATTEMPTS_WARNING_AT;
}
