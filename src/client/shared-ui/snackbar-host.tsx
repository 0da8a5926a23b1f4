import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SNACKBAR_HIDE_MS, TOAST_HIDE_MS } from '../../shared/domain/constants';
import { useUi } from '../state/ui';
import { bottomOffset, topOffset, useDialogClearance } from './dialog-clearance';

/** True from the `sm` breakpoint up (MUI's snackbar offsets differ there). */
function useWide(): boolean {
  return useMediaQuery(useTheme().breakpoints.up('sm'), { noSsr: true });
}

/**
 * The one place global messages appear:
 * - snackbars at the bottom: the ui store's globalError (error severity) and globalSuccess
 *   (success severity), each hiding after 6 s. When both are set the error is shown first;
 *   closing it reveals the success message.
 * - the toast at the top right: a failed change (mutation), closing after 5 s. It has its own
 *   place, so a failure is never hidden behind a success snackbar, nor the other way round.
 * Each closes after its time whether or not the window has the focus: the browser's "save
 * password?" bubble after signing in takes the focus, and MUI would otherwise hold the message
 * until it is dismissed (a pointer resting on the message still holds it, to be read).
 * While a dialog is open, both stay clear of its action row (dialog-clearance.ts).
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
  const wide = useWide();
  const clear = useDialogClearance(!!current, 'bottom', (box) =>
    bottomOffset(box, window.innerHeight, wide ? 24 : 8),
  );
  const close = (_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    if (current?.severity === 'error') showError(null);
    else showSuccess(null);
  };
  return (
    <>
      <Snackbar
        key={current ? `${current.severity}:${current.text}` : 'none'}
        open={!!current}
        autoHideDuration={SNACKBAR_HIDE_MS}
        disableWindowBlurListener
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        ref={clear}
      >
        {current ? (
          <Alert
            onClose={close}
            severity={current.severity}
            variant="filled"
            sx={{ width: '100%', minWidth: 280 }}
            data-testid="snackbar"
          >
            {current.text}
          </Alert>
        ) : undefined}
      </Snackbar>
      <ToastHost />
    </>
  );
}

function ToastHost() {
  const toast = useUi((s) => s.toast);
  const showToast = useUi((s) => s.showToast);
  // Under the top bar (56/64 px), so it never covers the bell or the account menu.
  const usual = useWide() ? 80 : 64;
  const clear = useDialogClearance(!!toast, 'top', (box) => topOffset(box, usual));
  const close = (_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    showToast(null);
  };
  return (
    <Snackbar
      key={toast ? `toast:${toast.id}` : 'no-toast'}
      open={!!toast}
      autoHideDuration={TOAST_HIDE_MS}
      disableWindowBlurListener
      onClose={close}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      ref={clear}
    >
      {toast ? (
        <Alert
          onClose={close}
          severity="error"
          variant="filled"
          role="alert"
          sx={{ width: '100%', minWidth: 280, maxWidth: 420 }}
          data-testid="toast"
        >
          {toast.text}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
