import { API } from '../../../shared/api/endpoints';
import type { Order, OrderEvent } from '../../../shared/api/entities';
import { type EventNote, storedEventNote } from '../../../shared/api/stored-texts';
import { defineMutation, type Row } from './define';

/**
 * The driver's delivery with proof (POST /orders/{id}/deliver). Locally the order is delivered at
 * once, with the event the server will write ('Teslim alan: X'). The proof itself (signature and
 * photo as data URLs, time, location) lives in the entry's body — in IndexedDB, so a reload, a
 * closed tab or a dead battery loses nothing — until the server acknowledges it; it is not copied
 * into the order row (the office reads it from GET /orders/{id}/proof).
 */

/** The event note of a delivery as data, as the server makes it (delivery.service.ts). */
export function deliveryNote(recipient: string, notes?: string | null): EventNote {
  const text = notes?.trim();
  return text
    ? { key: 'delivered_to', recipient: recipient.trim(), notes: text }
    : { key: 'delivered_to', recipient: recipient.trim() };
}

/** The event notes of a delivery in Turkish, as the server stores them ('Teslim alan: X'). */
export function deliveryNotes(recipient: string, notes?: string | null): string {
  return storedEventNote(deliveryNote(recipient, notes)).notes;
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
        params: deliveryNote(entry.body.recipient_name, entry.body.notes),
        created_at: entry.created_at,
      };
      const events = Array.isArray(row.events) ? (row.events as OrderEvent[]) : [];
      return { ...row, status: 'delivered', events: [...events, event] };
    },
    fromResponse: (data: Order, entry) => ({ [entry.record_key]: data as unknown as Row }),
  }),
};
