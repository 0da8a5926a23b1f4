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
 * The request is made once per session (the tab's sessionStorage: the answer does not change on a
 * reload, and asking again could prompt again in Firefox). The warning is said once: dismissed, it
 * stays dismissed on this device (localStorage) — on the next screen, after a reload, in another
 * tab, for every user of the device, since the grant is the browser's, not the user's. A notice
 * that comes back after "close" teaches people to close it unread. What it says stays on /settings
 * (the device section shows whether storage is persistent and can ask again).
 */
const ASKED_KEY = 'storagePersistAsked';
const DISMISSED_KEY = 'storageWarningDismissed';

type Verdict = 'persisted' | 'refused';

function deviceFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}
function setDeviceFlag(key: string) {
  try {
    localStorage.setItem(key, '1');
  } catch {
    /* unavailable: the flag then lasts as long as this page */
  }
}
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
  const [dismissed, setDismissed] = useState(() => deviceFlag(DISMISSED_KEY));

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
        setDeviceFlag(DISMISSED_KEY);
        setDismissed(true);
      }}
      closeText={t('dismiss')}
    >
      {t('storageNotPersistent')}{' '}
      {/* /settings keeps saying it after the warning is dismissed (its device section). */}
      <Link component={RouterLink} to="/settings" color="inherit" underline="always">
        {t('storageSettings')}
      </Link>
    </Alert>
  );
}
