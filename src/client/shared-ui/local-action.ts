import type { OutboxEntry } from '../local/database';
import { awaitEntry, getLocalStore } from '../local/store';
import { useUi } from '../state/ui';
import { t } from './i18n';

/**
 * THE rule for what a screen says after a user action that goes through the outbox: a message
 * never claims more than is true.
 *
 * - Online, the screen waits for the server's answer (up to ANSWER_WAIT_MS): accepted → the
 *   action's success text; refused → only the refusal (the server's reason, as a toast) — never a
 *   success first, since the change did not happen; no answer in time → 'Kaydedildi, gönderiliyor'
 *   (saved, being sent), and then nothing more if the server accepts it, or its refusal.
 * - Offline, or sending paused until its user signs in again: at once 'saved on this device, it
 *   will be sent' — true the moment the outbox has it; a later refusal comes as a toast and stays
 *   in the sync panel.
 *
 * The local change itself is applied at once either way (the screen shows it while waiting);
 * only what the screen SAYS waits. Every local mutation resolves to the outbox entry it queued, to
 * the record it created (whose id is its entry's id), or to null when there was nothing to send
 * (local/shared-mutations.ts, a feature's mutations.ts), so the wait is for that one id.
 */

/** How long a screen waits for the server's answer before saying 'Kaydedildi, gönderiliyor'. */
export const ANSWER_WAIT_MS = 5000;

/** What a user action came to. `saved`: on the device, not (yet) accepted by the server. */
export type ActionOutcome<T> =
  | { state: 'applied'; result: T }
  | { state: 'saved'; result: T; reason: 'offline' | 'sending' }
  | { state: 'refused'; result: T; entry: OutboxEntry }
  | { state: 'error'; error: unknown };

/**
 * Entries whose outcome a screen is waiting for or has reported: the global refusal toast
 * (layout/refusal-toast.ts) leaves them alone, so a refusal is said once, by the screen that asked.
 * An entry the screen stopped waiting for (no answer in time) leaves the set: its later refusal is
 * the global toast's to say.
 */
const answeredHere = new Set<string>();

export function isAnsweredByScreen(entryId: string): boolean {
  return answeredHere.has(entryId);
}

/**
 * Whether a change made now can only wait on this device: the browser is offline, the last call
 * did not reach the server, or sending is paused (the server answered 401).
 */
export function changesOnlyQueued(): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  const status = getLocalStore()?.status.getState();
  return !!status && (!status.online || status.paused !== null);
}

/** Runs a local action and waits, by the rule above, for what it came to. Says nothing itself. */
export async function settleLocalAction<T extends { id: string } | null>(
  action: () => Promise<T>,
): Promise<ActionOutcome<T>> {
  let result: T;
  try {
    result = await action();
  } catch (error) {
    return { state: 'error', error };
  }
  // Nothing needed sending (nothing unread to mark, no field changed): the state is as asked.
  if (result === null) return { state: 'applied', result };
  if (changesOnlyQueued()) return { state: 'saved', result, reason: 'offline' };
  const id = result.id;
  answeredHere.add(id);
  const outcome = await awaitEntry(id, ANSWER_WAIT_MS);
  if (outcome.state === 'applied') return { state: 'applied', result };
  if (outcome.state === 'failed') return { state: 'refused', result, entry: outcome.entry };
  answeredHere.delete(id);
  return { state: 'saved', result, reason: changesOnlyQueued() ? 'offline' : 'sending' };
}

/**
 * The text an action that did not fail says: its own success text once the server accepted it;
 * 'saved on this device' (or the action's own `offlineText`) offline; 'Kaydedildi, gönderiliyor'
 * when the server has not answered yet. Null for a refusal or a local failure.
 */
export function outcomeText<T>(
  outcome: ActionOutcome<T>,
  successText: string,
  offlineText: string = t('savedOnDevice'),
): string | null {
  if (outcome.state === 'applied') return successText;
  if (outcome.state === 'saved') return outcome.reason === 'offline' ? offlineText : t('savedSending');
  return null;
}

/** The refusal or local failure of an action, as the screen's toast says it. */
export function failureText<T>(outcome: ActionOutcome<T>, errorText: string): string | null {
  if (outcome.state === 'refused') return outcome.entry.error || errorText;
  if (outcome.state === 'error') {
    const message = outcome.error instanceof Error && outcome.error.message ? outcome.error.message : null;
    return message ? `${errorText}: ${message}` : errorText;
  }
  return null;
}

/**
 * Runs a local action and says what it came to, by the rule above: `successText` (a snackbar;
 * null: no message for success) once accepted, the saved texts otherwise; a refusal or a local
 * failure is a toast at the top right (`errorText` with the reason for a local failure, the
 * server's own reason for a refusal). Resolves to the action's result when it was not refused
 * or failed (`true` when there was nothing to send), else null.
 */
export async function runLocalAction<T extends { id: string } | null>(
  action: () => Promise<T>,
  successText: string | null,
  errorText: string,
  options: { offlineText?: string } = {},
): Promise<(T extends null ? true : T) | null> {
  const ui = useUi.getState();
  const outcome = await settleLocalAction(action);
  if (outcome.state === 'error') console.error(outcome.error);
  const failure = failureText(outcome, errorText);
  if (failure !== null) {
    ui.showToast(failure);
    return null;
  }
  const text = successText === null ? null : outcomeText(outcome, successText, options.offlineText);
  if (text) ui.showSuccess(text);
  const result = (outcome as { result: T }).result;
  return (result === null ? true : result) as (T extends null ? true : T) | null;
}
