import { type ActingUser, checkTransition } from './order-status';
import type { Role } from './roles';

/**
 * The demo-mode debug calls (the warehouse screen's 'Debug Check', 'Approve First Order' and
 * 'Create Test Orders'). Each ACTS AS ITS CALLER, so it is open exactly to those who may do the
 * real thing it stands for; the server refuses everyone else (403) and the screen shows them no
 * button. A debug call never borrows another user's rights.
 */
export type DemoAction = 'check' | 'approveFirst' | 'createTest';

export const DEMO_ACTIONS: readonly DemoAction[] = ['check', 'approveFirst', 'createTest'];

/**
 * Whose work is selling: test orders are created with their caller as the salesperson, which is
 * a salesperson's job (admins may do everything). A warehouse user or a manager would become the
 * salesperson of orders they never sold.
 */
const SELLING_ROLES: readonly Role[] = ['salesperson', 'admin'];

/** An order awaiting approval, as the status machine sees the one 'Approve First Order' picks. */
const AWAITING_APPROVAL = { status: 'pending_approval', salesperson_id: null, driver_id: null } as const;

/** May `user` use `action`? */
export function mayUseDemoAction(user: ActingUser, action: DemoAction): boolean {
  switch (action) {
    case 'check':
      // Lists the orders the caller may see anyway (their own scope).
      return true;
    case 'approveFirst':
      // The status machine's own answer: who may approve an order awaiting approval.
      return checkTransition(user, AWAITING_APPROVAL, 'approved').ok;
    case 'createTest':
      return SELLING_ROLES.includes(user.role);
  }
}
