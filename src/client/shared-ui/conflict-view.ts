import type { OrderItem } from '../../shared/api/entities';
import { formatTL } from '../../shared/domain/money';
import { isOrderStatus, ORDER_STATUS_LABELS } from '../../shared/domain/order-status';
import type { OutboxEntry } from '../local/database';
import type { MessageKey, Translate } from './i18n';

/**
 * What the sync panel offers for a refused (failed) outbox entry, and what it shows of the
 * server's state. Pure functions of the entry and the record as the server has it (the refusal's
 * `current`, which outbox.ts `reject` wrote into the record's base), so they are easy to check.
 */

/**
 * - 'applyAnyway': a versioned edit refused because the order changed since its user saw it. The
 *   device now shows the order as the server has it, and retrying re-applies the change on that
 *   version (outbox.ts retryEntry rebases `expected_version`), so the button says what it does.
 * - 'retry': a refusal that may succeed later as it is (e.g. a validation rule that an admin can
 *   change, a record that comes back).
 * - null: a refusal that can never succeed by sending the same request again — the role may not
 *   do it (403), the status machine refuses the transition, or the order already left the status
 *   the user acted on (a status move names the status it expects; rebasing its version cannot change
 *   that the order is elsewhere now). Only discarding makes sense.
 */
export type FailedAction = 'applyAnyway' | 'retry' | null;

function bodyOf(entry: Pick<OutboxEntry, 'body'>): Record<string, unknown> {
  const body = entry.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

export function failedAction(entry: Pick<OutboxEntry, 'code' | 'http_status' | 'body'>): FailedAction {
  if (entry.http_status === 403 || entry.code === 'FORBIDDEN') return null;
  if (entry.code === 'INVALID_TRANSITION') return null;
  if (entry.code === 'CONFLICT') {
    const body = bodyOf(entry);
    if (typeof body.expected_status === 'string') return null;
    return typeof body.expected_version === 'number' ? 'applyAnyway' : null;
  }
  return 'retry';
}

/** Whether the refusal carried the order as the server has it (409 CONFLICT / INVALID_TRANSITION). */
export function carriesServerState(entry: Pick<OutboxEntry, 'code' | 'http_status' | 'record_key'>): boolean {
  return (
    entry.http_status === 409 &&
    (entry.code === 'CONFLICT' || entry.code === 'INVALID_TRANSITION') &&
    entry.record_key.startsWith('order:')
  );
}

/** Field of an order edit → its label in the catalogue (fields not listed are not shown). */
const FIELD_LABELS: Record<string, MessageKey> = {
  customer_name: 'syncServerFieldCustomer',
  customer_phone: 'syncServerFieldPhone',
  customer_email: 'syncServerFieldEmail',
  customer_address: 'syncServerFieldAddress',
  items: 'syncServerFieldItems',
  notes: 'syncServerFieldNotes',
  vehicle_plate: 'syncServerFieldVehiclePlate',
  driver_id: 'syncServerFieldDriver',
  status: 'syncServerFieldStatus',
};

/** The order's fields the refused change touched, in the order the change named them. */
function touchedFields(entry: Pick<OutboxEntry, 'kind' | 'body'>): string[] {
  const body = bodyOf(entry);
  if (entry.kind === 'order.status') return ['status'];
  if (entry.kind === 'order.assign-driver')
    return ['driver_id', ...(body.vehicle_plate ? ['vehicle_plate'] : [])];
  return Object.keys(body).filter((field) => field in FIELD_LABELS && body[field] !== undefined);
}

function shownValue(field: string, row: Record<string, unknown>, t: Translate): string {
  const empty = t('syncServerValueEmpty');
  switch (field) {
    case 'status': {
      const status = row.status;
      return isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : String(status ?? empty);
    }
    case 'driver_id':
      return typeof row.driver_name === 'string' && row.driver_name
        ? row.driver_name
        : t('syncServerNoDriver');
    case 'items': {
      const items = Array.isArray(row.items) ? (row.items as OrderItem[]) : [];
      const total = typeof row.total_amount_kurus === 'number' ? row.total_amount_kurus : 0;
      return t('syncServerItemsValue', { n: items.length, total: formatTL(total) });
    }
    default: {
      const value = row[field];
      return typeof value === 'string' && value.trim() ? value : empty;
    }
  }
}

/**
 * The server's current values of the fields the refused change touched, as
 * `{ label, value }` pairs (empty when the server's row is unknown or the order is gone).
 */
export function serverValues(
  entry: Pick<OutboxEntry, 'kind' | 'body'>,
  row: Record<string, unknown> | null | undefined,
  t: Translate,
): Array<{ field: string; label: string; value: string }> {
  if (!row) return [];
  return touchedFields(entry).map((field) => ({
    field,
    label: t(FIELD_LABELS[field] as MessageKey),
    value: shownValue(field, row, t),
  }));
}
