import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LogEntry } from '../../../shared/api/admin';
import { dateTimeLabel, type MessageKey, useT } from '../../shared-ui/i18n';

const LEVEL_KEYS: Record<LogEntry['level'], MessageKey> = {
  info: 'lg_levelInfo',
  warning: 'lg_levelWarning',
  error: 'lg_levelError',
};
const LEVEL_COLORS: Record<LogEntry['level'], ChipProps['color']> = {
  info: 'info',
  warning: 'warning',
  error: 'error',
};

/** The entry's level as a chip: info blue, warning amber, error red, with the level's name. */
export function LevelChip({ level }: { level: LogEntry['level'] }) {
  const t = useT();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={LEVEL_COLORS[level]}
      label={t(LEVEL_KEYS[level])}
      data-level={level}
    />
  );
}

export const levelKey = (level: LogEntry['level']) => LEVEL_KEYS[level];

function Field({ label, value, testId }: { label: string; value: React.ReactNode; testId: string }) {
  return (
    <div>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Typography>
    </div>
  );
}

/** One entry in full: level, message, user name, IP address, user agent and time. */
export function LogDetailDialog({ entry, onClose }: { entry: LogEntry | null; onClose: () => void }) {
  const t = useT();
  const none = t('lg_none');
  return (
    <Dialog open={entry !== null} onClose={onClose} fullWidth maxWidth="sm" data-testid="log-detail">
      <DialogTitle>{t('lg_detailTitle')}</DialogTitle>
      {entry ? (
        <DialogContent dividers>
          <Stack spacing={1.5}>
            <Field
              label={t('lg_level')}
              value={<LevelChip level={entry.level} />}
              testId="log-detail-level"
            />
            <Field label={t('lg_message')} value={entry.message} testId="log-detail-message" />
            <Field label={t('lg_user')} value={entry.user_name ?? none} testId="log-detail-user" />
            <Field label={t('lg_ipAddress')} value={entry.ip_address ?? none} testId="log-detail-ip" />
            <Field label={t('lg_userAgent')} value={entry.user_agent ?? none} testId="log-detail-agent" />
            <Field
              label={t('lg_timestamp')}
              value={dateTimeLabel(entry.timestamp)}
              testId="log-detail-time"
            />
            <Field label={t('lg_action')} value={entry.action} testId="log-detail-action" />
          </Stack>
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button onClick={onClose} data-testid="log-detail-close">
          {t('close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
