import { describe, expect, it } from 'vitest';
import { isDecidingMove } from '../../src/shared/domain/dashboard-stats';
import { mayUseDemoAction } from '../../src/shared/domain/demo-actions';
import { findTransition, handlerStamps } from '../../src/shared/domain/order-status';
import { ROLES, type Role } from '../../src/shared/domain/roles';

const user = (role: Role) => ({ id: `${role}-id`, role });
const order = (status: string) => ({ status, salesperson_id: 'salesperson-id', driver_id: 'driver-id' });

function stamps(from: string, to: string, role: Role) {
  const transition = findTransition(from, to);
  if (!transition) throw new Error(`no transition ${from} → ${to}`);
  return handlerStamps(transition, user(role), order(from));
}

describe('who is stamped as having handled an order (the transition table’s `stamps`)', () => {
  it('a manager’s or admin’s answer stamps manager_id', () => {
    for (const to of ['approved', 'rejected', 'cancelled'])
      for (const role of ['manager', 'admin'] as const)
        expect(stamps('pending_approval', to, role)).toEqual({ manager_id: `${role}-id` });
    expect(stamps('approved', 'cancelled', 'manager')).toEqual({ manager_id: 'manager-id' });
  });

  it('the salesperson withdrawing their own order stamps nothing', () => {
    expect(stamps('pending_approval', 'cancelled', 'salesperson')).toEqual({});
  });

  it('preparing and shipping stamp warehouse_id; the driver’s moves stamp nothing', () => {
    expect(stamps('approved', 'prepared', 'warehouse')).toEqual({ warehouse_id: 'warehouse-id' });
    expect(stamps('prepared', 'in_transit', 'admin')).toEqual({ warehouse_id: 'admin-id' });
    expect(stamps('in_transit', 'out_for_delivery', 'driver')).toEqual({});
    expect(stamps('delivered', 'returned', 'manager')).toEqual({});
  });
});

describe('the decision rule for one move (isDecidingMove)', () => {
  const move = (from: string, to: string, by: string | null) => ({
    event_type: 'status_changed',
    from_status: from,
    to_status: to,
    user_id: by,
  });
  it('an answer to an order awaiting approval by someone other than its salesperson', () => {
    expect(isDecidingMove(move('pending_approval', 'approved', 'm'), 's')).toBe(true);
    expect(isDecidingMove(move('pending', 'rejected', 'm'), 's')).toBe(true);
    expect(isDecidingMove(move('pending_approval', 'cancelled', 's'), 's')).toBe(false);
    expect(isDecidingMove(move('approved', 'cancelled', 'm'), 's')).toBe(false);
    expect(isDecidingMove(move('pending_approval', 'approved', null), 's')).toBe(false);
    expect(isDecidingMove({ ...move('pending_approval', 'approved', 'm'), event_type: 'updated' }, 's')).toBe(
      false,
    );
  });
});

describe('demo-mode debug calls act as their caller (mayUseDemoAction)', () => {
  it('approving is for whoever may approve; test orders for whoever sells; the check for everyone', () => {
    const table = Object.fromEntries(
      ROLES.map((role) => [
        role,
        [
          mayUseDemoAction(user(role), 'check'),
          mayUseDemoAction(user(role), 'approveFirst'),
          mayUseDemoAction(user(role), 'createTest'),
        ],
      ]),
    );
    expect(table).toEqual({
      admin: [true, true, true],
      manager: [true, true, false],
      salesperson: [true, false, true],
      warehouse: [true, false, false],
      driver: [true, false, false],
    });
  });
});
