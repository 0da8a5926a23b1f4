import { describe, expect, it } from 'vitest';
import {
  monthOf,
  periodProblem,
  reasonLongEnough,
  showsAccount,
  statementEntry,
  statementFileName,
  termsBody,
  termsFieldOf,
} from '../../src/client/customers/account';
import { updateAccountTermsBody } from '../../src/shared/api/accounts';
import { buildPath, XLSX_TYPE } from '../../src/shared/api/endpoint';

/** The customer screen's account rules: who sees it on a device, the statement, the terms and reversal inputs. */
describe('customer account screen rules', () => {
  it('shows the account to the office always, to field roles only for accounts mirrored to them, never to the warehouse', () => {
    for (const role of ['admin', 'manager']) {
      expect(showsAccount(role, false)).toBe(true);
      expect(showsAccount(role, true)).toBe(true);
    }
    for (const role of ['salesperson', 'driver']) {
      expect(showsAccount(role, false)).toBe(false);
      expect(showsAccount(role, true)).toBe(true);
    }
    expect(showsAccount('warehouse', true)).toBe(false);
    expect(showsAccount(undefined, true)).toBe(false);
  });

  it("defaults the statement to the company day's calendar month (leap years, December)", () => {
    expect(monthOf('2026-11-30')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthOf('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthOf('2027-02-01')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(monthOf('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('refuses a period without both days or ending before it starts', () => {
    expect(periodProblem({ from: '2026-11-01', to: '2026-11-30' })).toBeNull();
    expect(periodProblem({ from: '2026-11-05', to: '2026-11-05' })).toBeNull();
    expect(periodProblem({ from: '', to: '2026-11-30' })).toBe('acct_periodDates');
    expect(periodProblem({ from: '2026-11-30', to: '2026-11-01' })).toBe('acct_periodOrder');
  });

  it('asks GET /customers/{id}/account/statement/pdf or /xlsx with the period', () => {
    const id = '4f8a7c1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b';
    const pdf = statementEntry('pdf');
    expect(pdf.method).toBe('GET');
    expect(buildPath(pdf.path, { id })).toBe(`/customers/${id}/account/statement/pdf`);
    expect(buildPath(statementEntry('xlsx').path, { id })).toBe(`/customers/${id}/account/statement/xlsx`);
    expect(pdf.produces).toBe('application/pdf');
    expect(statementEntry('xlsx').produces).toBe(XLSX_TYPE);
    expect(statementFileName({ from: '2026-11-01', to: '2026-11-30' }, 'xlsx')).toBe(
      'ekstre-2026-11-01-2026-11-30.xlsx',
    );
  });

  it('reads the terms as typed the Turkish way into a body the server accepts; empty limit = none', () => {
    const read = termsBody('30', '1.250,75', 4);
    expect(read).toEqual({
      ok: true,
      body: { due_days: 30, credit_limit: 1250.75, expected_version: 4 },
    });
    if (read.ok) expect(updateAccountTermsBody.safeParse(read.body).success).toBe(true);
    expect(termsBody('0', '  ', 0)).toEqual({
      ok: true,
      body: { due_days: 0, credit_limit: null, expected_version: 0 },
    });
    expect(termsBody('0,29', '0,29', 1)).toMatchObject({
      ok: false,
      errors: { due_days: expect.any(String) },
    });
    const bad = termsBody('400', '12,345', 1);
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(Object.keys(bad.errors).sort()).toEqual(['credit_limit', 'due_days']);
    }
    // 0,29 TL is sent as the exact decimal.
    const small = termsBody('1', '0,29', 1);
    expect(small.ok && small.body.credit_limit).toBe(0.29);
  });

  it('puts a server refusal under the field it names (the exact-kuruş companion under the limit)', () => {
    expect(termsFieldOf('due_days')).toBe('due_days');
    expect(termsFieldOf('credit_limit')).toBe('credit_limit');
    expect(termsFieldOf('credit_limit_kurus')).toBe('credit_limit');
    expect(termsFieldOf('expected_version')).toBeNull();
    expect(termsFieldOf(undefined)).toBeNull();
  });

  it("a reversal's reason counts without the spaces around it", () => {
    expect(reasonLongEnough('  ab  ')).toBe(false);
    expect(reasonLongEnough('abc')).toBe(true);
  });
});
