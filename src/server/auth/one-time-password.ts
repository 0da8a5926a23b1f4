import { oneTimePasswordExpiry } from '../../shared/domain/one-time-password';

/*
 * What a user record says about the password it holds (shared/domain/one-time-password.ts): the
 * columns written with every new password, by whoever sets it.
 */

export interface PasswordOrigin {
  password_must_change: boolean;
  password_expires_at: Date | null;
}

/**
 * A password made by someone other than its user (an admin's reset, an admin creating the user,
 * a new company's first admin): one-time, usable for the tenant's `temp_password_days` from `now`.
 */
export function oneTimePassword(
  tenant: { temp_password_days: number },
  now: Date,
): PasswordOrigin & { password_expires_at: Date } {
  return {
    password_must_change: true,
    password_expires_at: oneTimePasswordExpiry(now, tenant.temp_password_days),
  };
}

/**
 * The first platform admin's password, printed once when a fresh installation seeds itself:
 * one-time, but without expiry — nobody else exists who could make a new one.
 */
export const INSTALLATION_PASSWORD: PasswordOrigin = {
  password_must_change: true,
  password_expires_at: null,
};

/** A password its user chose (sign-up, own change, a reset link): nothing to replace. */
export const OWN_PASSWORD: PasswordOrigin = { password_must_change: false, password_expires_at: null };
