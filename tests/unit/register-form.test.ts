import { describe, expect, it } from 'vitest';
import {
  checkRegisterForm,
  emptyRegisterForm,
  messageOf,
  type RegisterForm,
} from '../../src/client/register-company/register-form';
import { createRegistrationBody } from '../../src/shared/api/registrations';
import {
  REGISTRATION_TRANSITIONS,
  registrationMove,
  registrationReasonMissing,
} from '../../src/shared/domain/company-registration';
import { SUBDOMAIN_MESSAGES, subdomainProblem } from '../../src/shared/domain/platform';

/**
 * The sign-up form's rules (the server's own schema) as the page shows them, and the two shared
 * rules both sides use: the subdomain's form and the registration state machine.
 */
const extra = { id: '00000000-0000-4000-8000-000000000001', form_token: 'x', website: '' };
const filled = (patch: Partial<RegisterForm> = {}): RegisterForm => ({
  ...emptyRegisterForm(),
  company_name: 'Örnek A.Ş.',
  legal_name: 'Örnek Anonim Şirketi',
  tax_number: '9876543217',
  tax_office: 'Konak',
  contact_person_name: 'Ali Veli',
  contact_person_email: 'ali@example.com',
  subdomain: 'ornek',
  ...patch,
});

describe('sign-up form', () => {
  it('an empty form names every required field with the generic texts', () => {
    const check = checkRegisterForm(emptyRegisterForm(), extra);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors.company_name).toEqual({ key: 'reg_required', params: { label: 'reg_fCompanyName' } });
    expect(check.errors.contact_person_name).toEqual({
      key: 'reg_required',
      params: { label: 'reg_fContactName' },
    });
    expect(check.errors.contact_person_email).toEqual({
      key: 'reg_required',
      params: { label: 'reg_fContactEmail' },
    });
    expect(check.errors.subdomain).toEqual({ key: 'reg_subRequired' });
    // what the company's invoices print is asked here, where it belongs
    expect(check.errors.legal_name).toEqual({ key: 'reg_required', params: { label: 'reg_fLegalName' } });
    expect(check.errors.tax_number).toEqual({ key: 'reg_required', params: { label: 'reg_fTaxNumber' } });
    expect(check.errors.tax_office).toEqual({ key: 'reg_required', params: { label: 'reg_fTaxOffice' } });
    expect(check.errors.industry).toBeUndefined();
  });

  it('a filled form is the request the server takes, blanks sent as null and the subdomain lower-cased', () => {
    const check = checkRegisterForm(filled({ subdomain: 'Ornek-Gida' }), extra);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.body.industry).toBeNull();
    expect(createRegistrationBody.parse(check.body).subdomain).toBe('ornek-gida');
  });

  it('maps e-mail, phone, length and subdomain rules to catalogue keys', () => {
    const check = checkRegisterForm(
      filled({
        contact_person_email: 'yok@',
        contact_person_phone: '12',
        subdomain: 'api',
        company_name: 'A',
      }),
      extra,
    );
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors.contact_person_email).toEqual({ key: 'reg_invalidEmail' });
    expect(check.errors.contact_person_phone).toEqual({ key: 'reg_invalidPhone' });
    expect(check.errors.subdomain).toEqual({ key: 'reg_subReserved' });
    expect(check.errors.company_name).toEqual({
      key: 'reg_minLength',
      params: { label: 'reg_fCompanyName', n: 2 },
    });
    expect(messageOf('subdomain', SUBDOMAIN_MESSAGES.taken)).toEqual({ key: 'reg_subTaken' });
    // a VKN with a wrong check digit; a TCKN (sole proprietor) is fine
    const vkn = checkRegisterForm(filled({ tax_number: '9876543210' }), extra);
    expect(vkn.ok ? null : vkn.errors.tax_number).toEqual({ key: 'reg_invalidTaxNumber' });
    expect(checkRegisterForm(filled({ tax_number: '100 000 001 46' }), extra).ok).toBe(true);
    expect(messageOf('industry', 'başka bir şey')).toEqual({ text: 'başka bir şey' });
  });
});

describe('shared rules', () => {
  it('subdomains follow the DNS label rules and the reserved list', () => {
    expect(subdomainProblem('abc')).toBeNull();
    expect(subdomainProblem('a-1-b')).toBeNull();
    expect(subdomainProblem('a'.repeat(63))).toBeNull();
    expect(subdomainProblem('a'.repeat(64))).toBe(SUBDOMAIN_MESSAGES.tooLong);
    expect(subdomainProblem('ab')).toBe(SUBDOMAIN_MESSAGES.tooShort);
    expect(subdomainProblem('-abc')).toBe(SUBDOMAIN_MESSAGES.hyphenEdge);
    expect(subdomainProblem('ab.c')).toBe(SUBDOMAIN_MESSAGES.characters);
    expect(subdomainProblem('www')).toBe(SUBDOMAIN_MESSAGES.reserved);
  });

  it('the state machine: pending → approved | rejected, approved → suspended, nothing else', () => {
    expect(REGISTRATION_TRANSITIONS.approve).toEqual({ to: 'approved', from: ['pending'] });
    expect(registrationMove('pending', 'approve')).toBe('apply');
    expect(registrationMove('pending', 'reject')).toBe('apply');
    expect(registrationMove('approved', 'suspend')).toBe('apply');
    expect(registrationMove('approved', 'approve')).toBe('already');
    expect(registrationMove('pending', 'suspend')).toBe('refuse');
    expect(registrationMove('rejected', 'approve')).toBe('refuse');
    expect(registrationMove('suspended', 'approve')).toBe('refuse');
    expect(registrationMove('approved', 'reject')).toBe('refuse');
  });

  it('a final decision (reject, suspend) needs a reason that is not blank; an approval does not', () => {
    for (const action of ['reject', 'suspend'] as const) {
      expect(registrationReasonMissing(action, null)).toBe(true);
      expect(registrationReasonMissing(action, ' \n ')).toBe(true);
      expect(registrationReasonMissing(action, 'Eksik belge')).toBe(false);
    }
    expect(registrationReasonMissing('approve', null)).toBe(false);
  });
});
