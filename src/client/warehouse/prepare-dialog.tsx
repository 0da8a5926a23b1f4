import CheckCircle from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import WarningAmber from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { missingLines, type ScanLine } from '../../shared/domain/barcode';
import type { LocalOrder } from '../local/database';
import { useT } from '../shared-ui/i18n';
import { usePhone } from '../shared-ui/responsive';
import { ScanBar, type ScanBarHandle } from '../shared-ui/scan/scan-bar';
import { earlierScans, feedbackText, scannedLineCount } from './scan-pipeline';
import {
  type PipelineViewStore,
  SCAN_MARK_SHOWN,
  SCAN_MARK_START,
  usePipelineView,
  useScanPipeline,
} from './use-scan-pipeline';
import { completePreparationAction } from './warehouse-data';

/**
 * 'Hazırla' (the preparation dialog), built for handheld scanners: every scan — a wedge
 * scanner's characters + Enter/Tab, the 'Okut' button, the camera, from the shared scan bar
 * (shared-ui/scan/scan-bar.tsx) — goes through ONE pipeline (use-scan-pipeline.ts) that answers
 * at once from the device's copy of the lines.
 */
export function PrepareDialog({
  order,
  open,
  onClose,
}: {
  order: LocalOrder | null;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const phone = usePhone();
  const { view, scan, settled } = useScanPipeline(order, open);
  const bar = useRef<ScanBarHandle | null>(null);
  const [loading, setLoading] = useState(false);
  const [confirm, setConfirm] = useState<{ line: ScanLine; missing: number }[] | null>(null);

  useEffect(() => {
    if (!open) return;
    setConfirm(null);
    setLoading(false);
  }, [open]);

  const onScan = (raw: string, quantity: number): boolean => {
    performance.mark(SCAN_MARK_START);
    return scan(raw, quantity)?.kind === 'match';
  };

  const complete = async (force = false) => {
    if (!order) return;
    setLoading(true);
    await settled();
    const missing = missingLines(view.get().lines);
    if (missing.length > 0 && !force) {
      setConfirm(missing);
      setLoading(false);
      return;
    }
    setConfirm(null);
    const ok = await completePreparationAction(order.id);
    setLoading(false);
    if (ok) onClose();
  };

  const scannedTypes = usePipelineView(view, (v) => scannedLineCount(v.lines));
  const lineTypes = usePipelineView(view, (v) => v.lines.length);
  return (
    <>
      <Dialog
        open={open && !!order}
        onClose={onClose}
        fullScreen={phone}
        fullWidth
        maxWidth="md"
        aria-labelledby="prepare-title"
        data-testid="prepare-dialog"
        disableRestoreFocus
      >
        <DialogTitle id="prepare-title">
          {t('wh_prepareTitle', { number: order?.order_number ?? '' })}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            <ScanBar ref={bar} onScan={onScan} />

            <FeedbackPanel view={view} />

            <Typography variant="subtitle2" data-testid="scan-counter" data-scanned={scannedTypes}>
              {t('wh_counter', { scanned: scannedTypes, types: lineTypes })}
            </Typography>
            <LinesList view={view} />

            <SessionList view={view} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} sx={{ minHeight: 44 }}>
            {t('wh_close')}
          </Button>
          <Button
            variant="contained"
            disabled={loading || scannedTypes === 0}
            onClick={() => void complete()}
            sx={{ minHeight: 44 }}
            data-testid="prepare-complete"
          >
            {t('wh_complete')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={!!confirm}
        onClose={() => setConfirm(null)}
        aria-labelledby="prepare-missing-title"
        data-testid="prepare-missing"
      >
        <DialogTitle id="prepare-missing-title">{t('wh_missingTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('wh_missingText')}</DialogContentText>
          <Box component="ul" sx={{ pl: 3 }}>
            {confirm?.map(({ line, missing }) => (
              <li key={line.id}>
                <Typography variant="body2">
                  {t('wh_missingLine', { name: line.product_name, missing })}
                </Typography>
              </li>
            ))}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(null)} sx={{ minHeight: 44 }}>
            {t('wh_back')}
          </Button>
          <Button
            variant="contained"
            color="warning"
            onClick={() => void complete(true)}
            disabled={loading}
            sx={{ minHeight: 44 }}
            data-testid="prepare-missing-confirm"
          >
            {t('wh_completeAnyway')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * The last scan's verdict, in colour, icon and words (never colour alone): green match, amber
 * over-scan, red unknown/unreadable. A polite live region, so a screen reader says it too.
 */
const FeedbackPanel = memo(function FeedbackPanel({ view }: { view: PipelineViewStore }) {
  const t = useT();
  const feedback = usePipelineView(view, (v) => v.feedback);
  useLayoutEffect(() => {
    if (feedback) performance.mark(SCAN_MARK_SHOWN);
  }, [feedback]);
  const kind = feedback?.outcome.kind ?? 'idle';
  const tone =
    kind === 'match'
      ? { bg: 'success.main', fg: 'success.contrastText', icon: <CheckCircle /> }
      : kind === 'over'
        ? { bg: 'warning.light', fg: 'common.black', icon: <WarningAmber /> }
        : kind === 'idle'
          ? { bg: 'action.hover', fg: 'text.primary', icon: null }
          : { bg: 'error.main', fg: 'error.contrastText', icon: <ErrorOutline /> };
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="scan-feedback"
      data-kind={kind}
      data-seq={feedback?.seq ?? 0}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: 1.5,
        minHeight: 56,
        borderRadius: 1,
        bgcolor: tone.bg,
        color: tone.fg,
      }}
    >
      {tone.icon}
      <Typography variant="body1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {feedback ? feedbackText(feedback.outcome, t) : t('wh_feedbackIdle')}
      </Typography>
    </Box>
  );
});

/**
 * What has been scanned on this order: this opening's accepted scans, newest first (the last 50
 * drawn: a burst stays cheap to render), then per line what was scanned before it opened — an
 * earlier opening, a reload, another device. Those come from the line's count (the server keeps
 * it and every device syncs it), so an order reopened at '10/10' lists its ten items, never
 * 'nothing scanned yet' beside a full progress bar.
 */
const SessionList = memo(function SessionList({ view }: { view: PipelineViewStore }) {
  const t = useT();
  const session = usePipelineView(view, (v) => v.session);
  const lines = usePipelineView(view, (v) => v.lines);
  const earlier = useMemo(() => earlierScans(lines, session), [lines, session]);
  return (
    <Box>
      <Typography variant="subtitle2">{t('wh_scannedList')}</Typography>
      {session.length === 0 && earlier.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="scan-session-empty">
          {t('wh_scannedEmpty')}
        </Typography>
      ) : (
        <Box
          component="ol"
          sx={{ m: 0, pl: 3, maxHeight: 160, overflowY: 'auto' }}
          data-testid="scan-session"
          data-count={session.length}
          data-earlier={earlier.length}
        >
          {session.slice(0, 50).map((s) => (
            <li key={s.seq}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {s.productName} ({s.code}){s.units > 1 ? ` ×${s.units}` : ''}
              </Typography>
            </li>
          ))}
          {earlier.map(({ line, units }) => (
            <li key={`earlier:${line.id}`} data-testid="scan-earlier" data-line-id={line.id}>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('wh_scannedBefore', {
                  name: line.barcode ? `${line.product_name} (${line.barcode})` : line.product_name,
                  n: units,
                })}
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
});

/** Per-line progress (scanned / ordered, with the line's barcode). */
const LinesList = memo(function LinesList({ view }: { view: PipelineViewStore }) {
  const lines = usePipelineView(view, (v) => v.lines);
  return (
    <Stack spacing={1} data-testid="scan-lines">
      {lines.map((line) => (
        <LineProgress key={line.id} line={line} />
      ))}
    </Stack>
  );
});

const LineProgress = memo(function LineProgress({ line }: { line: ScanLine }) {
  const t = useT();
  const done = line.scanned_quantity >= line.quantity;
  const value = line.quantity > 0 ? Math.min(100, (line.scanned_quantity / line.quantity) * 100) : 0;
  return (
    <Box data-testid="scan-line" data-line-id={line.id} data-scanned={line.scanned_quantity}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {line.product_name}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {line.barcode ? t('wh_lineBarcode', { code: line.barcode }) : t('wh_noBarcode')}
          </Typography>
        </Box>
        <Typography
          variant="body2"
          sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: done ? 'success.main' : 'text.primary' }}
          data-testid="scan-line-progress"
        >
          {t('wh_lineProgress', { scanned: line.scanned_quantity, ordered: line.quantity })}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={value}
        color={done ? 'success' : 'primary'}
        aria-label={`${line.product_name}: ${line.scanned_quantity} / ${line.quantity}`}
        sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
      />
    </Box>
  );
});
