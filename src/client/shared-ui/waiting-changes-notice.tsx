import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { RegistryRow } from '../local/registry';
import { REGISTRY_DB_NAME } from '../local/registry-name';
import { useT } from './i18n';

/**
 * On the login screen: changes that are still on this device, waiting for their user to sign in
 * again (after a 401 ended the session, or after 'Yine de çıkış yap'). Outbox entries are only
 * ever sent with their owner's token (never under another identity), so signing in is what sends them.
 *
 * It reads the device registry only (a tiny database of per-user counts), never a user's own
 * local store: the login screen must not open anyone's data. The registry module (and Dexie with
 * it) is imported lazily so that the /login bundle does not grow; the notice appears a moment
 * after the form. It follows the registry live, so it disappears when another tab of the same
 * user sends the changes. When the browser lists its databases and the registry is not among
 * them (a first visit: nobody ever signed in here), nothing can be waiting, and Dexie is not
 * fetched at all (the first /login downloads no local-store code).
 */
async function registryMayExist(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true; // cannot tell: look
  try {
    const names = await indexedDB.databases();
    return names.some((d) => d.name === REGISTRY_DB_NAME);
  } catch {
    return true;
  }
}

export function WaitingChangesNotice({ tenant, userId }: { tenant: string; userId: string | null }) {
  const t = useT();
  const [rows, setRows] = useState<RegistryRow[]>([]);

  useEffect(() => {
    let unsubscribe: (() => void) | null = null;
    let cancelled = false;
    void registryMayExist()
      .then((exists) => (exists ? Promise.all([import('../local/registry'), import('dexie')]) : null))
      .then((modules) => {
        if (!modules) return;
        const [registry, dexie] = modules;
        if (cancelled) return;
        const subscription = dexie
          .liveQuery(async () => {
            const all = await registry.registryDb().stores.where('tenant').equals(tenant).toArray();
            return all.filter((r) => r.pending + r.failed > 0);
          })
          .subscribe({ next: setRows, error: () => setRows([]) });
        unsubscribe = () => subscription.unsubscribe();
      })
      .catch(() => undefined); // no IndexedDB (private mode): nothing can be waiting either
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [tenant]);

  if (rows.length === 0) return null;
  // The user who just signed out (or was signed out) first: their notice speaks to "you".
  const sorted = [...rows].sort((a, b) => Number(b.user_id === userId) - Number(a.user_id === userId));
  return (
    <>
      {sorted.map((row) => {
        const n = row.pending + row.failed;
        const mine = row.user_id === userId;
        const name = row.full_name || row.username || '?';
        return (
          <Alert
            key={row.name}
            severity="warning"
            data-testid="waiting-changes-notice"
            data-user={row.username ?? ''}
            data-count={n}
          >
            {mine ? t('waitingMine', { n }) : t('waitingOther', { n, name })}
            {row.failed > 0 ? (
              <Typography variant="body2" component="span" sx={{ display: 'block', mt: 0.5 }}>
                {t('waitingRejected', { n: row.failed })}
              </Typography>
            ) : null}
          </Alert>
        );
      })}
    </>
  );
}
