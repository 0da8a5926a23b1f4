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
  transitionBlock,
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

  it('lets only managers and admins assign drivers: before shipping and while the order is on its way', () => {
    const assignable = ['approved', 'prepared', 'in_transit', 'out_for_delivery'];
    for (const role of ROLES) {
      for (const status of ORDER_STATUSES) {
        for (const driver_id of [null, OTHER]) {
          const ok = canAssignDriver({ id: ME, role }, { status, salesperson_id: null, driver_id });
          expect(ok, `${role} on ${status} (driver ${driver_id})`).toBe(
            (role === 'manager' || role === 'admin') && assignable.includes(status),
          );
        }
      }
    }
  });

  it('ships (Kargoya Ver) and goes out for delivery only with an assigned driver', () => {
    const noDriver = { status: 'prepared', salesperson_id: OTHER, driver_id: null };
    for (const role of ['warehouse', 'admin'] as const) {
      const refused = checkTransition({ id: ME, role }, noDriver, 'in_transit');
      expect(refused).toMatchObject({ ok: false, reason: 'driver_required' });
      expect(checkTransition({ id: ME, role }, { ...noDriver, driver_id: OTHER }, 'in_transit').ok).toBe(
        true,
      );
      // Still the user's move: offered as a button, disabled with its reason.
      expect(allowedNextStatuses({ id: ME, role }, noDriver)).toContain('in_transit');
    }
    // Not the user's move at all: forbidden comes first, the driver does not matter.
    expect(checkTransition({ id: ME, role: 'manager' }, noDriver, 'in_transit')).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
    const onTheWay = { status: 'in_transit', salesperson_id: OTHER, driver_id: null };
    expect(checkTransition({ id: ME, role: 'admin' }, onTheWay, 'out_for_delivery')).toMatchObject({
      ok: false,
      reason: 'driver_required',
    });
    // The rule is data of the machine: exactly these two moves carry it.
    expect(TRANSITIONS.filter((t) => t.requiresDriver).map((t) => [t.from, t.to])).toEqual([
      ['prepared', 'in_transit'],
      ['in_transit', 'out_for_delivery'],
    ]);
    for (const t of TRANSITIONS)
      expect(transitionBlock(t, { driver_id: null }), `${t.from} → ${t.to}`).toBe(
        t.requiresDriver ? 'driver_required' : null,
      );
  });

  it('strands no order: every reachable state off the final ones has a move some user may make, and none is on its way without a driver', () => {
    // Everyone who could act on an order: each role, the order's own salesperson and its driver.
    const users = [
      ...ROLES.filter((r) => r !== 'salesperson' && r !== 'driver').map((role) => ({ id: OTHER, role })),
      { id: 'sp', role: 'salesperson' as const },
      { id: 'drv', role: 'driver' as const },
    ];
    type State = { status: string; driver: boolean };
    const key = (s: State) => `${s.status}/${s.driver}`;
    const ref = (s: State) => ({
      status: s.status,
      salesperson_id: 'sp',
      driver_id: s.driver ? 'drv' : null,
    });
    const moves = (s: State): State[] => [
      ...TRANSITIONS.filter(
        (t) => t.from === s.status && users.some((u) => checkTransition(u, ref(s), t.to).ok),
      ).map((t) => ({ status: t.to, driver: s.driver })),
      ...(users.some((u) => canAssignDriver(u, ref(s))) ? [{ status: s.status, driver: true }] : []),
    ];
    const seen = new Map<string, State>();
    const queue: State[] = [{ status: 'pending_approval', driver: false }];
    while (queue.length > 0) {
      const state = queue.shift() as State;
      if (seen.has(key(state))) continue;
      seen.set(key(state), state);
      queue.push(...moves(state));
    }
    const finals = new Set(['rejected', 'cancelled', 'refunded']);
    for (const state of seen.values()) {
      if (finals.has(state.status)) continue;
      expect(
        moves(state).filter((m) => key(m) !== key(state)).length,
        `${key(state)} has a next move`,
      ).toBeGreaterThan(0);
      if (state.status === 'in_transit' || state.status === 'out_for_delivery')
        expect(state.driver, `${state.status} reached without a driver`).toBe(true);
    }
    // An order on its way without a driver (made before this rule) gets one from a manager.
    for (const status of ['in_transit', 'out_for_delivery'])
      expect(canAssignDriver({ id: OTHER, role: 'manager' }, ref({ status, driver: false }))).toBe(true);
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
