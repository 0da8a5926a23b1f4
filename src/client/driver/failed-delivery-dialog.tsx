import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { DELIVERY_FAILURE_REASONS } from '../../shared/api/warehouse';
import type { LocalOrder } from '../local/database';
import { changeOrderStatus } from '../local/shared-mutations';
import { DialogSubmitActions } from '../shared-ui/dialog-submit-actions';
import { type MessageKey, t as translate, useT } from '../shared-ui/i18n';
import { runLocalAction } from '../shared-ui/local-action';
import { failureNotes, useResponsiveFullScreen } from './driver-ui';

/** The reasons' labels in the current language (the stored text is always the Turkish reason). */
export const REASON_KEYS: readonly MessageKey[] = [
  'deliveryReason0',
  'deliveryReason1',
  'deliveryReason2',
  'deliveryReason3',
  'deliveryReason4',
];

/**
 * 'Teslim Edilemedi': out_for_delivery → in_transit (the machine requires a reason). The driver
 * picks a reason from DELIVERY_FAILURE_REASONS and may add details (required for 'Diğer'); the
 * status change carries "{reason}: {details}" as its notes, through the outbox.
 */
export function FailedDeliveryDialog({ order, onClose }: { order: LocalOrder | null; onClose: () => void }) {
  const fullScreen = useResponsiveFullScreen();
  return (
    <Dialog
      open={!!order}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      data-testid="failed-dialog"
    >
      {order ? <FailedForm order={order} onClose={onClose} /> : null}
    </Dialog>
  );
}

function FailedForm({ order, onClose }: { order: LocalOrder; onClose: () => void }) {
  const t = useT();
  const [reason, setReason] = useState<number>(0);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const other = reason === DELIVERY_FAILURE_REASONS.length - 1;

  const submit = async () => {
    if (other && !details.trim()) {
      setError(t('deliveryFailedNotesRequired'));
      return;
    }
    setBusy(true);
    const entry = await runLocalAction(
      () =>
        changeOrderStatus(
          order.id,
          'in_transit',
          failureNotes(DELIVERY_FAILURE_REASONS[reason] ?? '', details),
        ),
      translate('deliveryFailedSaved'),
      translate('deliverySaveError'),
    );
    setBusy(false);
    if (entry) onClose();
  };

  return (
    <>
      <DialogTitle>{t('deliveryFailedTitle', { number: order.order_number })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormLabel id="failed-reason-label">{t('deliveryFailedReason')}</FormLabel>
          <RadioGroup
            aria-labelledby="failed-reason-label"
            value={String(reason)}
            onChange={(e) => {
              setReason(Number(e.target.value));
              setError(null);
            }}
          >
            {REASON_KEYS.map((key, index) => (
              <FormControlLabel
                key={key}
                value={String(index)}
                control={<Radio />}
                label={t(key)}
                sx={{ minHeight: 44 }}
                data-testid={`failed-reason-${index}`}
              />
            ))}
          </RadioGroup>
          <TextField
            label={t('deliveryFailedNotes')}
            value={details}
            onChange={(e) => {
              setDetails(e.target.value);
              setError(null);
            }}
            required={other}
            fullWidth
            multiline
            minRows={2}
            error={!!error}
            helperText={error}
            slotProps={{ htmlInput: { maxLength: 900, 'data-testid': 'failed-notes' } }}
          />
        </Stack>
      </DialogContent>
      <DialogSubmitActions
        busy={busy}
        onCancel={onClose}
        onSubmit={() => void submit()}
        color="error"
        testId="failed-submit"
      >
        {t('deliveryFailedSave')}
      </DialogSubmitActions>
    </>
  );
}
