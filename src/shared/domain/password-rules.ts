/**
 * A tenant's password rules (admin "Sistem Ayarları"): at least `password_min_length` characters
 * (6–20), and with `require_strong_password` at least one lower-case letter, one upper-case letter
 * and one digit (Turkish letters count: 'ş', 'Ğ', 'İ'). Checked by the server wherever a password
 * is set; the screens show the same words.
 */
export interface PasswordRules {
  password_min_length: number;
  require_strong_password: boolean;
}

export function passwordTooShortMessage(min: number): string {
  return `Şifre en az ${min} karakter olmalıdır`;
}

export const PASSWORD_NOT_STRONG_MESSAGE =
  'Şifre en az bir büyük harf, bir küçük harf ve bir rakam içermelidir';

/** The Turkish reason `password` breaks the rules, or null when it keeps them. */
export function passwordProblem(password: string, rules: PasswordRules): string | null {
  if ([...password].length < rules.password_min_length)
    return passwordTooShortMessage(rules.password_min_length);
  if (rules.require_strong_password) {
    const lower = /\p{Ll}/u.test(password);
    const upper = /\p{Lu}/u.test(password);
    const digit = /\p{Nd}/u.test(password);
    if (!lower || !upper || !digit) return PASSWORD_NOT_STRONG_MESSAGE;
  }
  return null;
}
