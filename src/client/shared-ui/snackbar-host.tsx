import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { SNACKBAR_HIDE_MS } from '../../shared/domain/constants';
import { useUi } from '../state/ui';

/**
 * The one place global messages appear: the ui store's globalError (error severity) and
 * globalSuccess (success severity), each hiding after 6 s (spec §9). When both are set the error
 * is shown first; closing it reveals the success message.
 */
export function SnackbarHost() {
  const error = useUi((s) => s.globalError);
  const success = useUi((s) => s.globalSuccess);
  const showError = useUi((s) => s.showError);
  const showSuccess = useUi((s) => s.showSuccess);
  const current = error
    ? { severity: 'error' as const, text: error }
    : success
      ? { severity: 'success' as const, text: success }
      : null;
  const close = (_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    if (current?.severity === 'error') showError(null);
    else showSuccess(null);
  };
  return (
    <Snackbar
      key={current ? `${current.severity}:${current.text}` : 'none'}
      open={!!current}
      autoHideDuration={SNACKBAR_HIDE_MS}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {current ? (
        <Alert
          onClose={close}
          severity={current.severity}
          variant="filled"
          sx={{ width: '100%', minWidth: 280 }}
        >
          {current.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
