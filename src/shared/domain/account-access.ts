import type { Role } from './roles';

/**
 * Who may do what with customers' accounts (the server enforces it; the screens hide what a role
 * cannot do):
 * - admin and manager see every account, take payments, reverse them, confirm day-ends and may
 *   approve an order over a customer's credit limit (with a reason, audited);
 * - only an admin posts an adjustment or an opening balance, and sets credit limits and terms with
 *   the manager;
 * - a salesperson and a driver take payments only from customers of orders that are theirs (the
 *   salesperson's own orders, the driver's assigned deliveries) and see those customers' balances;
 *   a payment they took by mistake is reversed by a manager;
 * - the warehouse handles goods, not money: no account, no payment.
 */
export const ACCOUNT_READERS = [
  'admin',
  'manager',
  'salesperson',
  'driver',
] as const satisfies readonly Role[];
export const PAYMENT_TAKERS = [
  'admin',
  'manager',
  'salesperson',
  'driver',
] as const satisfies readonly Role[];
export const PAYMENT_REVERSERS = ['admin', 'manager'] as const satisfies readonly Role[];
export const ACCOUNT_ADJUSTERS = ['admin'] as const satisfies readonly Role[];
export const CREDIT_SETTERS = ['admin', 'manager'] as const satisfies readonly Role[];
export const CREDIT_OVERRIDERS = ['admin', 'manager'] as const satisfies readonly Role[];
export const DAY_END_CONFIRMERS = ['admin', 'manager'] as const satisfies readonly Role[];

/** Roles whose access is limited to the customers of their own orders. */
const OWN_CUSTOMERS_ONLY: readonly Role[] = ['salesperson', 'driver'];

const hasRole = (roles: readonly Role[], role: string | null | undefined): boolean =>
  !!role && (roles as readonly string[]).includes(role);

/**
 * Whether a user may see a customer's account or take a payment from them. `ownCustomer` is
 * whether the customer has an order of this user's (created by the salesperson, assigned to the
 * driver): the server answers it from its tables, a device from what it has mirrored.
 */
export function canTakePayment(role: string | null | undefined, ownCustomer: boolean): boolean {
  if (!hasRole(PAYMENT_TAKERS, role)) return false;
  return !OWN_CUSTOMERS_ONLY.includes(role as Role) || ownCustomer;
}
export function canSeeAccount(role: string | null | undefined, ownCustomer: boolean): boolean {
  if (!hasRole(ACCOUNT_READERS, role)) return false;
  return !OWN_CUSTOMERS_ONLY.includes(role as Role) || ownCustomer;
}
export const canReversePayment = (role: string | null | undefined): boolean =>
  hasRole(PAYMENT_REVERSERS, role);
export const canAdjustAccount = (role: string | null | undefined): boolean =>
  hasRole(ACCOUNT_ADJUSTERS, role);
export const canSetCredit = (role: string | null | undefined): boolean => hasRole(CREDIT_SETTERS, role);
export const canOverrideCreditLimit = (role: string | null | undefined): boolean =>
  hasRole(CREDIT_OVERRIDERS, role);
export const canConfirmDayEnd = (role: string | null | undefined): boolean =>
  hasRole(DAY_END_CONFIRMERS, role);
/** Whose collections a day-end covers: the people who take payments in the field. */
export const hasDayEnd = (role: string | null | undefined): boolean =>
  role === 'driver' || role === 'salesperson';

/**
 * What of the tenant's accounts and payments a role's device mirrors (the sync feed): 'all' for
 * those who see every account; 'own' for those limited to the customers of their own orders
 * (those accounts, and the payments they took themselves); 'none' for the others.
 */
export function accountFeedOf(role: string | null | undefined): 'all' | 'own' | 'none' {
  if (!hasRole(ACCOUNT_READERS, role)) return 'none';
  return OWN_CUSTOMERS_ONLY.includes(role as Role) ? 'own' : 'all';
}
