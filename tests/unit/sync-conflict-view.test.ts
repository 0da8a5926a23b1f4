import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../src/client/local/database';
import { carriesServerState, failedAction, serverValues } from '../../src/client/shared-ui/conflict-view';
import { t } from '../../src/client/shared-ui/i18n';
import { ORDER_MESSAGES } from '../../src/shared/api/orders';

/**
 * What the sync panel offers for a refused change and what it shows of the server's state
 * (src/client/shared-ui/conflict-view.ts), for the refusals the server actually sends.
 */
function failed(over: Partial<OutboxEntry>): OutboxEntry {
  return {
    id: 'e1',
    tenant: 'demo',
    user_id: 'u1',
    kind: 'order.update',
    summary: 'Sipariş güncellendi: SIP-1',
    method: 'PUT',
    path: '/orders/o1',
    body: { notes: 'benim notum', expected_version: 3 },
    record_key: 'order:o1',
    records: ['order:o1'],
    created_at: '2026-01-01T00:00:00.000Z',
    attempts: 1,
    next_attempt_at: 0,
    status: 'failed',
    error: ORDER_MESSAGES.versionConflict,
    code: 'CONFLICT',
    http_status: 409,
    last_error: null,
    ...over,
  };
}

const serverOrder = {
  id: 'o1',
  status: 'approved',
  notes: 'onların notu',
  driver_id: 'd2',
  driver_name: 'Ayşe Sürücü',
  vehicle_plate: '34 XY 99',
  items: [{}, {}],
  total_amount_kurus: 125_050,
  customer_name: 'Müşteri A',
  customer_phone: null,
  version: 4,
};

describe('sync panel: refused changes', () => {
  it('a version conflict is applied anyway on the version now shown; status conflicts, machine refusals and 403 cannot be retried; others can', () => {
    expect(failedAction(failed({}))).toBe('applyAnyway');
    expect(
      failedAction(failed({ kind: 'order.assign-driver', body: { driver_id: 'd1', expected_version: 3 } })),
    ).toBe('applyAnyway');
    // A status change names the status it saw (and the version): the order is elsewhere now, so
    // sending it again, on any version, is refused again.
    expect(
      failedAction(
        failed({ kind: 'order.status', body: { status: 'approved', expected_status: 'pending_approval' } }),
      ),
    ).toBeNull();
    expect(
      failedAction(
        failed({
          kind: 'order.status',
          body: { status: 'approved', expected_status: 'pending_approval', expected_version: 2 },
        }),
      ),
    ).toBeNull();
    expect(failedAction(failed({ code: 'INVALID_TRANSITION' }))).toBeNull();
    expect(failedAction(failed({ code: 'FORBIDDEN', http_status: 403 }))).toBeNull();
    expect(failedAction(failed({ code: 'VALIDATION_ERROR', http_status: 400 }))).toBe('retry');
    expect(failedAction(failed({ code: 'NOT_FOUND', http_status: 404 }))).toBe('retry');
  });

  it("shows the server's values of exactly the fields the refused change touched", () => {
    expect(serverValues(failed({}), serverOrder, t)).toEqual([
      { field: 'notes', label: 'Notlar', value: 'onların notu' },
    ]);
    expect(
      serverValues(
        failed({ body: { customer_name: 'X', customer_phone: '555', items: [], expected_version: 3 } }),
        serverOrder,
        t,
      ).map((v) => `${v.label}: ${v.value}`),
    ).toEqual(['Müşteri: Müşteri A', 'Telefon: (boş)', 'Kalemler: 2 kalem, 1.250,50 TL']);
    expect(
      serverValues(
        failed({ kind: 'order.assign-driver', body: { driver_id: 'd1', vehicle_plate: '06 A 1' } }),
        serverOrder,
        t,
      ).map((v) => `${v.label}: ${v.value}`),
    ).toEqual(['Sürücü: Ayşe Sürücü', 'Araç plakası: 34 XY 99']);
    expect(
      serverValues(
        failed({ kind: 'order.assign-driver', body: { driver_id: 'd1' } }),
        { ...serverOrder, driver_id: null, driver_name: null },
        t,
      ),
    ).toEqual([{ field: 'driver_id', label: 'Sürücü', value: 'Atanmadı' }]);
    expect(
      serverValues(failed({ kind: 'order.status', body: { status: 'approved' } }), serverOrder, t),
    ).toEqual([{ field: 'status', label: 'Durum', value: 'Onaylandı' }]);
    expect(serverValues(failed({}), null, t)).toEqual([]);
  });

  it('only 409 refusals of an order carry the server state', () => {
    expect(carriesServerState(failed({}))).toBe(true);
    expect(carriesServerState(failed({ code: 'INVALID_TRANSITION' }))).toBe(true);
    expect(carriesServerState(failed({ code: 'FORBIDDEN', http_status: 403 }))).toBe(false);
    expect(carriesServerState(failed({ record_key: 'notification:*' }))).toBe(false);
  });
});
