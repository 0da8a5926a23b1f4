import { describe, expect, it } from 'vitest';
import { readReturnTo, returnAddress } from '../../src/client/shared-ui/route-access';

/** Where the login screen sends a user who came from a guarded address. */
describe('return to the requested address after sign-in', () => {
  const from = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

  it('returns to any-user routes with their query and hash', () => {
    expect(
      returnAddress('salesperson', from('/orders/abc', '?tenant=demo', '#x'), '/salesperson-dashboard'),
    ).toBe('/orders/abc?tenant=demo#x');
    expect(returnAddress('driver', from('/orders', '?status=approved&q=ORD&page=2'), '/dashboard')).toBe(
      '/orders?status=approved&q=ORD&page=2',
    );
  });

  it('checks the role for role-guarded routes, as the router does (any case, trailing slash)', () => {
    expect(returnAddress('manager', from('/manager-dashboard'), '/manager-dashboard')).toBe(
      '/manager-dashboard',
    );
    expect(returnAddress('salesperson', from('/admin'), '/salesperson-dashboard')).toBe(
      '/salesperson-dashboard',
    );
    expect(returnAddress('salesperson', from('/ADMIN/'), '/salesperson-dashboard')).toBe(
      '/salesperson-dashboard',
    );
    expect(
      returnAddress('warehouse', from('/warehouse-dashboard', '?tenant=x'), '/warehouse-dashboard'),
    ).toBe('/warehouse-dashboard?tenant=x');
    expect(returnAddress('driver', from('/inventory'), '/dashboard')).toBe('/dashboard');
  });

  it('lands by role without a usable origin', () => {
    expect(returnAddress('admin', null, '/dashboard')).toBe('/dashboard');
    expect(returnAddress('admin', from('/login'), '/dashboard')).toBe('/dashboard');
    expect(returnAddress('admin', from('/'), '/dashboard')).toBe('/dashboard');
  });

  it('reads only a well-formed same-app origin from the history state', () => {
    expect(readReturnTo({ from: from('/orders/1', '?a=1') })).toEqual(from('/orders/1', '?a=1'));
    expect(readReturnTo(null)).toBeNull();
    expect(readReturnTo({ from: { pathname: 'https://evil.example/' } })).toBeNull();
    expect(readReturnTo({ from: { pathname: '//evil.example/x' } })).toBeNull();
    expect(readReturnTo({ from: { pathname: '/orders', search: 5 } })).toEqual(from('/orders'));
  });
});
