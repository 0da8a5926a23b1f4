import { describe, expect, it } from 'vitest';
import { isRelevant, parseChange } from '../../src/server/events/events.service';
import {
  blockingReturnInvoice,
  canCancelInvoice,
  canIssueInvoice,
  canSeeInvoice,
  invoiceScope,
} from '../../src/shared/domain/invoice-access';
import type { Role } from '../../src/shared/domain/roles';

/** Who sees, issues and cancels invoices, and who the live channel tells of a changed invoice. */
const user = (role: Role, id = `${role}-1`) => ({ id, role });

describe('invoice access', () => {
  it('admin and manager see all, a salesperson their own orders’ invoices, warehouse and driver none', () => {
    const own = { salesperson_id: 'salesperson-1' };
    const other = { salesperson_id: 'salesperson-2' };
    for (const role of ['admin', 'manager'] as const) {
      expect(canSeeInvoice(invoiceScope(user(role)), other)).toBe(true);
    }
    expect(canSeeInvoice(invoiceScope(user('salesperson')), own)).toBe(true);
    expect(canSeeInvoice(invoiceScope(user('salesperson')), other)).toBe(false);
    for (const role of ['warehouse', 'driver'] as const) expect(invoiceScope(user(role)).kind).toBe('none');
    expect(
      (['admin', 'manager', 'salesperson', 'warehouse', 'driver'] as const).filter(canIssueInvoice),
    ).toEqual(['admin', 'manager']);
    expect((['admin', 'manager', 'salesperson'] as const).filter(canCancelInvoice)).toEqual(['admin']);
  });

  it("an invoice's announcement concerns admin, manager and the order's salesperson only", () => {
    const change = parseChange(JSON.stringify({ t: 'demo', s: 7, k: 'i', p: 'salesperson-1' }));
    expect(change).toEqual({ tenant: 'demo', seq: 7, kind: 'invoice', salesperson: 'salesperson-1' });
    if (!change) return;
    expect(isRelevant(change, user('admin'))).toBe(true);
    expect(isRelevant(change, user('manager'))).toBe(true);
    expect(isRelevant(change, user('salesperson'))).toBe(true);
    expect(isRelevant(change, user('salesperson', 'salesperson-2'))).toBe(false);
    expect(isRelevant(change, user('warehouse'))).toBe(false);
    expect(isRelevant(change, user('driver'))).toBe(false);
  });

  it('a sales invoice is not cancelled while its return invoice stands; once that is cancelled it may be', () => {
    const sale = { id: 'sale-1', type: 'SATIS', status: 'issued', original_invoice_id: null } as const;
    const ret = { id: 'ret-1', type: 'IADE', status: 'issued', original_invoice_id: 'sale-1' } as const;
    const otherReturn = { ...ret, id: 'ret-2', original_invoice_id: 'sale-0' } as const;
    expect(blockingReturnInvoice(sale, [sale])).toBeUndefined();
    expect(blockingReturnInvoice(sale, [sale, ret, otherReturn])).toBe(ret);
    // Another sale's return (an earlier, cancelled sale of the order) does not count.
    expect(blockingReturnInvoice(sale, [sale, otherReturn])).toBeUndefined();
    expect(blockingReturnInvoice(sale, [{ ...ret, status: 'cancelled' }])).toBeUndefined();
    // A return invoice itself is never blocked (nothing refers to it).
    expect(blockingReturnInvoice(ret, [sale, ret])).toBeUndefined();
  });
});
