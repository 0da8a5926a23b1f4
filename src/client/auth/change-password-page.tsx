import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { PASSWORD_MIN_LENGTH_RANGE, passwordProblem } from '../../shared/domain/password-rules';
import { landingPathFor } from '../../shared/domain/roles';
import { updateProfile } from '../api/auth';
import { ApiError, isNetworkError } from '../api/errors';
import { getTenant } from '../api/tenant';
import { AuthCard } from '../shared-ui/auth-card';
import { type Translate, useT } from '../shared-ui/i18n';
import { LoadingText } from '../shared-ui/loading';
import { useSyncStatus } from '../shared-ui/local-store';
import { PlainTextField as TextField } from '../shared-ui/plain-text-field';
import { useSession } from '../state/session';
import { useUi } from '../state/ui';

type Field = 'current' | 'next' | 'repeat';
type Errors = Partial<Record<Field | 'form', string>>;

/**
 * /change-password — the one screen of a user signed in with a one-time password (an admin made
 * it: a reset, a new account, a new company's first admin). No menu and no other page: the guards
 * send every other address here, and the server refuses every other call until the change
 * (403 PASSWORD_CHANGE_REQUIRED). The user types their new password twice; the current one is the
 * one-time password they just signed in with (asked again only after a reload). The company's
 * password rule is shown and checked here, and enforced by the server. The change needs the
 * server: offline the screen says so. After it, the user lands on their role's page. Signing out
 * stays possible.
 */
export default function ChangePasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const isLoading = useSession((s) => s.isLoading);
  const user = useSession((s) => s.user);
  const typed = useSession((s) => s.oneTimePassword);
  const companyName = useSession((s) => s.tenantInfo.company_name);
  const policy = useSession((s) => s.tenantInfo.password_policy);
  const browserOnline = useSyncStatus((s) => s.online);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  // The typed one-time password is used once: a wrong or refused one is asked for.
  const [askCurrent, setAskCurrent] = useState(!typed);
  const minLength = policy?.min_length ?? PASSWORD_MIN_LENGTH_RANGE.min;
  const strong = policy?.require_strong === true;

  useEffect(() => {
    if (!typed) setAskCurrent(true);
  }, [typed]);

  if (isLoading) return <LoadingText />;
  if (!user) return <Navigate to="/login" replace />;
  if (!user.must_change_password) return <Navigate to={landingPathFor(user.role)} replace />;

  const clearError = (field: Field) => setErrors((e) => ({ ...e, [field]: undefined, form: undefined }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving || !user) return;
    const currentPassword = askCurrent ? current : (typed ?? '');
    const found: Errors = {};
    if (!currentPassword) found.current = t('cp_currentRequired');
    const problem = passwordProblem(next, { minLength, requireStrong: strong });
    if (!next) found.next = t('cp_newRequired');
    else if (problem?.kind === 'tooShort') found.next = t('cp_tooShort', { n: problem.min });
    else if (problem?.kind === 'weak') found.next = t('cp_weak');
    else if (next === currentPassword) found.next = t('cp_same');
    if (!found.next && repeat !== next) found.repeat = t('cp_mismatch');
    if (Object.keys(found).length > 0) return setErrors(found);
    if (!browserOnline) return setErrors({ form: t('cp_offline') });
    setSaving(true);
    setErrors({});
    try {
      const updated = await updateProfile({ current_password: currentPassword, new_password: next });
      useSession.getState().setUser(updated);
      useUi.getState().showSuccess(t('cp_done'));
      navigate(landingPathFor(updated.role), { replace: true });
    } catch (caught) {
      const refusal = refusalOf(caught, t);
      if (refusal.current) setAskCurrent(true);
      setErrors(refusal);
      setSaving(false);
    }
  }

  const field = (name: Field, label: string, value: string, set: (v: string) => void, auto: string) => (
    <Box>
      <TextField
        id={`cp-${name}`}
        name={`cp-${name}`}
        label={label}
        type="password"
        value={value}
        onChange={(e) => {
          set(e.target.value);
          clearError(name);
        }}
        autoComplete={auto}
        autoFocus={name === (askCurrent ? 'current' : 'next')}
        fullWidth
        slotProps={{
          htmlInput: {
            maxLength: 200,
            'aria-invalid': errors[name] ? true : undefined,
            'aria-describedby': errors[name] ? `cp-${name}-error` : undefined,
          },
        }}
      />
      {errors[name] ? (
        <Typography
          id={`cp-${name}-error`}
          variant="caption"
          color="error"
          component="p"
          sx={{ mt: 0.5, mx: 1.75 }}
        >
          {errors[name]}
        </Typography>
      ) : null}
    </Box>
  );

  return (
    <AuthCard companyName={companyName} tenant={getTenant()} testId="change-password-page">
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ px: { xs: 3, sm: 4 }, pt: 3, pb: 2 }}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {t('cp_title')}
          </Typography>
          <Typography variant="body2" data-testid="change-password-intro">
            {t('cp_intro')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('cp_signedInAs', { name: user.full_name, username: user.username })}
          </Typography>
          {!browserOnline ? (
            <Alert severity="warning" data-testid="change-password-offline">
              {t('cp_offline')}
            </Alert>
          ) : null}
          {errors.form ? (
            <Alert severity="error" data-testid="change-password-error">
              {errors.form}
            </Alert>
          ) : null}
          {askCurrent ? field('current', t('cp_current'), current, setCurrent, 'current-password') : null}
          {field('next', t('cp_new'), next, setNext, 'new-password')}
          {field('repeat', t('cp_repeat'), repeat, setRepeat, 'new-password')}
          <Typography variant="body2" color="text.secondary" data-testid="change-password-rules">
            {t(strong ? 'cp_rulesStrong' : 'cp_rules', { n: minLength })}
          </Typography>
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={saving}
            data-testid="change-password-submit"
          >
            {saving ? t('cp_saving') : t('cp_submit')}
          </Button>
          <Button
            fullWidth
            onClick={() => void useSession.getState().signOut()}
            disabled={saving}
            data-testid="change-password-sign-out"
          >
            {t('cp_signOut')}
          </Button>
        </Stack>
      </Box>
    </AuthCard>
  );
}

/** The server's refusal, on the field it names and in the user's language where we know it. */
function refusalOf(caught: unknown, t: Translate): Errors {
  if (isNetworkError(caught)) return { form: t('cp_offline') };
  if (!(caught instanceof ApiError)) return { form: t('cp_failed') };
  const field = caught.body?.field;
  // a wrong current password (a lockout says so in the server's words)
  if (field === 'current_password')
    return { current: caught.body?.lockedOut === true ? caught.message : t('cp_currentWrong') };
  if (field === 'new_password') return { next: caught.message };
  return { form: caught.message || t('cp_failed') };
}
