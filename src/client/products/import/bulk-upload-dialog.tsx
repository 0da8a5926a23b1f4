import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ImportReport, ImportSummary } from '../../../shared/api/product-import';
import { IMPORT_HEADERS_TR, IMPORT_LIMITS } from '../../../shared/domain/product-import';
import { pullNow } from '../../local/store';
import type { MessageKey } from '../../shared-ui/i18n';
import { useT } from '../../shared-ui/i18n';
import { useOnline } from '../../shared-ui/local-store';
import { ProgressBar } from '../../shared-ui/progress-bar';
import { usePhone } from '../../shared-ui/responsive';
import {
  confirmImport,
  downloadRefused,
  downloadTemplate,
  fetchProgress,
  fetchSummary,
  uploadForPreview,
} from './import-api';
import { ImportPreview } from './import-preview';

/**
 * The bulk upload ('Toplu Yükleme') dialog: template downloads → choose an .xlsx or .csv →
 * upload (a real progress bar: the bytes sent) → the server's preview of every row (new, update
 * with old → new, unchanged, error with row, column and rule) → confirm → import progress →
 * report, with the refused rows as .xlsx. The server decides a file's type by its content; the
 * picker's `accept` only narrows what the browser offers. Online only: the import needs the
 * server (the dialog says so while offline). Loaded only when opened.
 */
type Step =
  | { name: 'choose' }
  | { name: 'uploading'; percent: number }
  | { name: 'preview'; summary: ImportSummary }
  | { name: 'importing'; summary: ImportSummary; done: number; total: number }
  | { name: 'report'; summary: ImportSummary; report: ImportReport };

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';
const MB = IMPORT_LIMITS.maxFileBytes / 1024 / 1024;

