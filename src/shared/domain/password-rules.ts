/**
 * THE password rule of a tenant, used wherever a password is set (self-service sign-up, the
 * user's own password change, an admin creating a user or resetting a password), on the server
 * and in the forms alike:
 * - at least the tenant's `password_min_length` characters (an admin setting, 6–20);
 * - with `require_strong_password`, at least one upper-case letter, one lower-case letter and one
 *   digit (Turkish letters count: 'Ş' is upper case, 'ı' lower case).
 */
export interface PasswordPolicy {
  minLength: number;
  requireStrong: boolean;
}

/** The bounds any policy stays within (the settings' range), and the longest password taken. */
export const PASSWORD_MIN_LENGTH_RANGE = { min: 6, max: 20 } as const;
export const PASSWORD_MAX_LENGTH = 200;

export type PasswordProblem = { kind: 'tooShort'; min: number } | { kind: 'weak' } | null;

/** What is wrong with `password` under `policy`, or null when it is acceptable. */
export function passwordProblem(password: string, policy: PasswordPolicy): PasswordProblem {
  if (password.length < policy.minLength) return { kind: 'tooShort', min: policy.minLength };
  if (policy.requireStrong && !isStrongPassword(password)) return { kind: 'weak' };
  return null;
}

/** Upper case, lower case and a digit, each at least once. */
export function isStrongPassword(password: string): boolean {
  return /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password) && /\p{Nd}/u.test(password);
}

/** The Turkish refusal of a problem, naming the field by its label (e.g. 'Şifre (password)'). */
export function passwordProblemText(problem: Exclude<PasswordProblem, null>, label: string): string {
  return problem.kind === 'tooShort'
    ? `${label} en az ${problem.min} karakter olmalıdır`
    : `${label} en az bir büyük harf, bir küçük harf ve bir rakam içermelidir`;
}

/** The refusal of a password that is long enough but not strong (the reset page shows it translated). */
export const PASSWORD_NOT_STRONG_MESSAGE = passwordProblemText({ kind: 'weak' }, 'Şifre');
