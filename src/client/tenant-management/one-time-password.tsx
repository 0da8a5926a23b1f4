import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { dateTimeLabel, useT } from '../shared-ui/i18n';

/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/**
 * A one-time password for a new company's first admin, made on this device from the browser's
 * cryptographic random source (the server only ever gets it to hash it). 16 characters of a
 * 56-letter alphabet: about 93 bits.
 */
export function makeOneTimePassword(length = 16): string {
  const bytes = new Uint32Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** A new company's first admin's sign-in, and until when its one-time password signs in. */
export interface FirstAdminLogin {
  tenant: string;
  username: string;
  password: string;
  /** The server's expiry of the one-time password (null: an answer without it). */
  expiresAt: string | null;
}

/**
 * Shows the first admin's sign-in once: it is not kept anywhere the screen could show it again.
 * The password is one-time: the admin signs in with it only to set their own, before it expires.
 */
export function OneTimePasswordDialog({
  login,
  onClose,
}: {
  login: FirstAdminLogin | null;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      open={!!login}
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="tenant-otp-title"
      aria-describedby="tenant-otp-text"
      data-testid="tenant-otp-dialog"
    >
      <DialogTitle id="tenant-otp-title">{t('tm_otpTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="tenant-otp-text">
          {login?.expiresAt
            ? t('tm_otpTextUntil', { date: dateTimeLabel(login.expiresAt) })
            : t('tm_otpText')}
        </DialogContentText>
        {login ? (
          <Typography
            component="dl"
            sx={{ mt: 2, '& dd': { m: 0, mb: 1, fontFamily: 'monospace', fontSize: 18 } }}
          >
            <Typography component="dt" variant="caption" color="text.secondary">
              {t('tm_fieldSubdomain')}
            </Typography>
            <dd data-testid="tenant-otp-tenant">{login.tenant}</dd>
            <Typography component="dt" variant="caption" color="text.secondary">
              {t('tm_fieldAdminUsername')}
            </Typography>
            <dd data-testid="tenant-otp-username">{login.username}</dd>
            <Typography component="dt" variant="caption" color="text.secondary">
              {t('tm_otpPassword')}
            </Typography>
            <dd data-testid="tenant-otp-password">{login.password}</dd>
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="tenant-otp-close">
          {t('tm_otpDone')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
