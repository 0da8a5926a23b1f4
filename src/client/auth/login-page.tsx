import LockOutlined from '@mui/icons-material/LockOutlined';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { landingPathFor } from '../../shared/domain/roles';
import { login } from '../api/auth';
import { getTenant } from '../api/tenant';
import { AppLogo } from '../shared-ui/app-logo';
import { useFieldErrors } from '../shared-ui/field-errors';
import { adoptUserLanguage, useT } from '../shared-ui/i18n';
import { LanguageSwitch } from '../shared-ui/language-switch';
import { PlainTextField as TextField } from '../shared-ui/plain-text-field';
import { ProgressBar } from '../shared-ui/progress-bar';
import { readReturnTo, refusalNotice, refusedRoute, returnAddress } from '../shared-ui/route-access';
import { WaitingChangesNotice } from '../shared-ui/waiting-changes-notice';
import { useSession } from '../state/session';
import { useUi } from '../state/ui';
import {
  clearLockout,
  interpretLoginError,
  LOGIN_TEXT,
  lockoutProgress,
  readLockout,
  remainingMinutes,
  showAttemptsWarning,
  storeLockout,
} from './login-lockout';
import { type LoginShellState, takeLoginShell } from './login-shell-handoff';

/** Loaded when first opened: MUI's Dialog (modal, focus trap) is not part of the first visit's download. */
const ForgotPasswordDialog = lazy(() => import('./forgot-password-dialog'));

/**
 * The login screen: validation order (username, then password),
 * the lockout (persisted in `loginLockout`, restored on reload, ticking down), the remaining
 * attempts warning, the password cleared after a failure, and the role landing with the history
 * entry replaced.
 */
