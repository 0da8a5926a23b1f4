import CloudDone from '@mui/icons-material/CloudDone';
import CloudOff from '@mui/icons-material/CloudOff';
import CloudSync from '@mui/icons-material/CloudSync';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Badge from '@mui/material/Badge';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useT } from '../shared-ui/i18n';
import { useOnline, useSyncStatus } from '../shared-ui/local-store';
import { SyncPanel } from '../sync/sync-panel';

/**
 * Online/offline state with the outbox count: the user always knows whether their
 * changes have reached the server. Green = online and everything sent; grey = offline (changes
 * wait on the device); the badge counts changes not yet sent; red when the server rejected some.
 * Clicking it opens the sync panel: pending and rejected changes, with retry and discard.
 */
export function ConnectionIndicator() {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const online = useOnline();
  const { syncing, pendingCount, failedCount, paused } = useSyncStatus();
  const lines = [online ? t('online') : t('offline')];
  if (paused) lines.push(t('syncPaused'));
  if (pendingCount) lines.push(t('pendingChanges', { n: pendingCount }));
  if (failedCount) lines.push(t('failedChanges', { n: failedCount }));
  if (online && !pendingCount && !failedCount && !paused) lines.push(t('allSynced'));
  const icon = failedCount ? (
    <ErrorOutline />
  ) : !online ? (
    <CloudOff />
  ) : syncing || pendingCount ? (
    <CloudSync />
  ) : (
    <CloudDone />
  );
  const color = failedCount || paused ? 'error' : !online ? 'default' : 'success';
  return (
    <>
      <Tooltip title={lines.join(' · ')}>
        <Badge
          badgeContent={pendingCount + failedCount}
          color={failedCount ? 'error' : 'warning'}
          max={99}
          overlap="circular"
        >
          <Chip
            data-testid="connection-indicator"
            data-online={online ? 'true' : 'false'}
            data-pending={pendingCount}
            icon={icon}
            label={online ? t('online') : t('offline')}
            color={color}
            variant={online ? 'outlined' : 'filled'}
            size="small"
            clickable
            onClick={(e) => setAnchor(e.currentTarget)}
            aria-haspopup="dialog"
            aria-label={lines.join(' · ')}
            sx={{
              // On phones, online is the icon alone (the tooltip and aria-label say it); offline
              // also says the word — a grey cloud alone is easily missed, and it changes what
              // every "saved" means (kept on the device until the connection is back).
              '& .MuiChip-label': { display: { xs: online ? 'none' : 'block', sm: 'block' } },
              '& .MuiChip-icon': {
                ml: { xs: 0.5, sm: '4px' },
                mr: { xs: online ? 0.5 : '-4px', sm: '-4px' },
              },
            }}
          />
        </Badge>
      </Tooltip>
      <SyncPanel anchor={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}
