import { describe, expect, it } from 'vitest';
import {
  changedSince,
  checkForm,
  formFromCompany,
  refusalField,
} from '../../src/client/admin/company/company-form';
import { fitWithin } from '../../src/client/admin/company/logo-file';
import type { Company } from '../../src/shared/api/company';

/**
 * The company form's rules come from the same schema the server checks with: each issue becomes
 * the generic form rule under its field ("{label} gereklidir", "Geçerli bir email adresi giriniz",
 * the VKN/TCKN check digits, length bounds), a server refusal naming a field lands under it, and a
 * conflict lists the fields someone else changed.
 */
const COMPANY: Company = {
  tenant_id: 'demo',
  name: 'Demo Ticaret',
  legal_name: 'Demo Ticaret A.Ş.',
  tax_number: '9876543217',
  tax_office: 'Çankaya',
  address: 'Ankara',
  phone: '+90 312 555 00 00',
  email: 'info@demo.com.tr',
  website: null,
  currency: 'TRY',
  timezone: 'Europe/Istanbul',
  language: 'tr',
  logo_url: null,
  subdomain: 'demo',
  base_domain: 'example.com',
  version: 3,
  updated_at: null,
  statistics: { users: 1, orders: 2, products: 3, customers: 4 },
};

describe('company form', () => {
  it('a valid form becomes the request with the version the user saw', () => {
    const r = checkForm(formFromCompany(COMPANY), COMPANY.version);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.body).toMatchObject({ name: 'Demo Ticaret', website: null, expected_version: 3 });
  });

  it('each field error is the generic rule under its field', () => {
    const form = {
      ...formFromCompany(COMPANY),
      name: ' ',
      legal_name: 'A',
      tax_number: '9876543210',
      email: 'info@',
      website: 'ftp://x.tr',
      phone: 'yok',
    };
    const r = checkForm(form, 3);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      name: { key: 'co_required' },
      legal_name: { key: 'co_minLength', params: { n: 2 } },
      tax_number: { key: 'co_invalidTaxNumber' },
      email: { key: 'co_invalidEmail' },
      website: { key: 'co_invalidWebsite' },
      phone: { key: 'co_invalidFormat' },
    });
  });

  it('length bounds of the tax number and the name', () => {
    const r = checkForm({ ...formFromCompany(COMPANY), tax_number: '123', name: 'x'.repeat(101) }, 3);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.tax_number).toEqual({ key: 'co_minLength', params: { n: 10 } });
    expect(r.errors.name).toEqual({ key: 'co_maxLength', params: { n: 100 } });
  });

  it('a server refusal naming a field is shown under it; a conflict lists what changed', () => {
    expect(refusalField({ message: 'Telefon: Geçersiz format', field: 'phone' })?.field).toBe('phone');
    expect(refusalField({ message: 'Sunucu hatası' })).toBeNull();
    expect(changedSince(COMPANY, { ...COMPANY, name: 'Yeni', version: 4 })).toEqual(['name']);
  });

  it('a logo is shrunk to at most 512 px on its longer side, never enlarged', () => {
    expect(fitWithin(2048, 1024)).toEqual({ width: 512, height: 256 });
    expect(fitWithin(100, 50)).toEqual({ width: 100, height: 50 });
  });
});
