import { describe, expect, it } from 'vitest';
import {
  checkCreate,
  checkEdit,
  checkPassword,
  emptyForm,
  formFromUser,
  passwordHint,
} from '../../src/client/admin/users/user-form';
import { loadEnglish, t } from '../../src/client/shared-ui/i18n';
import { useUi } from '../../src/client/state/ui';
import type { AdminUser } from '../../src/shared/api/admin-users';
import {
  isStrongPassword,
  passwordProblem,
  passwordProblemText,
} from '../../src/shared/domain/password-rules';

/**
 * The tenant's password rule (one rule for sign-up, the profile and the admin) and the user
 * dialog's checks, which are the requests' own schemas shown with the generic form texts.
 */
const ID = '00000000-0000-4000-8000-000000000001';
const user: AdminUser = {
  id: ID,
  username: 'ayse',
  full_name: 'Ayşe Yılmaz',
  email: 'ayse@ornek.com.tr',
  phone: null,
  role: 'salesperson',
  is_active: true,
  last_login: null,
  created_at: '2026-01-01T00:00:00.000Z',
  version: 4,
  locked_until: null,
};

describe('password rule', () => {
  it('minimum length from the tenant; strong = upper, lower and a digit (Turkish letters count)', () => {
    expect(passwordProblem('12345678', { minLength: 10, requireStrong: false })).toEqual({
      kind: 'tooShort',
      min: 10,
    });
    expect(passwordProblem('1234567890', { minLength: 10, requireStrong: false })).toBeNull();
    expect(passwordProblem('abcdefgh12', { minLength: 6, requireStrong: true })).toEqual({ kind: 'weak' });
    expect(isStrongPassword('Şifre2024')).toBe(true);
    expect(isStrongPassword('ŞİFRE2024ı')).toBe(true);
    expect(isStrongPassword('sifresiz')).toBe(false);
    expect(passwordProblemText({ kind: 'tooShort', min: 8 }, 'Şifre')).toBe(
      'Şifre en az 8 karakter olmalıdır',
    );
  });
});

describe('user dialog checks', () => {
  it('an empty create names every required field with the generic text', () => {
    const check = checkCreate(emptyForm(), ID);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toMatchObject({
      username: { key: 'usr_required' },
      email: { key: 'usr_required' },
      full_name: { key: 'usr_required' },
      role: { key: 'usr_required' },
      password: { key: 'usr_required' },
    });
  });

  it('a bad email says "Geçerli bir email adresi giriniz"; lengths give their bound', () => {
    const check = checkCreate(
      { ...emptyForm(), username: 'ab', email: 'yanlis', full_name: 'A', role: 'driver', password: '123' },
      ID,
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors.email).toEqual({ key: 'usr_invalidEmail' });
    expect(check.errors.username).toEqual({ key: 'usr_minLength', params: { n: 3 } });
    expect(check.errors.full_name).toEqual({ key: 'usr_minLength', params: { n: 2 } });
    expect(check.errors.password).toEqual({ key: 'usr_minLength', params: { n: 6 } });
    expect(checkPassword('12')).toEqual({ key: 'usr_minLength', params: { n: 6 } });
  });

  it('an edit sends only what changed, with the version it was opened on', () => {
    const form = { ...formFromUser(user), full_name: 'Ayşe Demir', is_active: false };
    const check = checkEdit(form, user);
    expect(check).toEqual({
      ok: true,
      body: { full_name: 'Ayşe Demir', is_active: false, expected_version: 4 },
      changed: 2,
    });
    const unchanged = checkEdit(formFromUser(user), user);
    expect(unchanged).toMatchObject({ ok: true, changed: 0 });
  });
});

describe('the password hint under a password the admin types', () => {
  it("says the company's own rule as the device has it, in Turkish and English", async () => {
    const hint = passwordHint({ min_length: 8, require_strong: false });
    expect(t(hint.key, hint.params)).toBe('Şirketin şifre kuralı: en az 8 karakter.');
    const strong = passwordHint({ min_length: 10, require_strong: true });
    expect(t(strong.key, strong.params)).toContain('en az 10 karakter');
    expect(t(strong.key, strong.params)).toContain('bir rakam');
    // Not known yet (no tenant info): the shortest length any company allows.
    const unknown = passwordHint(undefined);
    expect(t(unknown.key, unknown.params)).toContain('en az 6 karakter');
    await loadEnglish();
    useUi.setState({ language: 'en' });
    try {
      expect(t(hint.key, hint.params)).toBe("The company's password rule: at least 8 characters.");
    } finally {
      useUi.setState({ language: 'tr' });
    }
  });
});
