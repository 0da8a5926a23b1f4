import type { z } from 'zod';
import {
  type AdminUser,
  adminResetPasswordBody,
  type CreateUserBody,
  changedUserFields,
  createUserBody,
  EMAIL_INVALID_MESSAGE,
  type UpdateUserBody,
  USER_MESSAGES,
  USER_RULE_TEXTS,
  type UserField,
  updateUserBody,
} from '../../../shared/api/admin-users';
import { PASSWORD_MIN_LENGTH_RANGE } from '../../../shared/domain/password-rules';
import type { Role } from '../../../shared/domain/roles';
import type { MessageKey } from '../../shared-ui/i18n';

/**
 * The user dialog's form as data, and its rules — pure, so they are checked without a screen.
 * The request is built from the form and checked with THE SAME zod schema the server validates
 * it with (createUserBody / updateUserBody / adminResetPasswordBody); each issue is shown under its
 * field with the generic form texts in the reader's language ('{label} gereklidir', 'Geçerli bir
 * email adresi giriniz', …). The tenant's own password rule (a setting) is the server's: its
 * refusal names the field and is shown under it too.
 */

export interface UserForm {
  username: string;
  email: string;
  full_name: string;
  role: Role | '';
  phone: string;
  password: string;
  is_active: boolean;
}
export type FormField = keyof UserForm;

export function emptyForm(): UserForm {
  return { username: '', email: '', full_name: '', role: '', phone: '', password: '', is_active: true };
}

export function formFromUser(user: AdminUser): UserForm {
  return {
    username: user.username,
    email: user.email ?? '',
    full_name: user.full_name,
    role: user.role,
    phone: user.phone ?? '',
    password: '',
    is_active: user.is_active,
  };
}

export interface FieldError {
  key: MessageKey;
  params?: Record<string, string | number>;
}
export type FormErrors = Partial<Record<FormField, FieldError>>;

/** The label each field is named by in its messages. */
export const FIELD_LABEL_KEYS: Record<FormField, MessageKey> = {
  username: 'usr_fUsername',
  email: 'usr_fEmail',
  full_name: 'usr_fFullName',
  role: 'usr_fRole',
  phone: 'usr_fPhone',
  password: 'usr_fPassword',
  is_active: 'usr_fActive',
};

const FORM_FIELDS = new Set<string>(Object.keys(FIELD_LABEL_KEYS));

function ruleOf(issue: z.core.$ZodIssue, field: FormField): FieldError {
  const message = issue.message;
  const bound = (n: unknown) => (typeof n === 'number' || typeof n === 'bigint' ? Number(n) : 0);
  if (message === USER_RULE_TEXTS.required(field as UserField)) return { key: 'usr_required' };
  if (message === EMAIL_INVALID_MESSAGE) return { key: 'usr_invalidEmail' };
  if (message === USER_MESSAGES.usernamePattern) return { key: 'usr_usernamePattern' };
  if (issue.code === 'too_small') return { key: 'usr_minLength', params: { n: bound(issue.minimum) } };
  if (issue.code === 'too_big') return { key: 'usr_maxLength', params: { n: bound(issue.maximum) } };
  const n = /en az (\d+) karakter/.exec(message)?.[1];
  if (n) return { key: 'usr_minLength', params: { n: Number(n) } };
  const m = /en fazla (\d+) karakter/.exec(message)?.[1];
  if (m) return { key: 'usr_maxLength', params: { n: Number(m) } };
  if (message === USER_RULE_TEXTS.format(field as UserField)) return { key: 'usr_invalidFormat' };
  return { key: 'usr_refused', params: { message } };
}

/** The issues of a request check, by form field (the first issue of each field). */
export function errorsOf(issues: readonly z.core.$ZodIssue[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (!FORM_FIELDS.has(field)) continue;
    errors[field as FormField] ??= ruleOf(issue, field as FormField);
  }
  return errors;
}

export function createBodyOf(form: UserForm, id: string): CreateUserBody {
  return {
    id,
    username: form.username,
    email: form.email,
    full_name: form.full_name,
    role: form.role as Role,
    phone: form.phone.trim() || null,
    password: form.password,
  };
}

export function checkCreate(
  form: UserForm,
  id: string,
): { ok: true; body: CreateUserBody } | { ok: false; errors: FormErrors } {
  const body = createBodyOf(form, id);
  const check = createUserBody.safeParse(body);
  return check.success ? { ok: true, body } : { ok: false, errors: errorsOf(check.error.issues) };
}

/** The edit's changed fields with the version the dialog was opened on, or the form's errors. */
export function checkEdit(
  form: UserForm,
  user: AdminUser,
): { ok: true; body: UpdateUserBody; changed: number } | { ok: false; errors: FormErrors } {
  const full = {
    email: form.email,
    full_name: form.full_name,
    role: form.role as Role,
    phone: form.phone.trim() || null,
    is_active: form.is_active,
  };
  const check = updateUserBody.safeParse({ ...full, expected_version: user.version });
  if (!check.success) return { ok: false, errors: errorsOf(check.error.issues) };
  const changed = changedUserFields(check.data, user);
  const body: UpdateUserBody = { expected_version: user.version };
  for (const field of changed) Object.assign(body, { [field]: full[field] });
  return { ok: true, body, changed: changed.length };
}

/**
 * The hint under a password the admin types: the company's own rule (its minimum length, and the
 * letters and digits when it asks for strong passwords), as the device has it from the tenant info.
 * Not known yet: the shortest length any company allows (the server applies the real rule).
 */
export function passwordHint(
  policy: { min_length: number; require_strong: boolean } | undefined,
): FieldError {
  const n = policy?.min_length ?? PASSWORD_MIN_LENGTH_RANGE.min;
  return { key: policy?.require_strong ? 'usr_passwordHelpStrong' : 'usr_passwordHelp', params: { n } };
}

export function checkPassword(password: string): FieldError | null {
  const check = adminResetPasswordBody.safeParse({ password });
  return check.success ? null : (errorsOf(check.error.issues).password ?? null);
}

/** A refusal the server sent naming a field of this form (400, or the 409 of a taken username). */
export function refusalField(
  error: { message: string; body?: Record<string, unknown> | undefined } | null | undefined,
): { field: FormField; error: FieldError } | null {
  const field = error?.body?.field;
  if (typeof field !== 'string' || !FORM_FIELDS.has(field)) return null;
  return {
    field: field as FormField,
    error: { key: 'usr_refused', params: { message: error?.message ?? '' } },
  };
}
