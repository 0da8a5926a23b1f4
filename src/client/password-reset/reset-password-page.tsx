import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PASSWORD_RESET_MESSAGES as M } from '../../shared/api/password-reset-messages';
import { PASSWORD_NOT_STRONG_MESSAGE } from '../../shared/domain/password-rules';
import { resetPassword } from '../api/auth';
import { ApiError, isNetworkError } from '../api/errors';
import { getTenant } from '../api/tenant';
import { AuthCard } from '../shared-ui/auth-card';
import { type Translate, useT } from '../shared-ui/i18n';
import { PlainTextField as TextField } from '../shared-ui/plain-text-field';
import { useSession } from '../state/session';

/** The shortest password any tenant allows; the tenant's own rules are the server's to apply. */
const MIN_LENGTH = 6;

/**
 * /reset-password?token=…&tenant=… — the page a reset e-mail links to: the user types a new
 * password twice and saves it. The server applies the tenant's rules (length, strong passwords),
 * uses the link once and refuses an expired or unknown one; its answers are shown in the user's
 * language. A link without a token says at once that it is not valid.
 */
export default function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const companyName = useSession((s) => s.tenantInfo.company_name);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving || !token) return;
    if (!password) return setErrors({ password: t('pw_newPasswordRequired') });
    if ([...password].length < MIN_LENGTH)
      return setErrors({ password: t('pw_tooShort', { n: MIN_LENGTH }) });
    if (confirm !== password) return setErrors({ confirm: t('pw_mismatch') });
    setSaving(true);
    setErrors({});
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (caught) {
      setErrors(serverError(caught, t));
    } finally {
      setSaving(false);
    }
  }

  return (
    <AuthCard companyName={companyName} tenant={getTenant()}>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ px: { xs: 3, sm: 4 }, pt: 3, pb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
          {t('pw_resetTitle')}
        </Typography>
        {done ? (
          <Stack spacing={2}>
            <Alert severity="success" data-testid="reset-done">
              {t('pw_done')}
            </Alert>
            <Button component={RouterLink} to="/login" variant="contained" fullWidth>
              {t('pw_goLogin')}
            </Button>
          </Stack>
        ) : !token ? (
          <Stack spacing={2}>
            <Alert severity="error" data-testid="reset-error">
              {t('pw_tokenInvalid')}
            </Alert>
            <Button component={RouterLink} to="/login" variant="outlined" fullWidth>
              {t('pw_goLogin')}
            </Button>
          </Stack>
        ) : (
          <Stack spacing={2}>
            <Typography variant="body2">{t('pw_resetIntro')}</Typography>
            {errors.form ? (
              <Alert severity="error" data-testid="reset-error">
                {errors.form}
              </Alert>
            ) : null}
            <Box>
              <TextField
                id="new-password"
                name="new-password"
                label={t('pw_newPassword')}
                type="password"
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setErrors((x) => ({ ...x, password: undefined }));
                }}
                autoComplete="new-password"
                autoFocus
                fullWidth
                slotProps={{
                  htmlInput: {
                    maxLength: 200,
                    'aria-invalid': errors.password ? true : undefined,
                    'aria-describedby': errors.password ? 'new-password-error' : undefined,
                  },
                }}
              />
              {errors.password ? (
                <Typography
                  id="new-password-error"
                  variant="caption"
                  color="error"
                  component="p"
                  sx={{ mt: 0.5, mx: 1.75 }}
                >
                  {errors.password}
                </Typography>
              ) : null}
            </Box>
            <Box>
              <TextField
                id="confirm-password"
                name="confirm-password"
                label={t('pw_confirmPassword')}
                type="password"
                value={confirm}
                onChange={(e) => {
                  setConfirm(e.target.value);
                  setErrors((x) => ({ ...x, confirm: undefined }));
                }}
                autoComplete="new-password"
                fullWidth
                slotProps={{
                  htmlInput: {
                    maxLength: 200,
                    'aria-invalid': errors.confirm ? true : undefined,
                    'aria-describedby': errors.confirm ? 'confirm-password-error' : undefined,
                  },
                }}
              />
              {errors.confirm ? (
                <Typography
                  id="confirm-password-error"
                  variant="caption"
                  color="error"
                  component="p"
                  sx={{ mt: 0.5, mx: 1.75 }}
                >
                  {errors.confirm}
                </Typography>
              ) : null}
            </Box>
            <Button type="submit" variant="contained" size="large" fullWidth disabled={saving}>
              {saving ? t('pw_saving') : t('pw_save')}
            </Button>
            <Button component={RouterLink} to="/login" fullWidth>
              {t('pw_goLogin')}
            </Button>
          </Stack>
        )}
      </Box>
    </AuthCard>
  );
}

/** The server's refusal, in the user's language where it is one we know. */
function serverError(caught: unknown, t: Translate): { password?: string; form?: string } {
  if (isNetworkError(caught)) return { form: t('pw_offline') };
  if (!(caught instanceof ApiError)) return { form: t('pw_resetFailed') };
  const known: Record<string, string> = {
    [M.tokenInvalid]: t('pw_tokenInvalid'),
    [M.tokenUsed]: t('pw_tokenUsed'),
    [M.tokenExpired]: t('pw_tokenExpired'),
    [M.notConfigured]: t('pw_notConfigured'),
  };
  const message = known[caught.message];
  if (message) return { form: message };
  if (caught.message === PASSWORD_NOT_STRONG_MESSAGE) return { password: t('pw_notStrong') };
  const short = /^Şifre en az (\d+) karakter olmalıdır$/.exec(caught.message);
  if (short) return { password: t('pw_tooShort', { n: Number(short[1]) }) };
  if (caught.body?.field === 'new_password') return { password: caught.message };
  return { form: caught.code === 'RATE_LIMITED' ? caught.message : t('pw_resetFailed') };
}
