import PhotoCamera from '@mui/icons-material/PhotoCameraOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { deliverBody } from '../../shared/api/warehouse';
import type { LocalOrder } from '../local/database';
import { DialogSubmitActions } from '../shared-ui/dialog-submit-actions';
import { useFieldErrors } from '../shared-ui/field-errors';
import { t as translate, useT } from '../shared-ui/i18n';
import { runLocalAction } from '../shared-ui/local-action';
import { useOnline } from '../shared-ui/local-store';
import { useResponsiveFullScreen } from './driver-ui';
import { currentFix, type Fix } from './location';
import { deliverOrder } from './mutations';
import { dataUrlBytes, preparePhoto } from './photo';
import { SignatureField, type SignatureFieldHandle } from './signature-field';

/**
 * 'Teslim Edildi' with proof: the recipient's name (required), their signature drawn on the
 * screen (required), an optional photo from the camera (resized on the device, photo.ts), the
 * device's time, and a GPS fix if the driver allows it (asked when the dialog opens; never waited
 * for). Saving applies the delivery locally and queues it with the proof (local/delivery.ts):
 * works the same with no signal.
 */
export function DeliveryDialog({
  order,
  onClose,
  onDelivered,
}: {
  order: LocalOrder | null;
  onClose: () => void;
  /** After the delivery is saved (the driver's next step: 'Tahsilat'). */
  onDelivered?: (order: LocalOrder) => void;
}) {
  const fullScreen = useResponsiveFullScreen();
  return (
    <Dialog
      open={!!order}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      data-testid="delivery-dialog"
    >
      {order ? <DeliveryForm order={order} onClose={onClose} onDelivered={onDelivered} /> : null}
    </Dialog>
  );
}

type LocationState = { state: 'locating' } | { state: 'ok'; fix: Fix } | { state: 'none' };

function DeliveryForm({
  order,
  onClose,
  onDelivered,
}: {
  order: LocalOrder;
  onClose: () => void;
  onDelivered: ((order: LocalOrder) => void) | undefined;
}) {
  const t = useT();
  const online = useOnline();
  const [recipient, setRecipient] = useState('');
  const [notes, setNotes] = useState('');
  const [photo, setPhoto] = useState<string | null>(null);
  const [photoBusy, setPhotoBusy] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const { errors, setErrors, edited } = useFieldErrors<'recipient' | 'signature' | 'form'>();
  const [busy, setBusy] = useState(false);
  const [location, setLocation] = useState<LocationState>({ state: 'locating' });
  const signature = useRef<SignatureFieldHandle | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    let alive = true;
    void currentFix().then((fix) => {
      if (alive) setLocation(fix ? { state: 'ok', fix } : { state: 'none' });
    });
    return () => {
      alive = false;
    };
  }, []);

  const pickPhoto = async (file: File | undefined) => {
    if (!file) return;
    setPhotoBusy(true);
    setPhotoError(null);
    edited('form');
    try {
      setPhoto(await preparePhoto(file));
    } catch (error) {
      console.error(error);
      setPhotoError(t('deliveryPhotoError'));
    } finally {
      setPhotoBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const submit = async () => {
    const name = recipient.trim();
    const png = signature.current?.toPng() ?? null;
    const next: typeof errors = {};
    if (!name) next.recipient = t('deliveryRecipientRequired');
    if (!png) next.signature = t('deliverySignatureRequired');
    setErrors(next);
    if (next.recipient || next.signature || !png) return;
    const fix = location.state === 'ok' ? location.fix : null;
    const proof = {
      recipient_name: name,
      signature: png,
      photo,
      delivered_at: new Date().toISOString(),
      location: fix,
      notes: notes.trim() || null,
    };
    // The server's own contract, checked before queueing: a refusal later would cost the proof.
    const parsed = deliverBody.safeParse({ ...proof, expected_status: 'out_for_delivery' });
    if (!parsed.success) {
      setErrors({ form: parsed.error.issues[0]?.message ?? translate('deliverySaveError') });
      return;
    }
    setBusy(true);
    const entry = await runLocalAction(
      () => deliverOrder(order.id, proof),
      translate('deliverySaved'),
      translate('deliverySaveError'),
    );
    setBusy(false);
    if (entry) {
      onClose();
      onDelivered?.(order);
    }
  };

  return (
    <>
      <DialogTitle>{t('deliveryDialogTitle', { number: order.order_number })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {order.customer_name}
            {order.customer_address ? ` · ${order.customer_address}` : ''}
          </Typography>
          <TextField
            label={t('deliveryRecipient')}
            value={recipient}
            onChange={(e) => {
              setRecipient(e.target.value);
              edited('recipient', 'form');
            }}
            required
            fullWidth
            autoComplete="off"
            error={!!errors.recipient}
            helperText={errors.recipient}
            slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'delivery-recipient' } }}
          />
          <SignatureField
            ref={signature}
            error={errors.signature ?? null}
            onChange={(empty) => {
              if (!empty) edited('signature', 'form');
            }}
          />
          <Stack spacing={1}>
            <Typography variant="subtitle2" component="span">
              {t('deliveryPhoto')}
            </Typography>
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              capture="environment"
              hidden
              onChange={(e) => void pickPhoto(e.target.files?.[0])}
              data-testid="delivery-photo-input"
            />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <Button
                variant="outlined"
                startIcon={<PhotoCamera />}
                onClick={() => fileInput.current?.click()}
                disabled={photoBusy}
                sx={{ minHeight: 44 }}
                data-testid="delivery-photo-button"
              >
                {photo ? t('deliveryRetakePhoto') : t('deliveryTakePhoto')}
              </Button>
              {photo ? (
                <Button color="inherit" onClick={() => setPhoto(null)} sx={{ minHeight: 44 }}>
                  {t('deliveryRemovePhoto')}
                </Button>
              ) : null}
              {photoBusy ? (
                <Typography variant="body2" color="text.secondary">
                  {t('deliveryPhotoProcessing')}
                </Typography>
              ) : null}
            </Stack>
            {photoError ? <Alert severity="warning">{photoError}</Alert> : null}
            {photo ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end' }}>
                <Box
                  component="img"
                  src={photo}
                  alt={t('deliveryPhotoPreview')}
                  data-testid="delivery-photo-preview"
                  sx={{ maxWidth: 160, maxHeight: 120, borderRadius: 1, border: 1, borderColor: 'divider' }}
                />
                <Typography variant="caption" color="text.secondary">
                  {t('deliveryPhotoSize', { kb: Math.ceil(dataUrlBytes(photo) / 1024) })}
                </Typography>
              </Stack>
            ) : null}
          </Stack>
          <TextField
            label={t('deliveryNotes')}
            value={notes}
            onChange={(e) => {
              setNotes(e.target.value);
              edited('form');
            }}
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <Typography
            variant="body2"
            color="text.secondary"
            data-testid="delivery-location"
            data-state={location.state}
          >
            {location.state === 'locating'
              ? t('deliveryLocating')
              : location.state === 'ok'
                ? t('deliveryLocationOk', { accuracy: location.fix.accuracy ?? '?' })
                : t('deliveryLocationNone')}
          </Typography>
          {!online ? <Alert severity="info">{t('deliveryOfflineNote')}</Alert> : null}
          {errors.form ? <Alert severity="error">{errors.form}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogSubmitActions
        busy={busy}
        disabled={photoBusy}
        onCancel={onClose}
        onSubmit={() => void submit()}
        testId="delivery-submit"
      >
        {t('deliveryConfirm')}
      </DialogSubmitActions>
    </>
  );
}