export default function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  // The address a guard sent us here from (a deep link opened while signed out), if any.
  const returnTo = readReturnTo(useLocation().state);
  const user = useSession((s) => s.user);
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  const sessionExpired = useSession((s) => s.sessionExpired);
  const signedOutUserId = useSession((s) => s.signedOutUserId);
  const companyName = useSession((s) => s.tenantInfo.company_name);
  const tenantMissing = useSession((s) => s.tenantMissing);
  const showSuccess = useUi((s) => s.showSuccess);

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // 'Kullanıcı adı gereklidir.' / 'Şifre gereklidir.': gone as soon as that field is typed in.
  const { errors: missing, setErrors: setMissing, edited } = useFieldErrors<'username' | 'password'>();
  const shownError = missing.username ?? missing.password ?? error;
  const [attemptsLeft, setAttemptsLeft] = useState<number | undefined>(undefined);
  const [lockedUntil, setLockedUntil] = useState<number | null>(() => readLockout());
  const [lockMessage, setLockMessage] = useState<string>(() => t(LOGIN_TEXT.locked));
  const [now, setNow] = useState(() => Date.now());
  // "Şifrenizi mi unuttunuz?": mounted on the first open, kept (its closing transition, the focus return).
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotMounted, setForgotMounted] = useState(false);
  function openForgot() {
    setForgotMounted(true);
    setForgotOpen(true);
  }

  const locked = lockedUntil !== null && lockedUntil > now;

  // The first visit's plain-HTML form (login-shell-handoff.ts): take over what the user typed
  // there, in the commit that replaced it, then give the focus and the caret back and replay a
  // submit it held. Two steps, because the caret can only be set once the inputs hold the text.
  const formRef = useRef<HTMLFormElement>(null);
  const [fromShell, setFromShell] = useState<LoginShellState | null>(null);
  useLayoutEffect(() => {
    const shell = takeLoginShell();
    if (!shell) return;
    setUsername(shell.username);
    setPassword(shell.password);
    setShowPassword(shell.showPassword);
    setFromShell(shell);
  }, []);
  useLayoutEffect(() => {
    if (!fromShell) return;
    const { focus } = fromShell;
    if (focus) {
      const input = document.getElementById(focus.id) as HTMLInputElement | null;
      input?.focus();
      if (input && focus.start !== null && focus.end !== null) {
        try {
          input.setSelectionRange(focus.start, focus.end);
        } catch {
          /* not every input type has a caret */
        }
      }
    }
    if (fromShell.submit) formRef.current?.requestSubmit();
    // The plain form's "Şifrenizi mi unuttunuz?" was pressed: the app took over to answer it.
    if (fromShell.forgot) {
      setForgotMounted(true);
      setForgotOpen(true);
    }
  }, [fromShell]);

  // Tick while locked; when the lock ends, unlock and forget it.
  useEffect(() => {
    if (lockedUntil === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= lockedUntil) {
        clearLockout();
        setLockedUntil(null);
        setError(null);
        setAttemptsLeft(undefined);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [lockedUntil]);

  // A signed-in user has nothing to do here: send them to their landing page (or, with a
  // one-time password still to replace, to the change screen).
  if (isAuthenticated && user?.must_change_password && !submitting)
    return <Navigate to="/change-password" replace />;
  if (isAuthenticated && user && !submitting)
    return <Navigate to={returnAddress(user.role, returnTo, landingPathFor(user.role))} replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    if (locked) {
      setError(t('lockedWait'));
      return;
    }
    if (!username.trim()) {
      setError(null);
      setMissing({ username: t('usernameRequired') });
      return;
    }
    if (!password) {
      setError(null);
      setMissing({ password: t('passwordRequired') });
      return;
    }
    setMissing({});
    setSubmitting(true);
    setError(null);
    // The local store (Dexie, the sync engine) is what a signed-in user needs first: its code is
    // fetched while the server checks the password, so the first sync starts as soon as the
    // answer is in instead of one download later. Only warmed here; the app opens the store.
    void import('../local/store').catch(() => undefined);
    try {
      const result = await login({ username: username.trim(), password });
      clearLockout();
      // A one-time password (an admin made it): the change screen, with the password just typed.
      const mustChange = result.must_change_password === true || result.user.must_change_password === true;
      useSession.getState().signIn(result.user, result.token, mustChange ? password : null);
      await adoptUserLanguage(result.user.language);
      if (mustChange) {
        navigate('/change-password', { replace: true });
        return;
      }
      showSuccess(t('loginSuccess'));
      // Asked for a page this role may not open: they land by role, told why.
      const refused = returnTo ? refusedRoute(result.user.role, returnTo.pathname) : null;
      if (refused) useUi.getState().showError(refusalNotice(t, refused));
      // Land by role with the history entry replaced — unless the user came here from an
      // address their role may open (a deep link survives the sign-in).
      navigate(returnAddress(result.user.role, returnTo, landingPathFor(result.user.role)), {
        replace: true,
      });
    } catch (caught) {
      const failure = interpretLoginError(caught);
      setPassword('');
      setAttemptsLeft(failure.remainingAttempts);
      if (failure.lockUntil) {
        storeLockout(failure.lockUntil);
        setLockMessage(failure.message);
        setNow(Date.now());
        setLockedUntil(failure.lockUntil);
        setError(null);
      } else {
        setError(failure.message);
      }
      setSubmitting(false);
    }
  }

  const minutes = lockedUntil ? remainingMinutes(lockedUntil, now) : 0;
  const tenant = getTenant();

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        background: (theme) =>
          `linear-gradient(135deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, ${theme.palette.secondary.main} 140%)`,
      }}
    >
      <Paper elevation={8} sx={{ width: '100%', maxWidth: 440, overflow: 'hidden' }}>
        <Box
          component="header"
          sx={{
            px: 4,
            pt: 4,
            pb: 3,
            textAlign: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
          }}
        >
          <AppLogo size={56} />
          <Typography variant="h5" component="p" sx={{ fontWeight: 700, mt: 1 }}>
            {companyName}
          </Typography>
          <Typography variant="subtitle1" component="p">
            {t('loginSubtitle')}
          </Typography>
          <Box
            component="span"
            title={t('tenant')}
            // Outlined on the header colour itself: its text keeps the theme's 4.5:1 contrast text.
            sx={{
              display: 'inline-block',
              mt: 1.5,
              px: 1.25,
              py: 0.25,
              border: 1,
              borderColor: 'currentColor',
              borderRadius: 4,
              typography: 'body2',
              fontWeight: 500,
            }}
          >
            {tenant}
          </Box>
        </Box>

        <Box
          component="form"
          ref={formRef}
          noValidate
          onSubmit={onSubmit}
          onKeyDown={(e) => {
            // A disabled submit button blocks the browser's implicit (Enter) submission, so the
            // spec's "submitting while locked" message is given here.
            if (e.key === 'Enter' && locked) {
              e.preventDefault();
              setError(t('lockedWait'));
            }
          }}
          sx={{ px: { xs: 3, sm: 4 }, pt: 3, pb: 2 }}
        >
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
            {t('loginHeading')}
          </Typography>

          <Stack spacing={2}>
            {sessionExpired && !shownError && !locked ? (
              <Alert severity="info">{t('sessionExpired')}</Alert>
            ) : null}
            {/* The address names no company: said before anyone types, not after a submit. */}
            {tenantMissing && !shownError ? (
              <Alert severity="error" data-testid="tenant-missing">
                {t('tenantNotFound')}
              </Alert>
            ) : null}
            <WaitingChangesNotice tenant={tenant} userId={signedOutUserId} />
            {locked ? (
              <Alert severity="warning" icon={<LockOutlined />} data-testid="lockout-alert">
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {lockMessage}
                </Typography>
                <Typography variant="body2" sx={{ mt: 0.5 }}>
                  {t('remainingTime', { n: minutes })}
                </Typography>
                <ProgressBar
                  color="warning"
                  value={lockedUntil ? lockoutProgress(lockedUntil, now) : 0}
                  sx={{ mt: 1, height: 6, borderRadius: 3 }}
                  label={t('remainingTime', { n: minutes })}
                />
              </Alert>
            ) : null}
            {shownError ? (
              <Alert severity="error" data-testid="login-error">
                {shownError}
              </Alert>
            ) : null}
            {!locked && showAttemptsWarning(attemptsLeft) ? (
              <Alert severity="warning" data-testid="attempts-warning">
                {t('remainingAttempts', { n: attemptsLeft })}
              </Alert>
            ) : null}

            <TextField
              id="username"
              name="username"
              label={t('username')}
              value={username}
              onChange={(e) => {
                setUsername(e.target.value);
                edited('username');
              }}
              autoComplete="username"
              autoFocus
              fullWidth
              slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
            />
            <TextField
              id="password"
              name="password"
              label={t('password')}
              type={showPassword ? 'text' : 'password'}
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                edited('password');
              }}
              autoComplete="current-password"
              fullWidth
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        aria-label={showPassword ? t('hidePassword') : t('showPassword')}
                        onClick={() => setShowPassword((v) => !v)}
                        onMouseDown={(e) => e.preventDefault()}
                        edge="end"
                      >
                        {showPassword ? <VisibilityOff /> : <Visibility />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={submitting || locked}
              sx={{ py: 1.25 }}
            >
              {locked ? t('loginLocked') : submitting ? t('loginSubmitting') : t('loginSubmit')}
            </Button>
          </Stack>

          {/* A divider with a word in it, and a link-styled button: plain boxes, not MUI's Divider
              and Link (fewer KiB on the first visit). */}
          <Box
            role="separator"
            sx={{
              my: 2.5,
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              '&::before, &::after': { content: '""', flex: 1, borderTop: 1, borderColor: 'divider' },
            }}
          >
            <Typography variant="body2" color="text.secondary">
              {t('or')}
            </Typography>
          </Box>
          <Box sx={{ textAlign: 'center' }}>
            {/* Opens the forgotten-password dialog: a reset link by e-mail, or whom to ask. */}
            <Box
              component="button"
              type="button"
              data-testid="forgot-password-link"
              aria-haspopup="dialog"
              onClick={(e) => {
                e.preventDefault();
                openForgot();
              }}
              sx={{
                typography: 'body2',
                color: 'primary.main',
                bgcolor: 'transparent',
                border: 0,
                p: 0,
                cursor: 'pointer',
                '&:hover': { textDecoration: 'underline' },
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              {t('forgotPassword')}
            </Box>
          </Box>
          {/* A new company's public sign-up (a plain link: no MUI Link on the first visit). */}
          <Box sx={{ textAlign: 'center', mt: 1.5 }}>
            <Box
              component={RouterLink}
              to="/register-company"
              data-testid="register-company-link"
              sx={{
                typography: 'body2',
                color: 'primary.main',
                textDecoration: 'none',
                '&:hover': { textDecoration: 'underline' },
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              {t('reg_loginLink')}
            </Box>
          </Box>
        </Box>
        {forgotMounted ? (
          <Suspense fallback={null}>
            <ForgotPasswordDialog
              open={forgotOpen}
              onClose={() => setForgotOpen(false)}
              initialUsername={username}
            />
          </Suspense>
        ) : null}

        <Box
          component="footer"
          sx={{
            px: 4,
            py: 2,
            borderTop: 1,
            borderColor: 'divider',
            textAlign: 'center',
            bgcolor: 'action.hover',
          }}
        >
          <Stack
            direction="row"
            spacing={0.75}
            sx={{ justifyContent: 'center', alignItems: 'center', color: 'success.main' }}
          >
            <LockOutlined sx={{ fontSize: 16 }} />
            <Typography variant="caption" sx={{ fontWeight: 500 }}>
              {t('secureConnection')}
            </Typography>
          </Stack>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {t('copyright')}
          </Typography>
          <LanguageSwitch />
        </Box>
      </Paper>
    </Box>
  );
}
