import { API } from '../../../shared/api/endpoints';
import type { Order, OrderEvent } from '../../../shared/api/entities';
import { defineMutation, type Row } from './define';

/**
 * The driver's delivery with proof (POST /orders/{id}/deliver). Locally the order is delivered at
 * once, with the event the server will write ('Teslim alan: X'). The proof itself (signature and
 * photo as data URLs, time, location) lives in the entry's body — in IndexedDB, so a reload, a
 * closed tab or a dead battery loses nothing — until the server acknowledges it; it is not copied
 * into the order row (the office reads it from GET /orders/{id}/proof).
 */

/** The event notes of a delivery, as the server writes them (delivery.service.ts). */
export function deliveryNotes(recipient: string, notes?: string | null): string {
  const name = recipient.trim();
  return notes?.trim() ? `Teslim alan: ${name}\n${notes.trim()}` : `Teslim alan: ${name}`;
}

export const deliveryMutations = {
  'order.deliver': defineMutation(API.orderDeliver, {
    apply: (row, entry) => {
      if (!row) return null;
      const who = (entry.local?.actor ?? {}) as { id?: string; name?: string | null };
      const event: OrderEvent = {
        id: `local-${entry.id}`,
        order_id: String(row.id),
        event_type: 'status_changed',
        from_status: String(row.status),
        to_status: 'delivered',
        user_id: who.id ?? entry.user_id,
        user_name: who.name ?? null,
        notes: deliveryNotes(entry.body.recipient_name, entry.body.notes),
        created_at: entry.created_at,
      };
      const events = Array.isArray(row.events) ? (row.events as OrderEvent[]) : [];
      return { ...row, status: 'delivered', events: [...events, event] };
    },
    fromResponse: (data: Order, entry) => ({ [entry.record_key]: data as unknown as Row }),
  }),
};
