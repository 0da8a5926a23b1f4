import { describe, expect, it } from 'vitest';
import {
  allowedNextStatuses,
  canAssignDriver,
  canDeleteOrder,
  canEditOrder,
  canSeeOrder,
  checkTransition,
  editableGroups,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  orderScope,
  PRODUCED_STATUSES,
  TRANSITIONS,
} from '../../src/shared/domain/order-status';
import { ROLES, type Role } from '../../src/shared/domain/roles';

/**
 * The status machine, written out here independently as the expected table, so a change to the
 * shared module that drifts from it fails this test.
 */
const EXPECTED: Array<[string, string, string[]]> = [
  ['pending_approval', 'approved', ['manager', 'admin']],
  ['pending_approval', 'rejected', ['manager', 'admin']],
  ['pending_approval', 'cancelled', ['manager', 'admin', 'own_salesperson']],
  ['approved', 'prepared', ['warehouse', 'admin']],
  ['approved', 'cancelled', ['manager', 'admin']],
  ['prepared', 'in_transit', ['warehouse', 'admin']],
  ['in_transit', 'out_for_delivery', ['assigned_driver', 'admin']],
  ['out_for_delivery', 'delivered', ['assigned_driver', 'admin']],
  ['out_for_delivery', 'in_transit', ['assigned_driver', 'admin']],
  ['delivered', 'returned', ['manager', 'admin']],
  ['returned', 'refunded', ['manager', 'admin']],
];

const ME = 'user-me';
const OTHER = 'user-other';

function allowedFor(who: string[], role: Role, relation: 'own' | 'other'): boolean {
  if (who.includes(role)) return true;
  if (role === 'salesperson' && relation === 'own' && who.includes('own_salesperson')) return true;
  if (role === 'driver' && relation === 'own' && who.includes('assigned_driver')) return true;
  return false;
}

