import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { forgotPassword } from '../api/auth';
import { ApiError, isNetworkError } from '../api/errors';
import { useT } from '../shared-ui/i18n';
import { PlainTextField as TextField } from '../shared-ui/plain-text-field';
import { useSession } from '../state/session';

/**
 * "Şifrenizi mi unuttunuz?". With e-mail configured on the server (the tenant info's
 * `password_reset_by_email`) the user types their username and is mailed a reset link; the
 * answer is the same whether or not that user exists, so the dialog says exactly what the server
 * can promise. Without e-mail, it tells the user to ask their company's admin, who resets
 * passwords in Kullanıcı Yönetimi. Loaded only when opened (the login screen stays light).
 */
export default function ForgotPasswordDialog({
  open,
  onClose,
  initialUsername,
}: {
  open: boolean;
  onClose: () => void;
  initialUsername: string;
}) {
  const t = useT();
  const byEmail = useSession((s) => s.tenantInfo.password_reset_by_email === true);
  const [username, setUsername] = useState(initialUsername);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!username.trim()) {
      setError(t('usernameRequired'));
      return;
    }
    setSending(true);
    setError(null);
    try {
      await forgotPassword(username.trim());
      setSent(true);
    } catch (caught) {
      if (isNetworkError(caught)) setError(t('networkUnreachable'));
      else if (caught instanceof ApiError && caught.code === 'RATE_LIMITED') setError(t('pw_tooMany'));
      else if (caught instanceof ApiError && caught.code === 'FORBIDDEN') setError(t('pw_adminInfo'));
      else setError(t('pw_errOther'));
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="forgot-password-title">
      <DialogTitle id="forgot-password-title">{t('pw_dialogTitle')}</DialogTitle>
      {byEmail ? (
        <form noValidate onSubmit={onSubmit}>
          <DialogContent sx={{ pt: 0 }}>
            {sent ? (
              <Alert severity="success" data-testid="forgot-password-sent">
                {t('pw_sent')}
              </Alert>
            ) : (
              <>
                <Typography variant="body2" sx={{ mb: 2 }}>
                  {t('pw_emailInfo')}
                </Typography>
                {error ? (
                  <Alert severity="error" sx={{ mb: 2 }} data-testid="forgot-password-error">
                    {error}
                  </Alert>
                ) : null}
                <TextField
                  id="forgot-username"
                  name="username"
                  label={t('username')}
                  value={username}
                  onChange={(e) => {
                    setUsername(e.target.value);
                    setError(null);
                  }}
                  autoComplete="username"
                  autoFocus
                  fullWidth
                  slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: 100 } }}
                />
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('pw_close')}</Button>
            {sent ? null : (
              <Button type="submit" variant="contained" disabled={sending}>
                {sending ? t('pw_sending') : t('pw_send')}
              </Button>
            )}
          </DialogActions>
        </form>
      ) : (
        <>
          <DialogContent sx={{ pt: 0 }} data-testid="forgot-password-admin">
            <Typography variant="body1" sx={{ mb: 1 }}>
              {t('pw_adminInfo')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('pw_adminHow')}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} autoFocus>
              {t('pw_close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
