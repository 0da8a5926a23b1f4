import { type CountSession, countSessionSchema } from './count-session';

/**
 * The count in progress is kept on the device, per tenant and user, so a reload, a closed tab or
 * a dead battery mid-count loses nothing. It lives in localStorage rather than the synced
 * database: it is one small document (one line per product counted, not per scan), written
 * synchronously with every scan — so the scan a reload interrupts is the only one that can be
 * missing — and it has nothing to sync until it is posted (then it becomes an outbox entry and
 * this copy is removed in the same step).
 */
function key(tenant: string, userId: string): string {
  return `inv-count:${tenant}:${userId}`;
}

export function loadCount(tenant: string, userId: string): CountSession | null {
  try {
    const text = localStorage.getItem(key(tenant, userId));
    if (!text) return null;
    const parsed = countSessionSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveCount(tenant: string, userId: string, session: CountSession): void {
  try {
    localStorage.setItem(key(tenant, userId), JSON.stringify(session));
  } catch (error) {
    // Storage full or refused: the count stays on screen; only a reload would lose it.
    console.error(error);
  }
}

export function clearCount(tenant: string, userId: string): void {
  try {
    localStorage.removeItem(key(tenant, userId));
  } catch {
    // nothing stored
  }
}
