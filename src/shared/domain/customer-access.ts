import type { Role } from './roles';

/**
 * Who may do what with customers (the server enforces it; screens only hide what a role cannot
 * do):
 * - every signed-in role reads the tenant's whole customer book — salespeople choose customers for
 *   orders, the warehouse and drivers need names, phones and addresses for delivery notes and
 *   deliveries;
 * - salespeople, managers and admins create and edit (a salesperson in the field signs up a new
 *   customer at the door). The book is shared: a customer is the company's, not one salesperson's,
 *   so a colleague covering a route finds it, and duplicates are not created per salesperson;
 * - only managers and admins delete (a soft delete: orders keep their customer).
 */
export const CUSTOMER_WRITERS = ['salesperson', 'manager', 'admin'] as const satisfies readonly Role[];
export const CUSTOMER_DELETERS = ['manager', 'admin'] as const satisfies readonly Role[];

export function canWriteCustomers(role: string | undefined): boolean {
  return (CUSTOMER_WRITERS as readonly string[]).includes(role ?? '');
}

export function canDeleteCustomers(role: string | undefined): boolean {
  return (CUSTOMER_DELETERS as readonly string[]).includes(role ?? '');
}
