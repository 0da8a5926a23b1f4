import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { STOCK_LIMITS } from '../../shared/domain/stock';
import { DialogSubmitActions } from '../shared-ui/dialog-submit-actions';
import { useT } from '../shared-ui/i18n';
import { runLocalAction } from '../shared-ui/local-action';
import { usePhone } from '../shared-ui/responsive';
import {
  type CountSession,
  lineDelta,
  needsSecondLook,
  SECOND_LOOK_SHARE,
  SECOND_LOOK_UNITS,
  summarize,
} from './count-session';
import { postCount } from './mutations';

/**
 * Before a count is posted: how many products were counted and differ, and — for a second look —
 * every line whose difference is large (≥ 10 units or ≥ 20 %). Posting queues the count in the
 * outbox (the device's copy of the count is removed in the same step) and it is sent once.
 */
export function ReviewDialog({
  open,
  session,
  label,
  onNotes,
  onClose,
  onPosted,
}: {
  open: boolean;
  session: CountSession;
  label: string;
  onNotes: (notes: string) => void;
  onClose: () => void;
  onPosted: () => void;
}) {
  const t = useT();
  const phone = usePhone();
  const [busy, setBusy] = useState(false);
  const summary = summarize(session);
  const flagged = session.lines.filter((l) => needsSecondLook(l));

  const post = async () => {
    setBusy(true);
    const entry = await runLocalAction(
      () =>
        postCount({
          countId: session.count_id,
          label,
          notes: session.notes,
          lines: session.lines.map((l) => ({
            product_id: l.product_id,
            counted: l.counted,
            seen_stock_seq: l.seen_stock_seq,
            expected: l.expected,
          })),
        }),
      t('inv_posted'),
      t('inv_postError'),
    );
    setBusy(false);
    if (entry) onPosted();
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby="inv-review-title"
      data-testid="inv-review-dialog"
    >
      <DialogTitle id="inv-review-title">{t('inv_reviewTitle')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography data-testid="inv-review-counts">
            {t('inv_reviewCounts', { lines: summary.lines, differing: summary.differing })}
          </Typography>
          {flagged.length > 0 ? (
            <Alert severity="warning" data-testid="inv-review-flagged" data-count={flagged.length}>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('inv_reviewFlagged', { units: SECOND_LOOK_UNITS, share: SECOND_LOOK_SHARE * 100 })}
              </Typography>
              <Box component="ul" sx={{ pl: 2.5, m: 0 }}>
                {flagged.map((l) => {
                  const d = lineDelta(l);
                  return (
                    <li key={l.product_id} data-testid="inv-review-line" data-product-id={l.product_id}>
                      <Typography variant="body2">
                        <Box component="span" data-i18n-skip="">
                          {l.name}
                        </Box>
                        {`: ${t('inv_counted')} ${l.counted}, ${t('inv_expected')} ${l.expected}, ${t('inv_difference')} ${d > 0 ? `+${d}` : d}`}
                      </Typography>
                    </li>
                  );
                })}
              </Box>
            </Alert>
          ) : (
            <Typography color="text.secondary">{t('inv_reviewNoFlagged')}</Typography>
          )}
          <TextField
            label={t('inv_countNotes')}
            value={session.notes}
            onChange={(e) => onNotes(e.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: STOCK_LIMITS.maxNotes, 'data-testid': 'inv-review-notes' } }}
          />
        </Stack>
      </DialogContent>
      <DialogSubmitActions
        busy={busy}
        onCancel={onClose}
        onSubmit={() => void post()}
        testId="inv-review-post"
      >
        {t('inv_post')}
      </DialogSubmitActions>
    </Dialog>
  );
}

export function DiscardDialog({
  open,
  onClose,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="inv-discard-title"
      data-testid="inv-discard-dialog"
    >
      <DialogTitle id="inv-discard-title">{t('inv_cancelTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('inv_cancelText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {t('inv_back')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={onConfirm}
          sx={{ minHeight: 44 }}
          data-testid="inv-discard-confirm"
        >
          {t('inv_cancelConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
