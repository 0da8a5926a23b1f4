import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Backup } from '../../../shared/api/backups';
import { API } from '../../../shared/api/endpoints';
import { saveBlob } from '../../api/download';
import { callFile } from '../../api/http';
import { apiQueryOptions, useApiMutation } from '../../api/query';
import { dateTimeLabel, type MessageKey, useT } from '../../shared-ui/i18n';
import { useOnline } from '../../shared-ui/local-store';
import { VisuallyHidden } from '../../shared-ui/visually-hidden';
import { useUi } from '../../state/ui';

/** While a backup runs, the list is asked again this often (it ends in seconds to minutes). */
const RUNNING_POLL_MS = 2_000;

/** 1536 → "1,5 KB" in the UI's language (binary units, one decimal). */
function sizeLabel(bytes: number | null, language: 'tr' | 'en'): string {
  if (bytes === null) return '—';
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const locale = language === 'en' ? 'en-GB' : 'tr-TR';
  return `${value.toLocaleString(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}

const rowTotal = (b: Backup) => Object.values(b.row_counts ?? {}).reduce((a, n) => a + n, 0);

const STATUS_KEY: Record<Backup['status'], MessageKey> = {
  running: 'bak_running',
  success: 'bak_success',
  failed: 'bak_failed',
};
const STATUS_COLOR = { running: 'info', success: 'success', failed: 'error' } as const;

/**
 * The tenant's backups (admin, system status tab): the schedule and retention, the last good
 * backup, "Şimdi yedekle" and the list with downloads — a table from `sm` up, cards below it.
 * Backups live on the server: offline the panel says so and its buttons are off (the list last
 * seen still shows).
 */
export function BackupsPanel() {
  const t = useT();
  const language = useUi((s) => s.language);
  const online = useOnline();
  const list = useQuery({
    ...apiQueryOptions(API.backupList),
    refetchInterval: (query) =>
      query.state.data?.backups.some((b) => b.status === 'running') ? RUNNING_POLL_MS : false,
  });
  const start = useApiMutation(API.backupCreate);
  const [downloading, setDownloading] = useState<string | null>(null);
  const backups = list.data?.backups ?? [];
  const running = backups.some((b) => b.status === 'running');
  const last = backups.find((b) => b.status === 'success');

  // A backup this screen started: say how it ended (it runs on the server after the answer).
  const watched = useRef<string | null>(null);
  useEffect(() => {
    const id = watched.current;
    const found = id ? backups.find((b) => b.id === id) : undefined;
    if (!found || found.status === 'running') return;
    watched.current = null;
    if (found.status === 'success') useUi.getState().showSuccess(t('bak_done'));
    else useUi.getState().showError(`${t('bak_failedToast')} ${found.error ?? ''}`.trim());
  }, [backups, t]);

  const backUpNow = () => {
    const id = crypto.randomUUID();
    start.mutate(
      { body: { id } },
      {
        onSuccess: () => {
          watched.current = id;
          useUi.getState().showSuccess(t('bak_started'));
        },
      },
    );
  };

  const download = async (backup: Backup) => {
    setDownloading(backup.id);
    try {
      const file = await callFile(API.backupDownload, { params: { id: backup.id } });
      saveBlob(file.blob, file.filename ?? backup.file_name ?? 'yedek.ndjson.gz');
    } catch (error) {
      useUi.getState().showError(error instanceof Error ? error.message : String(error));
    } finally {
      setDownloading(null);
    }
  };

  const frequencyKey: MessageKey =
    list.data?.frequency === 'weekly'
      ? 'bak_weekly'
      : list.data?.frequency === 'monthly'
        ? 'bak_monthly'
        : 'bak_daily';
  const triggerLabel = (b: Backup) => t(b.trigger === 'manual' ? 'bak_manual' : 'bak_scheduled');
  const downloadButton = (b: Backup) =>
    b.status === 'success' ? (
      <Button
        size="small"
        variant="outlined"
        disabled={!online || downloading === b.id}
        onClick={() => void download(b)}
        aria-label={t('bak_downloadLabel', { time: dateTimeLabel(b.started_at) })}
        data-testid={`backup-download-${b.id}`}
      >
        {t('bak_download')}
      </Button>
    ) : null;
  const statusChip = (b: Backup) => (
    <Chip
      size="small"
      color={STATUS_COLOR[b.status]}
      label={t(STATUS_KEY[b.status])}
      title={b.error ?? undefined}
    />
  );

  return (
    <Card component="section" aria-labelledby="backups-title" data-testid="backups-panel" variant="outlined">
      <CardContent>
        <Stack spacing={2}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
          >
            <Typography variant="h6" component="h2" id="backups-title">
              {t('bak_title')}
            </Typography>
            <Button
              variant="contained"
              onClick={backUpNow}
              disabled={!online || running || start.isPending}
              data-testid="backup-now"
            >
              {t('bak_now')}
            </Button>
          </Stack>
          {!online ? (
            <Alert severity="info" data-testid="backups-offline">
              {t('bak_offline')}
            </Alert>
          ) : null}
          {list.data ? (
            <Typography variant="body2">
              {t('bak_intro', { frequency: t(frequencyKey), days: list.data.retention_days })}
            </Typography>
          ) : null}
          {list.isError && !list.data ? <Alert severity="error">{t('bak_loadError')}</Alert> : null}
          <Typography variant="body2" data-testid="backups-last">
            <strong>{t('bak_last')}:</strong>{' '}
            {last
              ? `${dateTimeLabel(last.finished_at ?? last.started_at)} · ${sizeLabel(last.size_bytes, language)}`
              : t('bak_lastNone')}
          </Typography>
          {list.data && backups.length === 0 ? (
            <Typography variant="body2">{t('bak_empty')}</Typography>
          ) : null}
          {backups.length > 0 ? (
            <>
              <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
                <Table size="small" aria-label={t('bak_listLabel')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('bak_colTime')}</TableCell>
                      <TableCell>{t('bak_colTrigger')}</TableCell>
                      <TableCell>{t('bak_colStatus')}</TableCell>
                      <TableCell align="right">{t('bak_colSize')}</TableCell>
                      <TableCell align="right">{t('bak_colRows')}</TableCell>
                      <TableCell>
                        <VisuallyHidden>{t('bak_colActions')}</VisuallyHidden>
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {backups.map((b) => (
                      <TableRow key={b.id} data-testid={`backup-row-${b.id}`}>
                        <TableCell>{dateTimeLabel(b.started_at)}</TableCell>
                        <TableCell>{triggerLabel(b)}</TableCell>
                        <TableCell>{statusChip(b)}</TableCell>
                        <TableCell align="right">{sizeLabel(b.size_bytes, language)}</TableCell>
                        <TableCell align="right">
                          {b.row_counts
                            ? rowTotal(b).toLocaleString(language === 'en' ? 'en-GB' : 'tr-TR')
                            : '—'}
                        </TableCell>
                        <TableCell>{downloadButton(b)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
              <Stack
                spacing={1}
                sx={{ display: { xs: 'flex', sm: 'none' } }}
                component="ul"
                aria-label={t('bak_listLabel')}
              >
                {backups.map((b) => (
                  <Card key={b.id} variant="outlined" component="li" sx={{ listStyle: 'none' }}>
                    <CardContent>
                      <Stack spacing={1}>
                        <Stack
                          direction="row"
                          spacing={1}
                          sx={{ justifyContent: 'space-between', alignItems: 'center' }}
                        >
                          <Typography variant="body2">{dateTimeLabel(b.started_at)}</Typography>
                          {statusChip(b)}
                        </Stack>
                        <Typography variant="body2" color="text.secondary">
                          {triggerLabel(b)} · {sizeLabel(b.size_bytes, language)}
                          {b.row_counts
                            ? ` · ${t('bak_rowsValue', { n: rowTotal(b).toLocaleString(language === 'en' ? 'en-GB' : 'tr-TR') })}`
                            : ''}
                        </Typography>
                        {downloadButton(b)}
                      </Stack>
                    </CardContent>
                  </Card>
                ))}
              </Stack>
            </>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
