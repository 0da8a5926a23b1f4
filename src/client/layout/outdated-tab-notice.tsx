import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { useT } from '../shared-ui/i18n';
import { useLocalDb } from '../shared-ui/local-store';

/**
 * A tab whose code is older than its local database (the app was updated and opened in another
 * tab, which upgraded the database) keeps showing its data and queueing changes, but no longer
 * syncs: it does not know the newer collections, and pulling would skip them for good. Without a
 * word the user would watch figures that never move, so the tab says why and offers the reload
 * that brings it the new code.
 */
export function OutdatedTabNotice() {
  const t = useT();
  const db = useLocalDb();
  const [outdated, setOutdated] = useState(false);
  useEffect(() => {
    if (!db) return;
    setOutdated(db.isOutdated());
    return db.onSuperseded(() => setOutdated(true));
  }, [db]);
  if (!outdated) return null;
  return (
    <Alert
      severity="warning"
      role="alert"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          {t('outdatedTabReload')}
        </Button>
      }
    >
      {t('outdatedTab')}
    </Alert>
  );
}
