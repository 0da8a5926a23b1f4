/**
 * ONE-TIME PASSWORDS. A password made by someone other than its user — an admin's reset, an admin
 * creating the user, the first admin of a company (a platform admin's approval of its sign-up or
 * tenant management), the first platform admin of a fresh installation — is known to that other
 * person, so it is good for exactly one thing: its user signs in and sets their own password.
 * - Sign-in succeeds and says so (`must_change_password: true`); every other call of that session
 *   is refused with 403 PASSWORD_CHANGE_REQUIRED until the user has changed it (their own
 *   profile, the password change and sign-out stay open).
 * - Unused, it expires after the tenant's `temp_password_days` (an admin setting, 1–90, default
 *   7): then it no longer signs in, and the user asks their admin for a new one. The first
 *   platform admin's password printed at installation has no expiry: nobody could make a new one.
 * - The user's own new password clears both (and must not be the one-time password itself).
 */
export const TEMP_PASSWORD_DAYS = { default: 7, min: 1, max: 90 } as const;

const DAY_MS = 24 * 3600_000;

/** When a one-time password made at `from` stops signing in, under a tenant's setting of `days`. */
export function oneTimePasswordExpiry(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}

/** Is this account's password a one-time password past its expiry at `now`? */
export function oneTimePasswordExpired(
  account: { must_change_password: boolean; password_expires_at: Date | null },
  now: Date,
): boolean {
  return (
    account.must_change_password &&
    account.password_expires_at !== null &&
    account.password_expires_at.getTime() <= now.getTime()
  );
}

/** The refusal code the PWA routes to its change-password screen. */
export const PASSWORD_CHANGE_REQUIRED = 'PASSWORD_CHANGE_REQUIRED';
