import CameraAlt from '@mui/icons-material/CameraAltOutlined';
import CheckCircle from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Keyboard from '@mui/icons-material/KeyboardOutlined';
import WarningAmber from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  type KeyboardEvent,
  lazy,
  memo,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { MAX_SCAN_LENGTH, MAX_SCAN_QUANTITY, missingLines, type ScanLine } from '../../shared/domain/barcode';
import { parseQuantityInput } from '../../shared/domain/number-input';
import type { LocalOrder } from '../local';
import { useT } from '../shared-ui/i18n';
import { NumberField } from '../shared-ui/number-field';
import { usePhone } from '../shared-ui/responsive';
import { feedbackText, isScanTerminator, scannedLineCount } from './scan-pipeline';
import {
  type PipelineViewStore,
  SCAN_MARK_SHOWN,
  SCAN_MARK_START,
  usePipelineView,
  useScanPipeline,
} from './use-scan-pipeline';
import { completePreparationAction } from './warehouse-data';

/** The camera scanner is its own chunk, downloaded only when the camera button is pressed. */
const CameraScanner = lazy(() => import('./camera/camera-scanner'));

/**
 * 'Hazırla' (the preparation dialog), built for handheld scanners: every scan — a wedge
 * scanner's characters + Enter/Tab, the 'Okut' button, the camera — goes through ONE pipeline
 * (use-scan-pipeline.ts) that answers at once from the device's copy of the lines.
 *
 * The input is uncontrolled on purpose: a wedge scanner types faster than React renders, so the
 * characters are collected by the input element itself (the buffer, read through a ref when the
 * terminator key arrives) and never pass through React state; the only state kept is "is there
 * text" for the button. `inputMode="none"` keeps a handheld's soft keyboard from covering the
 * screen; the keyboard button brings it back for typing a code by hand.
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
  const input = useRef<HTMLInputElement | null>(null);
  const [hasText, setHasText] = useState(false);
  const [softKeyboard, setSoftKeyboard] = useState(false);
  const [quantity, setQuantity] = useState('1');
  const [camera, setCamera] = useState(false);
  const [loading, setLoading] = useState(false);
  const [confirm, setConfirm] = useState<{ line: ScanLine; missing: number }[] | null>(null);

  useEffect(() => {
    if (!open) return;
    setHasText(false);
    setQuantity('1');
    setConfirm(null);
    setLoading(false);
  }, [open]);

  const parsedQuantity = parseQuantityInput(quantity, { max: MAX_SCAN_QUANTITY });
  const multiplier = parsedQuantity.ok && parsedQuantity.value >= 1 ? parsedQuantity.value : 1;

  const focusInput = () => {
    requestAnimationFrame(() => input.current?.focus());
  };

  /** Take the input's text as one scan (the wedge's Enter/Tab, the button). */
  const submit = (): boolean => {
    const el = input.current;
    if (!el) return false;
    const raw = el.value;
    if (raw.trim() === '') return false; // spec: inert while the trimmed input is empty
    performance.mark(SCAN_MARK_START);
    el.value = '';
    setHasText(false);
    const outcome = scan(raw, multiplier);
    // +N is for the one scan it was typed for.
    if (outcome?.kind === 'match' && quantity !== '1') setQuantity('1');
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!isScanTerminator(event.key)) return;
    // An empty field lets Tab move focus as usual (and Enter does nothing).
    if (input.current?.value.trim() === '') {
      if (event.key === 'Enter') event.preventDefault();
      return;
    }
    event.preventDefault();
    submit();
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
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                inputRef={input}
                label={t('wh_barcode')}
                placeholder={t('wh_barcodePlaceholder')}
                autoFocus
                fullWidth
                onKeyDown={onKeyDown}
                onInput={(event) => setHasText((event.target as HTMLInputElement).value.trim() !== '')}
                slotProps={{
                  htmlInput: {
                    inputMode: softKeyboard ? 'text' : 'none',
                    autoComplete: 'off',
                    autoCorrect: 'off',
                    autoCapitalize: 'off',
                    spellCheck: false,
                    enterKeyHint: 'done',
                    maxLength: MAX_SCAN_LENGTH + 8,
                    'data-testid': 'scan-input',
                  },
                }}
              />
              <Tooltip title={softKeyboard ? t('wh_keyboardHide') : t('wh_keyboardShow')}>
                <IconButton
                  aria-label={softKeyboard ? t('wh_keyboardHide') : t('wh_keyboardShow')}
                  aria-pressed={softKeyboard}
                  onClick={() => {
                    setSoftKeyboard((v) => !v);
                    focusInput();
                  }}
                  sx={{ width: 48, height: 48, mt: 0.5 }}
                  data-testid="scan-keyboard-toggle"
                >
                  <Keyboard />
                </IconButton>
              </Tooltip>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}>
              <Button
                variant="contained"
                disabled={!hasText}
                onClick={() => {
                  submit();
                  focusInput();
                }}
                sx={{ minHeight: 48 }}
                data-testid="scan-submit"
              >
                {t('wh_scanButton')}
              </Button>
              <Button
                variant="outlined"
                startIcon={<CameraAlt />}
                onClick={() => setCamera(true)}
                aria-label={t('wh_cameraAria')}
                sx={{ minHeight: 48 }}
                data-testid="scan-camera"
              >
                {t('wh_camera')}
              </Button>
              <NumberField
                kind="quantity"
                value={quantity}
                onChange={setQuantity}
                max={MAX_SCAN_QUANTITY}
                label={t('wh_quantity')}
                sx={{ width: 130 }}
                testId="scan-quantity"
              />
            </Stack>

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

      {camera ? (
        <Suspense fallback={null}>
          <CameraScanner
            onDetected={(code) => {
              performance.mark(SCAN_MARK_START);
              scan(code, multiplier);
            }}
            onClose={() => {
              setCamera(false);
              focusInput();
            }}
          />
        </Suspense>
      ) : null}
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

/** This opening's accepted scans, newest first (the last 50 drawn: a burst stays cheap to render). */
const SessionList = memo(function SessionList({ view }: { view: PipelineViewStore }) {
  const t = useT();
  const session = usePipelineView(view, (v) => v.session);
  return (
    <Box>
      <Typography variant="subtitle2">{t('wh_scannedList')}</Typography>
      {session.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('wh_scannedEmpty')}
        </Typography>
      ) : (
        <Box
          component="ol"
          sx={{ m: 0, pl: 3, maxHeight: 160, overflowY: 'auto' }}
          data-testid="scan-session"
          data-count={session.length}
        >
          {session.slice(0, 50).map((s) => (
            <li key={s.seq}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {s.productName} ({s.code}){s.units > 1 ? ` ×${s.units}` : ''}
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
