import { API } from '../../../shared/api/endpoints';
import type { Order, OrderEvent, OrderItem } from '../../../shared/api/entities';
import type { OrderItemInput } from '../../../shared/api/orders';
import { deliveryFailureNote, storedEventNote } from '../../../shared/api/stored-texts';
import { SYNCED } from '../../../shared/api/synced';
import { kurusToTl } from '../../../shared/domain/money';
import { changedOrderFields, itemsToLines, lineTotalKurus } from '../../../shared/domain/order-lines';
import { findTransition, transitionBlock } from '../../../shared/domain/order-status';
import type { OutboxEntry } from '../database';
import { defineMutation, type Row } from './define';

/**
 * The local effects of the order actions (src/client/local/orders.ts queues them). Pure functions
 * of (row, entry): the outbox re-applies them on top of every newer server version of the order
 * until the server acknowledges them, so they derive everything from the entry (body + `local`),
 * never from the clock or the store.
 */

/** Who is acting, for the order's history (local effects may not read the store). */
export interface Actor {
  id: string;
  name: string | null;
}

/** Lines as the wire order carries them, computed in integer kuruş. */
export function toItems(lines: OrderItemInput[], idPrefix: string, previous: OrderItem[] = []): OrderItem[] {
  return itemsToLines(lines).map((line, index) => {
    const unit = line.unit_price_kurus;
    const total = lineTotalKurus(line);
    const before = previous.find((p) => p.product_id && p.product_id === line.product_id);
    return {
      id: `${idPrefix}-${index}`,
      product_id: line.product_id,
      product_name: line.product_name.trim(),
      barcode: before?.barcode ?? (lines[index] as { barcode?: string | null }).barcode ?? null,
      quantity: line.quantity,
      scanned_quantity: 0,
      unit_price: kurusToTl(unit),
      unit_price_kurus: unit,
      total_price: kurusToTl(total),
      total_price_kurus: total,
    };
  });
}

export function totalOf(items: OrderItem[]): { total_amount: number; total_amount_kurus: number } {
  const kurus = items.reduce((sum, item) => sum + item.total_price_kurus, 0);
  return { total_amount: kurusToTl(kurus), total_amount_kurus: kurus };
}

function localEvent(
  entry: Pick<OutboxEntry, 'id' | 'local' | 'user_id' | 'created_at'>,
  orderId: string,
  event: Pick<OrderEvent, 'event_type' | 'from_status' | 'to_status' | 'notes' | 'params'>,
): OrderEvent {
  const who = (entry.local?.actor ?? {}) as Partial<Actor>;
  return {
    id: `local-${entry.id}`,
    order_id: orderId,
    user_id: who.id ?? entry.user_id,
    user_name: who.name ?? null,
    created_at: entry.created_at,
    ...event,
  };
}

function withEvent(row: Row, event: OrderEvent): Row {
  const events = Array.isArray(row.events) ? (row.events as OrderEvent[]) : [];
  return { ...row, events: [...events, event] };
}

/**
 * The server's order after a write. `applied_on_version` is kept on the row the outbox receives (it
 * uses it to carry later queued edits over to the new version) and dropped before it is stored.
 */
const fromOrderResponse = (data: Order | null): Record<string, Row | null> =>
  // By the order's id, not the entry's ordering key: a create for a customer made offline is
  // ordered behind that customer too (`order:<id> customer:<id>`). No answer (an entry
  // acknowledged without one): the entry's effect is folded into what the device holds.
  data ? { [`${SYNCED.orders.record}:${data.id}`]: data as unknown as Row } : {};

export const orderMutations = {
  'order.create': defineMutation(API.orderCreate, {
    // Absent → the optimistic order; present (a pull already brought the server's copy) → as is.
    apply: (row, entry) => row ?? (entry.local?.order as Row | undefined) ?? null,
    fromResponse: fromOrderResponse,
  }),

  'order.update': defineMutation(API.orderUpdate, {
    // Only the fields the edit changes on this version of the order (the shared rule the server
    // applies too): unchanged lines keep their ids and scanned counts, and an edit the order
    // already satisfies leaves the order and its history as they are, as on the server.
    apply: (row, entry) => {
      if (!row) return null;
      const body = entry.body;
      const changed = changedOrderFields(body, {
        ...row,
        items: (row.items as OrderItem[] | undefined) ?? [],
      });
      if (changed.length === 0) return row;
      const next: Row = { ...row };
      for (const field of changed) {
        if (field === 'items') {
          const items = toItems(body.items ?? [], `local-${entry.id}`, (row.items as OrderItem[]) ?? []);
          Object.assign(next, { items }, totalOf(items));
        } else {
          const value = body[field];
          next[field] = value === '' ? null : value;
        }
      }
      return withEvent(
        next,
        localEvent(entry, String(row.id), {
          event_type: 'updated',
          from_status: String(row.status),
          to_status: String(row.status),
          notes: null,
        }),
      );
    },
    fromResponse: fromOrderResponse,
  }),

  'order.status': defineMutation(API.orderStatus, {
    apply: (row, entry) => {
      if (!row) return null;
      const body = entry.body;
      const transition = findTransition(String(row.status), body.status);
      // A move the order is not ready for (shipping with no driver, e.g. after this device's own
      // driver assignment was refused) is not shown as made: the server refuses it too.
      const driverId = (row.driver_id as string | null | undefined) ?? null;
      if (transition && transitionBlock(transition, { driver_id: driverId })) return row;
      // A failed delivery's reason is data on the server (changeStatus): the same here, so the
      // history reads in the reader's language before the server answers.
      const reasonRequired = transition?.requiresNotes === true;
      const note = reasonRequired ? deliveryFailureNote(body.notes) : null;
      return withEvent(
        { ...row, status: body.status },
        localEvent(entry, String(row.id), {
          event_type: 'status_changed',
          from_status: String(row.status),
          to_status: body.status,
          notes: note ? storedEventNote(note).notes : (body.notes ?? null),
          params: note,
        }),
      );
    },
    fromResponse: fromOrderResponse,
  }),

  'order.assign-driver': defineMutation(API.orderAssignDriver, {
    apply: (row, entry) => {
      if (!row) return null;
      const body = entry.body;
      return withEvent(
        {
          ...row,
          driver_id: body.driver_id,
          driver_name: (entry.local?.driver_name as string | undefined) ?? null,
          vehicle_plate: body.vehicle_plate ? body.vehicle_plate : (row.vehicle_plate ?? null),
        },
        localEvent(entry, String(row.id), {
          event_type: 'driver_assigned',
          from_status: String(row.status),
          to_status: String(row.status),
          notes: null,
        }),
      );
    },
    fromResponse: fromOrderResponse,
  }),

  'order.delete': defineMutation(API.orderDelete, {
    apply: () => null,
    fromResponse: (_data, entry) => ({ [entry.record_key]: null }),
  }),
};