export default function BulkUploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const phone = usePhone();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!open) {
      abort.current?.abort();
      setStep({ name: 'choose' });
      setFile(null);
      setError(null);
    }
  }, [open]);

  const busy = step.name === 'uploading' || step.name === 'importing';

  function choose(chosen: File | undefined) {
    setError(null);
    if (!chosen) return;
    if (!/\.(xlsx|csv)$/i.test(chosen.name)) {
      setFile(null);
      setError(t('imp_wrongType'));
      return;
    }
    if (chosen.size > IMPORT_LIMITS.maxFileBytes) {
      setFile(null);
      setError(t('imp_tooLarge', { mb: MB }));
      return;
    }
    setFile(chosen);
  }

  async function upload() {
    if (!file) return;
    setError(null);
    const controller = new AbortController();
    abort.current = controller;
    setStep({ name: 'uploading', percent: 0 });
    try {
      const summary = await uploadForPreview(
        file,
        (sent, total) => setStep({ name: 'uploading', percent: (sent / total) * 100 }),
        controller.signal,
      );
      setStep({ name: 'preview', summary });
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      setError(t('imp_uploadFailed', { message: (e as Error).message }));
      setStep({ name: 'choose' });
    }
  }

  async function confirm(summary: ImportSummary) {
    const total = summary.counts.create + summary.counts.update;
    setError(null);
    setStep({ name: 'importing', summary, done: 0, total });
    let running = true;
    const poll = async () => {
      while (running) {
        await new Promise((r) => setTimeout(r, 400));
        const p = await fetchProgress(summary.import_id).catch(() => null);
        if (running && p) setStep({ name: 'importing', summary, done: p.done, total: p.total });
      }
    };
    void poll();
    try {
      let report: ImportReport | null = null;
      try {
        report = await confirmImport(summary);
      } catch (e) {
        // A slow import may outlast the request's timeout: it goes on on the server. Wait for it.
        if ((e as Error).name !== 'NetworkError') throw e;
        for (let i = 0; i < 150 && !report; i++) {
          await new Promise((r) => setTimeout(r, 1000));
          const now = await fetchSummary(summary.import_id).catch(() => null);
          if (now?.report) report = now.report;
        }
        if (!report) throw e;
      }
      setStep({ name: 'report', summary, report });
      // The catalogue changed: pull it into this device now, and refresh the server lists shown.
      void pullNow().catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: ['api', 'GET'] });
    } catch (e) {
      setError(t('imp_importFailed', { message: (e as Error).message }));
      setStep({ name: 'preview', summary });
    } finally {
      running = false;
    }
  }

  async function download(action: () => Promise<void>) {
    try {
      await action();
    } catch (e) {
      setError(t('imp_downloadFailed', { message: (e as Error).message }));
    }
  }

  const recognised = (summary: ImportSummary) =>
    summary.columns
      .filter((c) => c.field)
      .map((c) => (c.field ? `${c.header} → ${IMPORT_HEADERS_TR[c.field]}` : c.header))
      .join(', ');
  const ignored = (summary: ImportSummary) =>
    summary.columns
      .filter((c) => !c.field && c.header)
      .map((c) => c.header)
      .join(', ');

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="md"
      fullWidth
      fullScreen={phone}
      aria-labelledby="bulk-upload-title"
    >
      <DialogTitle id="bulk-upload-title">{t('imp_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {!online && <Alert severity="warning">{t('imp_offline')}</Alert>}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}

          {(step.name === 'choose' || step.name === 'uploading') && (
            <>
              <Typography>{t('imp_intro')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('imp_limits', {
                  rows: IMPORT_LIMITS.maxRows.toLocaleString('tr-TR'),
                  columns: IMPORT_LIMITS.maxColumns,
                  mb: MB,
                })}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <Button
                  variant="outlined"
                  disabled={!online}
                  onClick={() => download(() => downloadTemplate('xlsx'))}
                >
                  {t('imp_templateXlsx')}
                </Button>
                <Button
                  variant="outlined"
                  disabled={!online}
                  onClick={() => download(() => downloadTemplate('csv'))}
                >
                  {t('imp_templateCsv')}
                </Button>
              </Stack>
              <input
                ref={input}
                type="file"
                accept={ACCEPT}
                hidden
                data-testid="import-file-input"
                onChange={(e) => {
                  choose(e.target.files?.[0]);
                  e.target.value = '';
                }}
              />
              <Button variant="outlined" disabled={busy} onClick={() => input.current?.click()}>
                {t('imp_chooseFile')}
              </Button>
              {file && <Typography>{t('imp_fileChosen', { name: file.name })}</Typography>}
              {step.name === 'uploading' && (
                <Stack spacing={0.5}>
                  <ProgressBar
                    value={step.percent < 100 ? step.percent : undefined}
                    label={t('imp_uploading', { percent: Math.round(step.percent) })}
                  />
                  <Typography variant="body2" aria-live="polite">
                    {step.percent < 100
                      ? t('imp_uploading', { percent: Math.round(step.percent) })
                      : t('imp_reading')}
                  </Typography>
                </Stack>
              )}
            </>
          )}

          {(step.name === 'preview' || step.name === 'importing') && (
            <>
              <Typography variant="body2" color="text.secondary">
                {step.summary.file_name} ·{' '}
                {t('imp_detected', {
                  kind: step.summary.kind.toUpperCase(),
                  encoding: step.summary.encoding ?? 'xlsx',
                  separator: step.summary.separator === '\t' ? 'TAB' : (step.summary.separator ?? '-'),
                })}
              </Typography>
              <Typography variant="body2">
                {t('imp_columns', { columns: recognised(step.summary) })}
              </Typography>
              {ignored(step.summary) && (
                <Typography variant="body2" color="text.secondary">
                  {t('imp_ignored', { columns: ignored(step.summary) })}
                </Typography>
              )}
              {(step.summary.new_categories.length > 0 || step.summary.new_brands.length > 0) && (
                <Alert severity="info">
                  {t('imp_newLists', {
                    categories: step.summary.new_categories.join(', ') || t('imp_none'),
                    brands: step.summary.new_brands.join(', ') || t('imp_none'),
                  })}
                </Alert>
              )}
              {step.summary.counts.error > 0 && <Alert severity="warning">{t('imp_errorsNote')}</Alert>}
              {step.name === 'importing' && (
                <Stack spacing={0.5}>
                  <ProgressBar
                    value={step.total > 0 && step.done > 0 ? (step.done / step.total) * 100 : undefined}
                    label={t('imp_importingWait')}
                  />
                  <Typography variant="body2" aria-live="polite">
                    {step.done > 0
                      ? t('imp_importing', { done: step.done, total: step.total })
                      : t('imp_importingWait')}
                  </Typography>
                </Stack>
              )}
              <ImportPreview summary={step.summary} />
            </>
          )}

          {step.name === 'report' && (
            <Stack spacing={1} data-testid="import-report">
              <Alert severity="success">{t('imp_reportTitle')}</Alert>
              {(
                [
                  ['imp_created', step.report.created],
                  ['imp_updated', step.report.updated],
                  ['imp_unchangedN', step.report.unchanged],
                  ['imp_refused', step.report.refused],
                ] as [MessageKey, number][]
              ).map(([key, n]) => (
                <Typography key={key}>{t(key, { n })}</Typography>
              ))}
              {step.report.refused > 0 && (
                <Button
                  variant="outlined"
                  onClick={() => download(() => downloadRefused(step.summary.import_id))}
                >
                  {t('imp_downloadRefused')}
                </Button>
              )}
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {step.name === 'preview' && (
          <Button onClick={() => setStep({ name: 'choose' })}>{t('imp_back')}</Button>
        )}
        {step.name === 'report' && (
          <Button
            onClick={() => {
              setFile(null);
              setStep({ name: 'choose' });
            }}
          >
            {t('imp_newFile')}
          </Button>
        )}
        <Button onClick={onClose} disabled={busy}>
          {t('imp_close')}
        </Button>
        {(step.name === 'choose' || step.name === 'uploading') && (
          <Button variant="contained" disabled={!file || busy || !online} onClick={upload}>
            {t('imp_upload')}
          </Button>
        )}
        {step.name === 'preview' && (
          <Button
            variant="contained"
            disabled={!online || step.summary.counts.create + step.summary.counts.update === 0}
            onClick={() => confirm(step.summary)}
            data-testid="import-confirm"
          >
            {step.summary.counts.create + step.summary.counts.update === 0
              ? t('imp_nothing')
              : t('imp_confirm', { n: step.summary.counts.create + step.summary.counts.update })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
