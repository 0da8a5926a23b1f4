import type { OrderStatus } from '../../shared/domain/order-status';
import { usePhone } from '../shared-ui/responsive';

/**
 * Pure rules of the driver's screen (unit-tested): which of their orders are to do and which are
 * finished, in what order, and the notes of a failed delivery.
 */

/** To do: on the road to the customer; out_for_delivery (at the door, started) first. */
export const TODO_STATUSES: readonly OrderStatus[] = ['out_for_delivery', 'in_transit'];
/** Finished: nothing left for the driver to do. */
export const DONE_STATUSES: readonly OrderStatus[] = ['delivered', 'returned', 'refunded', 'cancelled'];

interface DeliveryRow {
  status: string;
  driver_id: string | null;
  created_at: string;
  updated_at: string;
}

export function splitDeliveries<T extends DeliveryRow>(
  orders: readonly T[],
  driverId: string,
): { todo: T[]; done: T[] } {
  const mine = orders.filter((o) => o.driver_id === driverId);
  const todo = mine
    .filter((o) => TODO_STATUSES.includes(o.status as OrderStatus))
    .sort(
      (a, b) =>
        TODO_STATUSES.indexOf(a.status as OrderStatus) - TODO_STATUSES.indexOf(b.status as OrderStatus) ||
        a.created_at.localeCompare(b.created_at),
    );
  const done = mine
    .filter((o) => DONE_STATUSES.includes(o.status as OrderStatus))
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  return { todo, done };
}

/** The notes of a failed delivery: "{reason}: {details}", or the reason alone. */
export function failureNotes(reason: string, details: string): string {
  const text = details.trim();
  return text ? `${reason}: ${text}` : reason;
}

/** A `tel:` link for a phone number as people type it ("0532 123 45 67", "+90 (532) …"). */
export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** Dialogs fill the screen on a phone (the signature needs the width). */
export function useResponsiveFullScreen(): boolean {
  return usePhone();
}
