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
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AppLogo } from '../shared-ui/app-logo';
import { useT } from '../shared-ui/i18n';
import { LanguageSwitch } from '../shared-ui/language-switch';
import { PlainTextField as TextField } from '../shared-ui/plain-text-field';
import { ProgressBar } from '../shared-ui/progress-bar';
import { WaitingChangesNotice } from '../shared-ui/waiting-changes-notice';
import { lockoutProgress, remainingMinutes, showAttemptsWarning } from './login-lockout';

/**
 * The parts of the login screen (login-page.tsx) that only show what they are given: the frame
 * and its header and footer, the notices above the fields, the password field with its
 * show/hide button, and the links under the form. The first visit's plain-HTML form
 * (app/login-shell-markup.ts) mirrors them: same elements, ids, names, labels and sizes.
 */

/** The page: a card in the middle of the brand's gradient. */
export function LoginFrame({ children }: { children: ReactNode }) {
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
        {children}
      </Paper>
    </Box>
  );
}

/** The company's name, the app's subtitle and the company's address name (tenant). */
export function LoginHeader({ companyName, tenant }: { companyName: string; tenant: string }) {
  const t = useT();
  return (
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
  );
}

/**
 * What the screen has to say above the fields, in this order: the session ended, the address
 * names no company, changes still waiting from a signed-out user, the lockout (its message, the
 * minutes left and a bar), the error, the attempts left.
 */
export function LoginNotices({
  sessionExpired,
  shownError,
  locked,
  tenantMissing,
  tenant,
  signedOutUserId,
  lockMessage,
  lockedUntil,
  now,
  attemptsLeft,
}: {
  sessionExpired: boolean;
  shownError: string | null | undefined;
  locked: boolean;
  tenantMissing: boolean;
  tenant: string;
  signedOutUserId: string | null;
  lockMessage: string;
  lockedUntil: number | null;
  now: number;
  attemptsLeft: number | undefined;
}) {
  const t = useT();
  const minutes = lockedUntil ? remainingMinutes(lockedUntil, now) : 0;
  return (
    <>
      {sessionExpired && !shownError && !locked ? <Alert severity="info">{t('sessionExpired')}</Alert> : null}
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
    </>
  );
}

/** The username: as typed (no capitals added, no spelling check), focused when the screen opens. */
export function UsernameField({
  username,
  setUsername,
  edited,
}: {
  username: string;
  setUsername: (value: string) => void;
  edited: () => void;
}) {
  const t = useT();
  return (
    <TextField
      id="username"
      name="username"
      label={t('username')}
      value={username}
      onChange={(e) => {
        setUsername(e.target.value);
        edited();
      }}
      autoComplete="username"
      autoFocus
      fullWidth
      slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
    />
  );
}

/** The submit button: says the screen is locked, or that the sign-in is on its way. */
export function LoginSubmit({ locked, submitting }: { locked: boolean; submitting: boolean }) {
  const t = useT();
  return (
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
  );
}

/** The password, hidden unless the user asks to see it (the button keeps the focus in the field). */
export function PasswordField({
  password,
  setPassword,
  edited,
  showPassword,
  setShowPassword,
}: {
  password: string;
  setPassword: (value: string) => void;
  edited: () => void;
  showPassword: boolean;
  setShowPassword: (change: (shown: boolean) => boolean) => void;
}) {
  const t = useT();
  return (
    <TextField
      id="password"
      name="password"
      label={t('password')}
      type={showPassword ? 'text' : 'password'}
      value={password}
      onChange={(e) => {
        setPassword(e.target.value);
        edited();
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
  );
}

/** 'veya', "Şifrenizi mi unuttunuz?" and the new company's sign-up link. */
export function LoginLinks({ openForgot }: { openForgot: () => void }) {
  const t = useT();
  return (
    <>
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
    </>
  );
}

/** The secure-connection note, the copyright and the language switch. */
export function LoginFooter() {
  const t = useT();
  return (
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
  );
}
