import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../shared-ui/i18n';

/**
 * Persistent storage: the outbox holds changes the server has not seen yet. Without
 * the "persistent" grant the browser may evict IndexedDB under storage pressure, and those
 * changes would be lost. So once a user is signed in the app asks for it
 * (`navigator.storage.persist()`) — after sign-in, not on the login screen, because only then is
 * there data worth keeping (and Firefox shows the request to the user) — and, when it is refused
 * or the browser has no such API, says so in a small warning that does not block anything.
 *
 * "Per session" is the tab's sessionStorage: the request is made once per session (the answer
 * does not change on a reload, and asking again could prompt again in Firefox), and a dismissed
 * warning stays dismissed until the next session, where it reappears while the grant is missing.
 */
const ASKED_KEY = 'storagePersistAsked';
const DISMISSED_KEY = 'storageWarningDismissed';

type Verdict = 'persisted' | 'refused';

function sessionFlag(key: string): boolean {
  try {
    return sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}
function setSessionFlag(key: string) {
  try {
    sessionStorage.setItem(key, '1');
  } catch {
    /* unavailable: the flag then lasts as long as this page */
  }
}

let pending: Promise<Verdict> | null = null;

/** Whether the data is (now) persistent; asks the browser at most once per session. */
function ensurePersistentStorage(): Promise<Verdict> {
  pending ??= (async (): Promise<Verdict> => {
    const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
    if (!storage?.persisted || !storage.persist) return 'refused'; // unavailable: same risk
    try {
      if (await storage.persisted()) return 'persisted';
    } catch {
      return 'refused';
    }
    if (sessionFlag(ASKED_KEY)) return 'refused';
    setSessionFlag(ASKED_KEY);
    try {
      return (await storage.persist()) ? 'persisted' : 'refused';
    } catch {
      return 'refused';
    }
  })();
  return pending;
}

export function StorageWarning() {
  const t = useT();
  const [refused, setRefused] = useState(false);
  const [dismissed, setDismissed] = useState(() => sessionFlag(DISMISSED_KEY));

  useEffect(() => {
    let active = true;
    void ensurePersistentStorage().then((verdict) => {
      if (active) setRefused(verdict === 'refused');
    });
    return () => {
      active = false;
    };
  }, []);

  if (!refused || dismissed) return null;
  return (
    <Alert
      severity="warning"
      data-testid="storage-warning"
      sx={{ mb: 2 }}
      onClose={() => {
        setSessionFlag(DISMISSED_KEY);
        setDismissed(true);
      }}
      closeText={t('dismiss')}
    >
      {t('storageNotPersistent')}{' '}
      {/* /settings is a route of the router (today its placeholder screen; the settings screen
          that explains browser storage replaces it), so the link always leads somewhere. */}
      <Link component={RouterLink} to="/settings" color="inherit" underline="always">
        {t('storageSettings')}
      </Link>
    </Alert>
  );
}
