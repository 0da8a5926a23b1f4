import type { Role } from './roles';

/** An invoice as far as the cancel rule cares. */
export interface InvoiceRef {
  id: string;
  type: 'SATIS' | 'IADE';
  status: 'issued' | 'cancelled';
  original_invoice_id: string | null;
}

/**
 * Who may do what with invoices (the server enforces it; the screens hide what a role cannot do):
 * - admin and manager see every invoice of the tenant and issue sales invoices;
 * - only an admin cancels one (a cancelled invoice keeps its number);
 * - a salesperson sees the invoices of their own orders (read only);
 * - warehouse and driver see none (the list answers 403, the sync feed carries none).
 */
export const INVOICE_ISSUE_ROLES = ['admin', 'manager'] as const satisfies readonly Role[];
export const INVOICE_CANCEL_ROLES = ['admin'] as const satisfies readonly Role[];
export const INVOICE_READERS = ['admin', 'manager', 'salesperson'] as const satisfies readonly Role[];

export type InvoiceScope =
  | { kind: 'all' }
  | { kind: 'salesperson'; salesperson_id: string }
  | { kind: 'none' };

export function invoiceScope(user: { id: string; role: Role }): InvoiceScope {
  switch (user.role) {
    case 'admin':
    case 'manager':
      return { kind: 'all' };
    case 'salesperson':
      return { kind: 'salesperson', salesperson_id: user.id };
    default:
      return { kind: 'none' };
  }
}

export function canSeeInvoice(scope: InvoiceScope, invoice: { salesperson_id: string | null }): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'salesperson') return invoice.salesperson_id === scope.salesperson_id;
  return false;
}

// The server asks with a signed-in user's role; the screens with the session's, none when signed out.
const hasRole = (roles: readonly Role[], role: string | null | undefined): boolean =>
  !!role && (roles as readonly string[]).includes(role);
export const canIssueInvoice = (role: string | null | undefined): boolean =>
  hasRole(INVOICE_ISSUE_ROLES, role);
export const canCancelInvoice = (role: string | null | undefined): boolean =>
  hasRole(INVOICE_CANCEL_ROLES, role);
export const canSeeInvoices = (role: string | null | undefined): boolean => hasRole(INVOICE_READERS, role);

/**
 * The return invoice (IADE) that stands in the way of cancelling `invoice`, among `others` (the
 * invoices of its order, or just its return): a sales invoice whose return invoice is not
 * cancelled cannot be cancelled — the return refers to it (the XML's BillingReference, the
 * accountant's export) and would be left pointing at a cancelled sale. Once the return invoice is
 * cancelled itself, nothing refers to the sale any more and it may be cancelled. A return invoice
 * still waiting for its number (on a device) blocks too: it exists, the server will number it.
 * A return invoice is never blocked (nothing refers to it).
 */
export function blockingReturnInvoice<T extends InvoiceRef>(
  invoice: Pick<InvoiceRef, 'id' | 'type'>,
  others: readonly T[],
): T | undefined {
  if (invoice.type !== 'SATIS') return undefined;
  return others.find(
    (other) =>
      other.type === 'IADE' && other.original_invoice_id === invoice.id && other.status !== 'cancelled',
  );
}
