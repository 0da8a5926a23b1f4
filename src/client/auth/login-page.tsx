import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type FormEvent,
  lazy,
  type RefObject,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { AuthResponse } from '../../shared/api';
import { landingPathFor } from '../../shared/domain/roles';
import { login } from '../api/auth';
import { getTenant } from '../api/tenant';
import { askFirstPageEarly } from '../local/sync/first-page';
import { warmPullFetch } from '../local/sync/worker-fetch';
import { useFieldErrors } from '../shared-ui/field-errors';
import { adoptUserLanguage, useT } from '../shared-ui/i18n';
import { readReturnTo, refusalNotice, refusedRoute, returnAddress } from '../shared-ui/route-access';
import { useSession } from '../state/session';
import { announceSigningIn } from '../state/signing-in';
import { useUi } from '../state/ui';
import { clearLockout, interpretLoginError, LOGIN_TEXT, readLockout, storeLockout } from './login-lockout';
import {
  LoginFooter,
  LoginFrame,
  LoginHeader,
  LoginLinks,
  LoginNotices,
  LoginSubmit,
  PasswordField,
  UsernameField,
} from './login-parts';
import { type LoginShellState, takeHeldSubmit, takeLoginShell } from './login-shell-handoff';

/** Loaded when first opened: MUI's Dialog (modal, focus trap) is not part of the first visit's download. */
const ForgotPasswordDialog = lazy(() => import('./forgot-password-dialog'));

/**
 * The first visit's plain-HTML form (login-shell-handoff.ts): take over what the user typed
 * there, in the commit that replaced it, then give the focus and the caret back and replay a
 * submit it held. Two steps, because the caret can only be set once the inputs hold the text.
 */
function useShellTakeover(
  formRef: RefObject<HTMLFormElement | null>,
  setUsername: (value: string) => void,
  setPassword: (value: string) => void,
  setShowPassword: (value: boolean) => void,
  setForgotMounted: (value: boolean) => void,
  setForgotOpen: (value: boolean) => void,
) {
  const [fromShell, setFromShell] = useState<LoginShellState | null>(null);
  // Once, when this form replaces the plain one (the setters are state setters: they never change).
  useLayoutEffect(() => {
    const shell = takeLoginShell();
    if (!shell) return;
    setUsername(shell.username);
    setPassword(shell.password);
    setShowPassword(shell.showPassword);
    setFromShell(shell);
  }, [setUsername, setPassword, setShowPassword]);
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
  }, [fromShell, formRef, setForgotMounted, setForgotOpen]);
}

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

  const formRef = useRef<HTMLFormElement>(null);
  useShellTakeover(formRef, setUsername, setPassword, setShowPassword, setForgotMounted, setForgotOpen);

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
    // The worker the pages are received by starts now: it is ready by the answer.
    warmPullFetch();
    // The shell fetches the signed-in layout's code while the password is checked.
    announceSigningIn();
    try {
      const result = await (takeHeldSubmit<AuthResponse>(username.trim(), password) ??
        login({ username: username.trim(), password }));
      clearLockout();
      // A one-time password (an admin made it): the change screen, with the password just typed.
      const mustChange = result.must_change_password === true || result.user.must_change_password === true;
      // A first sync's first page is asked for now, while the signed-in screens are drawn and the
      // device's database is made (local/sync/first-page.ts); a one-time password's session may
      // not sync until it is replaced.
      if (!mustChange) void askFirstPageEarly(getTenant(), result.user.id, result.token);
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

  const tenant = getTenant();

  return (
    <LoginFrame>
      <LoginHeader companyName={companyName} tenant={tenant} />
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
          <LoginNotices
            sessionExpired={sessionExpired}
            shownError={shownError}
            locked={locked}
            tenantMissing={tenantMissing}
            tenant={tenant}
            signedOutUserId={signedOutUserId}
            lockMessage={lockMessage}
            lockedUntil={lockedUntil}
            now={now}
            attemptsLeft={attemptsLeft}
          />

          <UsernameField username={username} setUsername={setUsername} edited={() => edited('username')} />
          <PasswordField
            password={password}
            setPassword={setPassword}
            edited={() => edited('password')}
            showPassword={showPassword}
            setShowPassword={setShowPassword}
          />
          <LoginSubmit locked={locked} submitting={submitting} />
        </Stack>
        <LoginLinks openForgot={openForgot} />
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
      <LoginFooter />
    </LoginFrame>
  );
}