describe('order status machine', () => {
  it('has exactly the transitions of the design table', () => {
    expect(TRANSITIONS.map((t) => [t.from, t.to, [...t.who].sort()])).toEqual(
      EXPECTED.map(([from, to, who]) => [from, to, [...who].sort()]),
    );
  });

  it('gives every status the spec lists a Turkish label', () => {
    for (const status of ORDER_STATUSES) expect(ORDER_STATUS_LABELS[status]).toMatch(/\S/);
    expect(ORDER_STATUS_LABELS.pending_approval).toBe('Onay Bekliyor');
    expect(ORDER_STATUS_LABELS.approved).toBe('Onaylandı');
    expect(ORDER_STATUS_LABELS.prepared).toBe('Hazırlandı');
    expect(ORDER_STATUS_LABELS.in_transit).toBe('Yolda');
    expect(ORDER_STATUS_LABELS.delivered).toBe('Teslim Edildi');
  });

  // Every (from, to, role, own/other) combination: allowed exactly when the table says so.
  for (const from of ORDER_STATUSES) {
    it(`from ${from}: every (to, role, own/other) is allowed exactly as the table says`, () => {
      for (const to of ORDER_STATUSES) {
        const row = EXPECTED.find(([f, t]) => f === from && t === to);
        for (const role of ROLES) {
          for (const relation of ['own', 'other'] as const) {
            const expected = row ? allowedFor(row[2], role, relation) : false;
            const owner = relation === 'own' ? ME : OTHER;
            const order = { status: from, salesperson_id: owner, driver_id: owner };
            const result = checkTransition({ id: ME, role }, order, to);
            const label = `${from} → ${to} by ${role} (${relation})`;
            expect(result.ok, label).toBe(expected);
            if (!result.ok) expect(result.reason, label).toBe(row ? 'forbidden' : 'invalid_transition');
          }
        }
      }
    });
  }

  it('derives the buttons from the same table', () => {
    const order = { status: 'pending_approval', salesperson_id: ME, driver_id: null };
    expect(allowedNextStatuses({ id: ME, role: 'manager' }, order).sort()).toEqual([
      'approved',
      'cancelled',
      'rejected',
    ]);
    expect(allowedNextStatuses({ id: ME, role: 'salesperson' }, order)).toEqual(['cancelled']);
    expect(allowedNextStatuses({ id: OTHER, role: 'salesperson' }, order)).toEqual([]);
    expect(allowedNextStatuses({ id: ME, role: 'warehouse' }, order)).toEqual([]);
  });

  it('never produces display-only statuses', () => {
    for (const t of TRANSITIONS) {
      expect(PRODUCED_STATUSES).toContain(t.from);
      expect(PRODUCED_STATUSES).toContain(t.to);
    }
  });

  it('lets only managers and admins assign drivers, on approved and prepared orders', () => {
    for (const role of ROLES) {
      for (const status of ORDER_STATUSES) {
        const ok = canAssignDriver({ id: ME, role }, { status, salesperson_id: null, driver_id: null });
        expect(ok).toBe(
          (role === 'manager' || role === 'admin') && (status === 'approved' || status === 'prepared'),
        );
      }
    }
  });

  it('scopes visibility by role', () => {
    const mine = { status: 'pending_approval', salesperson_id: ME, driver_id: null };
    const theirs = { status: 'pending_approval', salesperson_id: OTHER, driver_id: null };
    expect(canSeeOrder({ id: ME, role: 'salesperson' }, mine)).toBe(true);
    expect(canSeeOrder({ id: ME, role: 'salesperson' }, theirs)).toBe(false);
    expect(canSeeOrder({ id: ME, role: 'manager' }, theirs)).toBe(true);
    expect(canSeeOrder({ id: ME, role: 'admin' }, theirs)).toBe(true);
    for (const status of ORDER_STATUSES) {
      const order = { status, salesperson_id: OTHER, driver_id: null };
      expect(canSeeOrder({ id: ME, role: 'warehouse' }, order)).toBe(
        ['approved', 'prepared', 'in_transit', 'delivered'].includes(status),
      );
    }
    expect(
      canSeeOrder({ id: ME, role: 'driver' }, { status: 'in_transit', salesperson_id: OTHER, driver_id: ME }),
    ).toBe(true);
    expect(
      canSeeOrder(
        { id: ME, role: 'driver' },
        { status: 'in_transit', salesperson_id: OTHER, driver_id: OTHER },
      ),
    ).toBe(false);
  });

  it('derives canSeeOrder from the same scope the server turns into SQL', () => {
    expect(orderScope({ id: ME, role: 'admin' })).toEqual({ kind: 'all' });
    expect(orderScope({ id: ME, role: 'manager' })).toEqual({ kind: 'all' });
    expect(orderScope({ id: ME, role: 'salesperson' })).toEqual({ kind: 'salesperson', salesperson_id: ME });
    expect(orderScope({ id: ME, role: 'driver' })).toEqual({ kind: 'driver', driver_id: ME });
    expect(orderScope({ id: ME, role: 'warehouse' })).toMatchObject({ kind: 'statuses' });
  });

  /**
   * Written out independently: who may edit which orders. admin any; manager
   * pending_approval; salesperson own in pending or pending_approval; warehouse approved; driver
   * (assigned) ready_for_delivery or out_for_delivery.
   */
  it('lets each role edit exactly its own share of orders, and only some fields', () => {
    const rule: Record<Role, (status: string, own: boolean) => boolean> = {
      admin: () => true,
      manager: (s) => s === 'pending_approval',
      salesperson: (s, own) => own && (s === 'pending' || s === 'pending_approval'),
      warehouse: (s) => s === 'approved',
      driver: (s, own) => own && (s === 'ready_for_delivery' || s === 'out_for_delivery'),
    };
    for (const role of ROLES) {
      for (const status of ORDER_STATUSES) {
        for (const own of [true, false]) {
          const owner = own ? ME : OTHER;
          const order = { status, salesperson_id: owner, driver_id: owner };
          expect(canEditOrder({ id: ME, role }, order), `${role} ${status} own=${own}`).toBe(
            rule[role](status, own),
          );
        }
      }
    }
    const pending = { status: 'pending_approval', salesperson_id: ME, driver_id: null };
    expect(editableGroups({ id: ME, role: 'salesperson' }, pending)).toEqual(['customer', 'items', 'notes']);
    expect(editableGroups({ id: ME, role: 'warehouse' }, { ...pending, status: 'approved' })).toEqual([
      'notes',
      'vehicle',
    ]);
    expect(editableGroups({ id: ME, role: 'admin' }, pending)).toEqual([
      'customer',
      'items',
      'notes',
      'vehicle',
    ]);
  });

  it('lets only admins delete orders', () => {
    for (const role of ROLES) expect(canDeleteOrder({ id: ME, role })).toBe(role === 'admin');
  });
});
