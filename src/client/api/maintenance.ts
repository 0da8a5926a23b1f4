import { create } from 'zustand';

/**
 * Is the server in maintenance for this company? Read from every answer of the API: the server
 * marks each answer of a tenant in maintenance with `X-Maintenance: 1` (admins' answers too, so
 * they see that it is on), and refuses non-admins with 503 `MAINTENANCE`. An answer without the
 * mark turns the notice off. Only answers for the page's own tenant count.
 *
 * A 503 MAINTENANCE is "unavailable, try again later", never a refusal: the outbox postpones its
 * entries with backoff (like any 5xx) and sends them once maintenance is over; nothing is dropped.
 */
export const MAINTENANCE_HEADER = 'X-Maintenance';
export const MAINTENANCE_CODE = 'MAINTENANCE';

interface MaintenanceState {
  on: boolean;
}

export const useMaintenance = create<MaintenanceState>(() => ({ on: false }));

/** Records what one answer says (headers of any status; the error code of a refusal). */
export function observeMaintenance(headers: Headers | undefined, code?: string): void {
  if (!headers && code === undefined) return;
  const on = headers?.get(MAINTENANCE_HEADER) === '1' || code === MAINTENANCE_CODE;
  if (useMaintenance.getState().on !== on) useMaintenance.setState({ on });
}
