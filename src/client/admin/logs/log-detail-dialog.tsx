import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { LogEntry } from '../../../shared/api/admin';
import { entityKindOf } from '../../../shared/api/audit-actions';
import { renderAuditChange } from '../../../shared/api/audit-fields';
import { renderAuditMessage } from '../../../shared/api/audit-messages';
import { dateTimeLabel, type MessageKey, useT } from '../../shared-ui/i18n';
import { useUi } from '../../state/ui';
import { logRecord } from './log-record';

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

/** An entry's message in the reader's language (rendered from what it stored as data). */
export function useLogMessage(): (entry: LogEntry) => string {
  const language = useUi((s) => s.language);
  return (entry) => renderAuditMessage(entry, language);
}

/** The record the entry touched: its name, and a link to its page when it still has one. */
function RecordField({ entry, onClose }: { entry: LogEntry; onClose: () => void }) {
  const t = useT();
  const record = logRecord(entry);
  if (!record) return null;
  return (
    <Field
      label={t('lg_record')}
      testId="log-detail-record"
      value={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
          {record.name ? <span data-testid="log-detail-record-name">{record.name}</span> : null}
          {record.link ? (
            <Link
              component={RouterLink}
              to={record.link.to}
              onClick={onClose}
              data-testid="log-detail-record-link"
            >
              {t(record.link.label)}
            </Link>
          ) : null}
        </Stack>
      }
    />
  );
}

/** An update's changed fields: 'label: before → after' (a secret only as changed, never a value). */
function ChangesField({ entry }: { entry: LogEntry }) {
  const t = useT();
  const language = useUi((s) => s.language);
  if (!entry.changes || entry.changes.length === 0) return null;
  const kind = entityKindOf(entry.action);
  return (
    <Field
      label={t('lg_changes')}
      testId="log-detail-changes"
      value={
        <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
          {entry.changes.map((change) => {
            const line = renderAuditChange(kind, change, language);
            return (
              <li key={change.field} data-testid="log-detail-change" data-field={change.field}>
                <strong>{line.label}:</strong> {line.secret ? line.after : `${line.before} → ${line.after}`}
              </li>
            );
          })}
        </Stack>
      }
    />
  );
}

/**
 * One entry in full: level, message (in the reader's language), the record it touched with a
 * link to it, an update's changes, user name, IP address, user agent, time and action code.
 */
export function LogDetailDialog({ entry, onClose }: { entry: LogEntry | null; onClose: () => void }) {
  const t = useT();
  const message = useLogMessage();
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
            <Field label={t('lg_message')} value={message(entry)} testId="log-detail-message" />
            <RecordField entry={entry} onClose={onClose} />
            <ChangesField entry={entry} />
            {entry.params?.reason ? (
              <Field label={t('lg_reason')} value={String(entry.params.reason)} testId="log-detail-reason" />
            ) : null}
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
