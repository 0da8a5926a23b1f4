import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { assignDriverBody } from '../../shared/api/orders';
import { canAssignDriver } from '../../shared/domain/order-status';
import type { LocalOrder } from '../local/database';
import { DialogSubmitActions } from '../shared-ui/dialog-submit-actions';
import { useT } from '../shared-ui/i18n';
import { useOnline } from '../shared-ui/local-store';
import { assignDriverAction, useActingUser, useDrivers } from './orders-data';

export interface AssignDriverDialogProps {
  order: LocalOrder | null;
  open: boolean;
  onClose: () => void;
}

/**
 * Assign a driver (manager or admin, no status change): before shipping (approved, prepared) or
 * re-assign one while the order is on its way (in_transit, out_for_delivery: the driver fell ill,
 * was deactivated or deleted) — canAssignDriver. The drivers come from the list cached on this
 * device (refreshed while the dialog is open and the network is there), so the dialog works
 * offline once the list has been fetched; the assignment itself goes through the outbox.
 *
 * The form lives in a child of the Dialog: MUI mounts it on every opening, so it starts from the
 * order as it is then, and a sync updating the order meanwhile does not wipe what is being typed.
 */
export function AssignDriverDialog({ order, open, onClose }: AssignDriverDialogProps) {
  return (
    <Dialog
      open={open && !!order}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      data-testid="assign-driver-dialog"
    >
      {order ? <AssignDriverForm order={order} onClose={onClose} /> : null}
    </Dialog>
  );
}

function AssignDriverForm({ order, onClose }: { order: LocalOrder; onClose: () => void }) {
  const t = useT();
  const user = useActingUser();
  const allowed = !!user && canAssignDriver(user, order);
  const drivers = useDrivers(allowed);
  const online = useOnline();
  const [driverId, setDriverId] = useState(order.driver_id ?? '');
  const [plate, setPlate] = useState(order.vehicle_plate ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // A driver the cached list does not know (e.g. deactivated since) must not break the Select.
  const known = (drivers ?? []).some((d) => d.id === driverId);

  const submit = async () => {
    const driver = (drivers ?? []).find((d) => d.id === driverId);
    const parsed = assignDriverBody.safeParse({ driver_id: driver?.id ?? '', vehicle_plate: plate });
    if (!driver || !parsed.success) {
      setError(
        parsed.success ? t('selectValidDriver') : (parsed.error.issues[0]?.message ?? t('invalidValue')),
      );
      return;
    }
    setBusy(true);
    const entry = await assignDriverAction(order.id, driver, parsed.data.vehicle_plate);
    setBusy(false);
    if (entry) onClose();
  };

  return (
    <>
      <DialogTitle>{t('assignDriverTitle', { number: order.order_number })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {order.customer_name}
            {order.driver_name ? t('currentDriver', { name: order.driver_name }) : ''}
          </Typography>
          {!allowed ? (
            <Alert severity="warning">{t('cannotAssignDriver')}</Alert>
          ) : drivers === undefined ? (
            <LinearProgress />
          ) : drivers.length === 0 ? (
            <Alert severity={online ? 'info' : 'warning'} data-testid="drivers-empty">
              {online ? t('driversLoadingOrNone') : t('driversOffline')}
            </Alert>
          ) : (
            <FormControl fullWidth error={!!error}>
              <InputLabel id="assign-driver-label">{t('driver')}</InputLabel>
              <Select
                labelId="assign-driver-label"
                label={t('driver')}
                value={known ? driverId : ''}
                onChange={(e) => {
                  setDriverId(e.target.value);
                  setError(null);
                }}
                data-testid="driver-select"
              >
                {drivers.map((d) => (
                  <MenuItem key={d.id} value={d.id}>
                    {d.full_name} ({d.username})
                  </MenuItem>
                ))}
              </Select>
              <FormHelperText>{error ?? ' '}</FormHelperText>
            </FormControl>
          )}
          {allowed ? (
            <TextField
              label={t('vehiclePlateOptional')}
              value={plate}
              onChange={(e) => setPlate(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 20, 'data-testid': 'vehicle-plate' } }}
            />
          ) : null}
        </Stack>
      </DialogContent>
      <DialogSubmitActions
        busy={busy}
        disabled={!allowed || !known}
        onCancel={onClose}
        onSubmit={() => void submit()}
        testId="assign-driver-confirm"
      >
        {t('assignDriver')}
      </DialogSubmitActions>
    </>
  );
}
