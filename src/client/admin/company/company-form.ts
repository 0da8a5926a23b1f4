import type { z } from 'zod';
import {
  COMPANY_CURRENCIES,
  COMPANY_LANGUAGES,
  COMPANY_RULE_TEXTS,
  COMPANY_TIMEZONES,
  type Company,
  type CompanyField,
  companyFieldLabel,
  type UpdateCompanyBody,
  updateCompanyBody,
} from '../../../shared/api/company';
import type { MessageKey } from '../../shared-ui/i18n';

/**
 * The company form as data, and its rules — pure, so they are checked without a screen.
 *
 * The request is built from what the user typed and checked with THE SAME zod schema the server
 * validates it with (updateCompanyBody): a form error and the server's 400 never disagree. Issues
 * are shown with the generic form rules' texts in the reader's language ("{label} gereklidir",
 * "Geçerli bir email adresi giriniz", "Geçersiz format", the length bounds) under their field.
 */

export type CompanyForm = Record<CompanyField, string>;

/** The form of the company as it is (fields a new tenant never filled in are empty; selects keep a valid value). */
export function formFromCompany(company: Company): CompanyForm {
  const pick = <T extends readonly string[]>(values: T, value: string) =>
    values.includes(value) ? value : (values[0] as string);
  return {
    name: company.name,
    legal_name: company.legal_name ?? '',
    tax_number: company.tax_number ?? '',
    tax_office: company.tax_office ?? '',
    address: company.address ?? '',
    phone: company.phone ?? '',
    email: company.email ?? '',
    website: company.website ?? '',
    currency: pick(COMPANY_CURRENCIES, company.currency),
    timezone: pick(COMPANY_TIMEZONES, company.timezone),
    language: pick(COMPANY_LANGUAGES, company.language),
  };
}

export function bodyOf(form: CompanyForm, version: number): UpdateCompanyBody {
  return {
    ...form,
    website: form.website.trim() || null,
    currency: form.currency as UpdateCompanyBody['currency'],
    timezone: form.timezone as UpdateCompanyBody['timezone'],
    language: form.language as UpdateCompanyBody['language'],
    expected_version: version,
  };
}

/** A field error as a catalogue key with parameters; the screen adds the field's label as `{label}`. */
export interface FieldError {
  key: MessageKey;
  params?: Record<string, string | number>;
}
export type FormErrors = Partial<Record<CompanyField, FieldError>>;

/** The label each field is named by (its catalogue key). */
export const FIELD_LABEL_KEYS: Record<CompanyField, MessageKey> = {
  name: 'co_fName',
  legal_name: 'co_fLegalName',
  tax_number: 'co_fTaxNumber',
  tax_office: 'co_fTaxOffice',
  address: 'co_fAddress',
  phone: 'co_fPhone',
  email: 'co_fEmail',
  website: 'co_fWebsite',
  currency: 'co_fCurrency',
  timezone: 'co_fTimezone',
  language: 'co_fLanguage',
};

const isField = (name: string): name is CompanyField => name in FIELD_LABEL_KEYS;

/** One schema issue as the generic form rule it is. */
function ruleOf(issue: z.core.$ZodIssue, field: CompanyField): FieldError {
  const R = COMPANY_RULE_TEXTS;
  const message = issue.message;
  if (message === R.required(field)) return { key: 'co_required' };
  if (message === R.email) return { key: 'co_invalidEmail' };
  if (message === R.emailLocal) return { key: 'co_emailLocal' };
  if (message === R.taxNumber) return { key: 'co_invalidTaxNumber' };
  if (message === R.website) return { key: 'co_invalidWebsite' };
  const bound = (n: unknown) => (typeof n === 'number' || typeof n === 'bigint' ? Number(n) : 0);
  if (issue.code === 'too_small') return { key: 'co_minLength', params: { n: bound(issue.minimum) } };
  if (issue.code === 'too_big') return { key: 'co_maxLength', params: { n: bound(issue.maximum) } };
  const length = /en (az|fazla) (\d+) karakter/.exec(message);
  if (length)
    return { key: length[1] === 'az' ? 'co_minLength' : 'co_maxLength', params: { n: Number(length[2]) } };
  return message.startsWith(companyFieldLabel(field))
    ? { key: 'co_invalidFormat' }
    : { key: 'co_refused', params: { message } };
}

/** The issues of a request check, by field (the first of each; an empty required field says so). */
export function errorsOf(issues: readonly z.core.$ZodIssue[]): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (!isField(field)) continue;
    const rule = ruleOf(issue, field);
    if (!errors[field] || (rule.key === 'co_required' && errors[field]?.key !== 'co_required'))
      errors[field] = rule;
  }
  return errors;
}

/** The request, or the form's errors. */
export function checkForm(
  form: CompanyForm,
  version: number,
): { ok: true; body: UpdateCompanyBody } | { ok: false; errors: FormErrors } {
  const body = bodyOf(form, version);
  const check = updateCompanyBody.safeParse(body);
  return check.success ? { ok: true, body } : { ok: false, errors: errorsOf(check.error.issues) };
}

/** A server refusal naming a field (400 with `field`), as the error under that field; null otherwise. */
export function refusalField(
  error: { message: string; field?: unknown } | null,
): { field: CompanyField; error: FieldError } | null {
  if (!error) return null;
  const named = typeof error.field === 'string' ? error.field : undefined;
  return named && isField(named)
    ? { field: named, error: { key: 'co_refused', params: { message: error.message } } }
    : null;
}

/** The fields whose value differs between the company the user started from and the one now. */
export function changedSince(before: Company, now: Company): CompanyField[] {
  const a = formFromCompany(before);
  const b = formFromCompany(now);
  return (Object.keys(a) as CompanyField[]).filter((k) => a[k].trim() !== b[k].trim());
}

/** The Select options with their catalogue labels. */
export const CURRENCY_LABELS: Record<(typeof COMPANY_CURRENCIES)[number], MessageKey> = {
  TRY: 'co_currencyTRY',
};
export const TIMEZONE_LABELS: Record<(typeof COMPANY_TIMEZONES)[number], MessageKey> = {
  'Europe/Istanbul': 'co_tzIstanbul',
  UTC: 'co_tzUtc',
  'Europe/London': 'co_tzLondon',
  'America/New_York': 'co_tzNewYork',
  'Asia/Tokyo': 'co_tzTokyo',
};
export const LANGUAGE_LABELS: Record<(typeof COMPANY_LANGUAGES)[number], MessageKey> = {
  tr: 'co_langTr',
  en: 'co_langEn',
};

/** A select value's label key (unknown values, e.g. a tenant's older setting, show as they are). */
export function optionLabel(field: 'currency' | 'timezone' | 'language', value: string): MessageKey | null {
  const table: Record<string, MessageKey> =
    field === 'currency' ? CURRENCY_LABELS : field === 'timezone' ? TIMEZONE_LABELS : LANGUAGE_LABELS;
  return table[value] ?? null;
}
