import type { z } from 'zod';
import { EMAIL_INVALID_MESSAGE } from '../../shared/api/common';
import {
  type CreateRegistrationBody,
  createRegistrationBody,
  REG_RULE_TEXTS,
  type RegistrationField,
  type SubscriptionPlan,
} from '../../shared/api/registrations';
import { SUBDOMAIN_MESSAGES } from '../../shared/domain/platform';
import type { MessageKey } from '../shared-ui/i18n';

/**
 * The sign-up form as data, and its rules — pure, so they are checked without a screen. The
 * request is checked with THE SAME zod schema the server validates it with
 * (createRegistrationBody); each issue is shown under its field in the reader's language.
 */
export interface RegisterForm {
  company_name: string;
  industry: string;
  legal_name: string;
  tax_number: string;
  tax_office: string;
  contact_person_name: string;
  contact_person_email: string;
  contact_person_phone: string;
  subdomain: string;
  subscription_plan: SubscriptionPlan;
  address_street: string;
  address_city: string;
  address_state: string;
  address_country: string;
}

export function emptyRegisterForm(): RegisterForm {
  return {
    company_name: '',
    industry: '',
    legal_name: '',
    tax_number: '',
    tax_office: '',
    contact_person_name: '',
    contact_person_email: '',
    contact_person_phone: '',
    subdomain: '',
    subscription_plan: 'basic',
    address_street: '',
    address_city: '',
    address_state: '',
    address_country: '',
  };
}

export const FIELD_LABEL_KEYS: Record<RegistrationField, MessageKey> = {
  company_name: 'reg_fCompanyName',
  industry: 'reg_fIndustry',
  legal_name: 'reg_fLegalName',
  tax_number: 'reg_fTaxNumber',
  tax_office: 'reg_fTaxOffice',
  contact_person_name: 'reg_fContactName',
  contact_person_email: 'reg_fContactEmail',
  contact_person_phone: 'reg_fContactPhone',
  subdomain: 'reg_fSubdomain',
  subscription_plan: 'reg_fPlan',
  address_street: 'reg_fStreet',
  address_city: 'reg_fCity',
  address_state: 'reg_fState',
  address_country: 'reg_fCountry',
};

export const PLAN_KEYS: Record<SubscriptionPlan, MessageKey> = {
  free: 'reg_planFree',
  basic: 'reg_planBasic',
  pro: 'reg_planPro',
  enterprise: 'reg_planEnterprise',
};

/** A field's message: a catalogue key with its values, or the server's own words. */
export type FieldError = { key: MessageKey; params?: Record<string, string | number> } | { text: string };
export type RegisterErrors = Partial<Record<RegistrationField, FieldError>>;

const SUBDOMAIN_KEYS: Record<string, MessageKey> = {
  [SUBDOMAIN_MESSAGES.required]: 'reg_subRequired',
  [SUBDOMAIN_MESSAGES.tooShort]: 'reg_subTooShort',
  [SUBDOMAIN_MESSAGES.tooLong]: 'reg_subTooLong',
  [SUBDOMAIN_MESSAGES.characters]: 'reg_subCharacters',
  [SUBDOMAIN_MESSAGES.hyphenEdge]: 'reg_subHyphenEdge',
  [SUBDOMAIN_MESSAGES.hyphenPair]: 'reg_subHyphenPair',
  [SUBDOMAIN_MESSAGES.reserved]: 'reg_subReserved',
  [SUBDOMAIN_MESSAGES.taken]: 'reg_subTaken',
  [SUBDOMAIN_MESSAGES.pending]: 'reg_subPending',
  [SUBDOMAIN_MESSAGES.available]: 'reg_subAvailable',
};

/** A Turkish rule text of the schema (or of the server) as the field's message in the reader's language. */
export function messageOf(field: RegistrationField, message: string): FieldError {
  const subdomain = SUBDOMAIN_KEYS[message];
  if (subdomain) return { key: subdomain };
  const label = { label: FIELD_LABEL_KEYS[field] };
  if (message === REG_RULE_TEXTS.required(field)) return { key: 'reg_required', params: label };
  if (message === EMAIL_INVALID_MESSAGE) return { key: 'reg_invalidEmail' };
  if (message === REG_RULE_TEXTS.phoneInvalid) return { key: 'reg_invalidPhone' };
  if (message === REG_RULE_TEXTS.planInvalid) return { key: 'reg_planInvalid' };
  if (message === REG_RULE_TEXTS.taxNumber) return { key: 'reg_invalidTaxNumber' };
  const min = /en az (\d+) karakter/.exec(message)?.[1];
  if (min) return { key: 'reg_minLength', params: { ...label, n: Number(min) } };
  const max = /en fazla (\d+) karakter/.exec(message)?.[1];
  if (max) return { key: 'reg_maxLength', params: { ...label, n: Number(max) } };
  if (message === REG_RULE_TEXTS.invalidChars(field)) return { key: 'reg_invalidChars', params: label };
  return { text: message };
}

const FIELDS = new Set<string>(Object.keys(FIELD_LABEL_KEYS));

export function isFormField(name: string | undefined): name is RegistrationField {
  return name !== undefined && FIELDS.has(name);
}

/** The issues of a request check, by form field (the first issue of each field). */
export function errorsOf(issues: readonly z.core.$ZodIssue[]): RegisterErrors {
  const errors: RegisterErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (!isFormField(field)) continue;
    errors[field] ??= messageOf(field, issue.message);
  }
  return errors;
}

/** The request of the form, or the form's errors. */
export function checkRegisterForm(
  form: RegisterForm,
  extra: { id: string; form_token: string; website: string },
): { ok: true; body: CreateRegistrationBody } | { ok: false; errors: RegisterErrors } {
  const body: CreateRegistrationBody = {
    ...form,
    industry: form.industry || null,
    contact_person_phone: form.contact_person_phone || null,
    address_street: form.address_street || null,
    address_city: form.address_city || null,
    address_state: form.address_state || null,
    address_country: form.address_country || null,
    ...extra,
  };
  const check = createRegistrationBody.safeParse(body);
  return check.success ? { ok: true, body } : { ok: false, errors: errorsOf(check.error.issues) };
}
