import { describe, expect, it } from 'vitest';
import {
  INVOICE_SELLER_FIELDS,
  isSellerFieldList,
  missingSellerFields,
  SELLER_INCOMPLETE_PREFIX,
  sellerIncompleteMessage,
} from '../../src/shared/domain/invoice-seller';

/**
 * The one rule of what a company needs before it invoices: the server refuses POST /invoices by
 * it and the device greys out 'Fatura Kes' by it, so both name the same fields.
 */
describe('missingSellerFields', () => {
  const complete = { legal_name: 'Demo Ticaret A.Ş.', tax_number: '9876543217', tax_office: 'Çankaya' };

  it('a complete profile needs nothing (a VKN, or the TCKN of a sole proprietor)', () => {
    expect(missingSellerFields(complete)).toEqual([]);
    expect(missingSellerFields({ ...complete, tax_number: '10000000146' })).toEqual([]);
    // spaces as people type them are tolerated
    expect(missingSellerFields({ ...complete, tax_number: '987 654 32 17' })).toEqual([]);
  });

  it('a company from the sign-up before it asked for them lacks all three, in form order', () => {
    expect(missingSellerFields({ legal_name: null, tax_number: null, tax_office: null })).toEqual([
      ...INVOICE_SELLER_FIELDS,
    ]);
    expect(missingSellerFields({})).toEqual(['legal_name', 'tax_number', 'tax_office']);
  });

  it('blank counts as missing; a tax number with a wrong check digit or length counts as missing', () => {
    expect(missingSellerFields({ ...complete, legal_name: '   ' })).toEqual(['legal_name']);
    expect(missingSellerFields({ ...complete, tax_number: '9876543210' })).toEqual(['tax_number']);
    expect(missingSellerFields({ ...complete, tax_number: '12345' })).toEqual(['tax_number']);
    expect(missingSellerFields({ ...complete, tax_number: '98765432AB' })).toEqual(['tax_number']);
    expect(missingSellerFields({ ...complete, tax_office: '' })).toEqual(['tax_office']);
  });

  it('the refusal names the missing fields in Turkish with their API names', () => {
    expect(sellerIncompleteMessage(['tax_number', 'tax_office'])).toBe(
      `${SELLER_INCOMPLETE_PREFIX}: Vergi numarası, Vergi dairesi`,
    );
  });

  it('a cached list is trusted only when it names seller fields', () => {
    expect(isSellerFieldList(['tax_number'])).toBe(true);
    expect(isSellerFieldList([])).toBe(true);
    expect(isSellerFieldList(['password'])).toBe(false);
    expect(isSellerFieldList('tax_number')).toBe(false);
  });
});
