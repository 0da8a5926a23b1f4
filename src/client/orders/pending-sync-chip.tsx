import CloudOff from '@mui/icons-material/CloudOffOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useT } from '../shared-ui/i18n';

/**
 * Marks an order whose changes this device has not yet sent ('Senkronizasyon bekliyor') or that the
 * server refused ('Reddedildi', with the server's reason as tooltip). Shows nothing when in sync.
 */
export function PendingSyncChip({
  pending,
  failedReason,
}: {
  pending: boolean;
  failedReason?: string | null;
}) {
  const t = useT();
  if (failedReason)
    return (
      <Tooltip title={failedReason}>
        <Chip
          size="small"
          color="error"
          variant="outlined"
          icon={<ErrorOutline />}
          label={t('serverRejected')}
          data-testid="sync-failed"
        />
      </Tooltip>
    );
  if (!pending) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<CloudOff />}
      label={t('syncPending')}
      data-testid="pending-sync"
    />
  );
}
