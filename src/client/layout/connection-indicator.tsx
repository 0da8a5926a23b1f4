import CloudDone from '@mui/icons-material/CloudDone';
import CloudOff from '@mui/icons-material/CloudOff';
import CloudSync from '@mui/icons-material/CloudSync';
import Construction from '@mui/icons-material/Construction';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Badge from '@mui/material/Badge';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useMaintenance } from '../api/maintenance';
import { useT } from '../shared-ui/i18n';
import { useOnline, useSyncStatus } from '../shared-ui/local-store';
import { SyncPanel } from '../sync/sync-panel';

/**
 * Online/offline state with the outbox count: the user always knows whether their
 * changes have reached the server. Green = online and everything sent; grey = offline (changes
 * wait on the device); amber 'Bakımda' while the server reports maintenance (it answers, but
 * refuses everyone but admins, so 'Çevrimiçi' would promise what it does not do); the badge counts
 * changes not yet sent; red when the server rejected some.
 * Clicking it opens the sync panel: pending and rejected changes, with retry and discard.
 */
export function ConnectionIndicator() {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const online = useOnline();
  const { syncing, pendingCount, failedCount, paused } = useSyncStatus();
  // Offline wins: with no connection the device cannot know whether maintenance is still on.
  const maintenance = useMaintenance((m) => m.on) && online;
  const state = !online ? t('offline') : maintenance ? t('maintenanceState') : t('online');
  const lines = [state];
  if (maintenance) lines.push(t('maintenanceStateHint'));
  if (paused) lines.push(t('syncPaused'));
  if (pendingCount) lines.push(t('pendingChanges', { n: pendingCount }));
  if (failedCount) lines.push(t('failedChanges', { n: failedCount }));
  if (online && !maintenance && !pendingCount && !failedCount && !paused) lines.push(t('allSynced'));
  const icon = failedCount ? (
    <ErrorOutline />
  ) : !online ? (
    <CloudOff />
  ) : maintenance ? (
    <Construction />
  ) : syncing || pendingCount ? (
    <CloudSync />
  ) : (
    <CloudDone />
  );
  const color = failedCount || paused ? 'error' : !online ? 'default' : maintenance ? 'warning' : 'success';
  // The word shows on phones too unless all is well: offline and maintenance change what every
  // "saved" means (kept on the device until the server takes changes again).
  const iconOnly = online && !maintenance;
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
            data-maintenance={maintenance ? 'true' : 'false'}
            data-pending={pendingCount}
            icon={icon}
            label={state}
            color={color}
            variant={online ? 'outlined' : 'filled'}
            size="small"
            clickable
            onClick={(e) => setAnchor(e.currentTarget)}
            aria-haspopup="dialog"
            aria-label={lines.join(' · ')}
            sx={{
              // On phones, online is the icon alone (the tooltip and aria-label say it); offline
              // and maintenance also say the word — an icon alone is easily missed.
              '& .MuiChip-label': { display: { xs: iconOnly ? 'none' : 'block', sm: 'block' } },
              '& .MuiChip-icon': {
                ml: { xs: 0.5, sm: '4px' },
                mr: { xs: iconOnly ? 0.5 : '-4px', sm: '-4px' },
              },
            }}
          />
        </Badge>
      </Tooltip>
      <SyncPanel anchor={anchor} onClose={() => setAnchor(null)} />
    </>
  );
}
