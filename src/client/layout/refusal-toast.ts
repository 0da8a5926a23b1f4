import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { t } from '../shared-ui/i18n';
import { isAnsweredByScreen } from '../shared-ui/local-action';
import { useLocalDb } from '../shared-ui/local-store';
import { useUi } from '../state/ui';

/**
 * A failed change (mutation) shows a toast with the server's error. Offline-first, a
 * change is applied locally at once and the server's refusal comes later, from the sync engine,
 * which marks the outbox entry `failed` with the server's message. This hook watches the outbox
 * and toasts each NEW refusal (the sync panel keeps the full list and the retry/discard choices).
 * Refusals already there when the store opens are the baseline: a reload does not repeat them.
 * A refusal the screen that made the change is waiting for is that screen's to say (it says it
 * instead of a success: shared-ui/local-action.ts), so it is not toasted twice.
 */
function useRefusalToast(): void {
  const db = useLocalDb();
  const failed = useLiveQuery(
    async () => (db ? { db, entries: await db.outbox.where('status').equals('failed').toArray() } : null),
    [db],
  );
  const seen = useRef<{ db: unknown; ids: Set<string> } | null>(null);
  useEffect(() => {
    if (!failed) return;
    const ids = new Set(failed.entries.map((e) => e.id));
    const before = seen.current;
    seen.current = { db: failed.db, ids };
    if (!before || before.db !== failed.db) return; // the baseline of this store
    const fresh = failed.entries.filter((e) => !before.ids.has(e.id) && !isAnsweredByScreen(e.id));
    const latest = fresh[fresh.length - 1];
    if (latest) useUi.getState().showToast(latest.error || t('genericError'));
  }, [failed]);
}

/**
 * The refusal toasts as a component that draws nothing: the outbox query's answers (one when the
 * store opens, one per change of the outbox) re-render this alone. As a hook of the layout, each
 * answer re-rendered the whole layout — menu, top bar and all, some 400 components — twice at
 * every start, in the middle of drawing the first screen.
 */
export function RefusalToasts(): null {
  useRefusalToast();
  return null;
}
