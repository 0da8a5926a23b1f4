import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { t } from '../shared-ui/i18n';
import { useLocalDb } from '../shared-ui/local-store';
import { useUi } from '../state/ui';

/**
 * A failed change (mutation) shows a toast with the server's error. Offline-first, a
 * change is applied locally at once and the server's refusal comes later, from the sync engine,
 * which marks the outbox entry `failed` with the server's message. This hook watches the outbox
 * and toasts each NEW refusal (the sync panel keeps the full list and the retry/discard choices).
 * Refusals already there when the store opens are the baseline: a reload does not repeat them.
 */
export function useRefusalToast(): void {
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
    const fresh = failed.entries.filter((e) => !before.ids.has(e.id));
    const latest = fresh[fresh.length - 1];
    if (latest) useUi.getState().showToast(latest.error || t('genericError'));
  }, [failed]);
}
