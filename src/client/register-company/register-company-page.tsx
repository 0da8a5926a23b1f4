import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { API } from '../../shared/api/endpoints';
import {
  REGISTRATION_LIMITS as LIMITS,
  REGISTRATION_MESSAGES as M,
  type RegistrationField,
  SUBSCRIPTION_PLANS,
} from '../../shared/api/registrations';
import { SUBDOMAIN_MAX, subdomainProblem } from '../../shared/domain/platform';
import { ApiError, isNetworkError } from '../api/errors';
import { call } from '../api/http';
import { uuid } from '../local/outbox';
import { AppLogo } from '../shared-ui/app-logo';
import { type Translate, useT } from '../shared-ui/i18n';
import { LanguageSwitch } from '../shared-ui/language-switch';
import {
  checkRegisterForm,
  emptyRegisterForm,
  FIELD_LABEL_KEYS,
  type FieldError,
  isFormField,
  messageOf,
  PLAN_KEYS,
  type RegisterErrors,
  type RegisterForm,
} from './register-form';
import { VerifyEmail } from './verify-email';

/** Typing pauses this long before the subdomain is asked of the server. */
const CHECK_DELAY_MS = 400;

type SubdomainState =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; available: boolean; message: string };

/** A field message in the reader's language (a label named by the message is translated too). */
export function fieldText(t: Translate, error: FieldError): string {
  if ('text' in error) return error.text;
  const label = error.params?.label;
  return t(error.key, {
    ...error.params,
    ...(typeof label === 'string' ? { label: t(label as never) } : {}),
  });
}

/**
 * /register-company — a company's public sign-up. The form is checked with the server's own
 * schema before it is sent; the subdomain is checked live (its form, the reserved names, the
 * companies and applications that hold it). The page fetches a form token when it opens: the
 * server refuses a form sent within seconds of being served (a script's speed), and a hidden
 * field people never see must stay empty. After sending, the page says whether a verification
 * e-mail went out. `?verify=<token>` is the e-mailed link: it verifies the address instead.
 */
export default function RegisterCompanyPage() {
  const t = useT();
  const [params] = useSearchParams();
  const verifyToken = params.get('verify')?.trim() ?? '';
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: { xs: 1, sm: 2 },
        py: 4,
        background: (theme) =>
          `linear-gradient(135deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, ${theme.palette.secondary.main} 140%)`,
      }}
    >
      <Paper elevation={8} sx={{ width: '100%', maxWidth: 760, overflow: 'hidden' }}>
        <Box
          component="header"
          sx={{
            px: 3,
            pt: 3,
            pb: 2,
            textAlign: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
          }}
        >
          <AppLogo size={48} />
          <Typography variant="h6" component="p" sx={{ fontWeight: 700, mt: 1 }}>
            {t('loginSubtitle')}
          </Typography>
        </Box>
        <Box sx={{ px: { xs: 2, sm: 4 }, pt: 3, pb: 2 }}>
          {verifyToken ? <VerifyEmail token={verifyToken} /> : <SignUpForm />}
        </Box>
        <Box
          component="footer"
          sx={{ px: 4, py: 1.5, borderTop: 1, borderColor: 'divider', textAlign: 'center' }}
        >
          <LanguageSwitch />
        </Box>
      </Paper>
    </Box>
  );
}

/** Asks for a form token: the server's signed time of serving the form (its time trap). */
async function serveForm(): Promise<{ token: string; at: number; minSeconds: number }> {
  const answer = await call(API.registrationForm);
  return { token: answer.form_token, at: Date.now(), minSeconds: answer.min_seconds };
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: hint ? 0.5 : 1.5, p: 0 }}>
        {title}
      </Typography>
      {hint ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {hint}
        </Typography>
      ) : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
        {children}
      </Box>
    </Box>
  );
}

function SignUpForm() {
  const t = useT();
  const [form, setForm] = useState<RegisterForm>(emptyRegisterForm);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [honeypot, setHoneypot] = useState('');
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<{ subdomain: string; email: string; verificationSent: boolean } | null>(
    null,
  );
  const [subdomain, setSubdomain] = useState<SubdomainState>({ state: 'idle' });
  // The registration's id, made once: a retried send (a lost answer) registers once.
  const id = useRef(uuid());
  const served = useRef<{ token: string; at: number; minSeconds: number } | null>(null);

  useEffect(() => {
    serveForm()
      .then((form) => {
        served.current = form;
      })
      .catch(() => {
        /* asked again when the form is sent */
      });
  }, []);

  // The live subdomain check: the rules at once, the server after a pause in typing.
  useEffect(() => {
    const value = form.subdomain.trim().toLowerCase();
    if (value === '') return setSubdomain({ state: 'idle' });
    const problem = subdomainProblem(value);
    if (problem) return setSubdomain({ state: 'done', available: false, message: problem });
    setSubdomain({ state: 'checking' });
    let live = true;
    const timer = setTimeout(() => {
      call(API.registrationSubdomainCheck, { query: { subdomain: value } })
        .then((answer) => {
          if (live) setSubdomain({ state: 'done', available: answer.available, message: answer.message });
        })
        .catch(() => {
          if (live) setSubdomain({ state: 'idle' });
        });
    }, CHECK_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [form.subdomain]);

  const set = (field: keyof RegisterForm) => (value: string) => {
    setForm((f) => ({ ...f, [field]: field === 'subdomain' ? value.toLowerCase() : value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setFormError(null);
    const local = checkRegisterForm(form, { id: id.current, form_token: 'x', website: honeypot });
    if (!local.ok) {
      setErrors(local.errors);
      setFormError(t('reg_fixErrors'));
      focusFirstError(local.errors);
      return;
    }
    setSending(true);
    try {
      served.current ??= await serveForm();
      const token = served.current;
      if (!token) throw new Error('no form token');
      // A person who fills the form in under the minimum (autofill) waits the rest here.
      const wait = token.at + token.minSeconds * 1000 + 250 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const answer = await call(API.registrationCreate, { body: { ...local.body, form_token: token.token } });
      setDone({
        subdomain: answer.subdomain,
        email: form.contact_person_email.trim(),
        verificationSent: answer.verification_sent,
      });
    } catch (caught) {
      const refusal = refusalOf(caught, t);
      if (refusal.field) {
        setErrors({ [refusal.field]: refusal.error });
        focusFirstError({ [refusal.field]: refusal.error });
      } else setFormError(refusal.message);
      // An expired or refused token: the next send brings a fresh one.
      if (refusal.newToken) served.current = null;
    } finally {
      setSending(false);
    }
  }

  if (done) {
    return (
      <Stack spacing={2} data-testid="register-done">
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {t('reg_doneTitle')}
        </Typography>
        <Alert severity="success">
          {t('reg_done')}
          <br />
          {t('reg_doneSubdomain', { sub: done.subdomain })}
        </Alert>
        <Alert severity={done.verificationSent ? 'info' : 'warning'} data-testid="register-email-note">
          {done.verificationSent ? t('reg_verifySent', { email: done.email }) : t('reg_noEmail')}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained" fullWidth>
          {t('reg_goLogin')}
        </Button>
      </Stack>
    );
  }

  const field = (name: Exclude<RegistrationField, 'subscription_plan'>, max: number, extra: object = {}) => {
    const error = errors[name];
    return (
      <TextField
        id={`reg-${name}`}
        name={name}
        label={t(FIELD_LABEL_KEYS[name])}
        value={form[name]}
        onChange={(e) => set(name)(e.target.value)}
        error={!!error}
        helperText={error ? fieldText(t, error) : undefined}
        fullWidth
        slotProps={{ htmlInput: { maxLength: max, 'data-testid': `reg-${name}` } }}
        {...extra}
      />
    );
  };

  const subError = errors.subdomain;
  const subHelp = subError
    ? fieldText(t, subError)
    : subdomain.state === 'checking'
      ? t('reg_checking')
      : subdomain.state === 'done'
        ? fieldText(t, messageOf('subdomain', subdomain.message))
        : t('reg_subdomainHelp');

  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid="register-form">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('reg_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('reg_intro')}
      </Typography>
      <Stack spacing={3}>
        {formError ? (
          <Alert severity="error" data-testid="register-error">
            {formError}
          </Alert>
        ) : null}
        <Section title={t('reg_sectionCompany')}>
          {field('company_name', LIMITS.company_name.max, { required: true, autoComplete: 'organization' })}
          {field('industry', LIMITS.industry)}
        </Section>
        <Section title={t('reg_sectionInvoice')} hint={t('reg_invoiceHelp')}>
          {field('legal_name', LIMITS.legal_name.max, { required: true })}
          {field('tax_number', 40, { required: true })}
          {field('tax_office', LIMITS.tax_office, { required: true })}
        </Section>
        <Section title={t('reg_sectionContact')}>
          {field('contact_person_name', LIMITS.contact_person_name.max, {
            required: true,
            autoComplete: 'name',
          })}
          {field('contact_person_email', 254, { required: true, type: 'email', autoComplete: 'email' })}
          {field('contact_person_phone', LIMITS.contact_person_phone, { type: 'tel', autoComplete: 'tel' })}
        </Section>
        <Section title={t('reg_sectionSubdomain')}>
          <TextField
            id="reg-subdomain"
            name="subdomain"
            label={t('reg_fSubdomain')}
            value={form.subdomain}
            onChange={(e) => set('subdomain')(e.target.value)}
            required
            fullWidth
            error={!!subError || (subdomain.state === 'done' && !subdomain.available)}
            helperText={subHelp}
            slotProps={{
              htmlInput: {
                maxLength: SUBDOMAIN_MAX,
                autoCapitalize: 'none',
                spellCheck: false,
                'data-testid': 'reg-subdomain',
              },
              formHelperText: {
                role: 'status',
                'aria-live': 'polite',
                sx:
                  subdomain.state === 'done' && subdomain.available && !subError
                    ? { color: 'success.dark' }
                    : {},
              } as object,
            }}
          />
          <TextField
            select
            id="reg-subscription_plan"
            label={t('reg_fPlan')}
            value={form.subscription_plan}
            onChange={(e) => set('subscription_plan')(e.target.value)}
            fullWidth
            error={!!errors.subscription_plan}
            helperText={errors.subscription_plan ? fieldText(t, errors.subscription_plan) : undefined}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'reg-plan' } as object } }}
          >
            {SUBSCRIPTION_PLANS.map((plan) => (
              <MenuItem key={plan} value={plan}>
                {t(PLAN_KEYS[plan])}
              </MenuItem>
            ))}
          </TextField>
        </Section>
        <Section title={t('reg_sectionAddress')}>
          {field('address_street', LIMITS.address_street, { autoComplete: 'street-address' })}
          {field('address_city', LIMITS.address_city, { autoComplete: 'address-level2' })}
          {field('address_state', LIMITS.address_state, { autoComplete: 'address-level1' })}
          {field('address_country', LIMITS.address_country, { autoComplete: 'country-name' })}
        </Section>
        {/* The honeypot: out of sight, out of the tab order and hidden from assistive
            technology. People leave it empty; a bot filling every field does not. */}
        <Box
          aria-hidden="true"
          sx={{ position: 'absolute', left: '-10000px', width: '1px', height: '1px', overflow: 'hidden' }}
        >
          <label htmlFor="reg-website">{t('reg_fHoneypot')}</label>
          <input
            id="reg-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={honeypot}
            onChange={(e) => setHoneypot(e.target.value)}
          />
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={sending}
          data-testid="register-submit"
        >
          {sending ? t('reg_submitting') : t('reg_submit')}
        </Button>
        <Button component={RouterLink} to="/login" fullWidth>
          {t('reg_goLogin')}
        </Button>
      </Stack>
    </Box>
  );
}

function focusFirstError(errors: RegisterErrors) {
  const first = Object.keys(FIELD_LABEL_KEYS).find((name) => errors[name as RegistrationField]);
  if (first) document.getElementById(`reg-${first}`)?.focus();
}

interface Refusal {
  field?: RegistrationField;
  error: FieldError;
  message: string;
  newToken: boolean;
}

/** The server's refusal: under its field when it names one of the form's, else above the form. */
function refusalOf(caught: unknown, t: Translate): Refusal {
  if (isNetworkError(caught))
    return { error: { key: 'reg_offline' }, message: t('reg_offline'), newToken: false };
  if (!(caught instanceof ApiError))
    return {
      error: { text: String(caught) },
      message: t('reg_failed', { message: String(caught) }),
      newToken: true,
    };
  const known: Record<
    string,
    { key: 'reg_tooFast' | 'reg_formExpired' | 'reg_formInvalid' | 'reg_bot'; newToken: boolean }
  > = {
    [M.tooFast]: { key: 'reg_tooFast', newToken: false },
    [M.formExpired]: { key: 'reg_formExpired', newToken: true },
    [M.formTokenInvalid]: { key: 'reg_formInvalid', newToken: true },
    [M.botSuspected]: { key: 'reg_bot', newToken: false },
  };
  const hit = known[caught.message];
  if (hit) return { error: { key: hit.key }, message: t(hit.key), newToken: hit.newToken };
  const named = caught.body?.field;
  const field = typeof named === 'string' ? named.split('.')[0] : undefined;
  if (isFormField(field)) {
    const error = messageOf(field, caught.message);
    return { field, error, message: fieldText(t, error), newToken: false };
  }
  return {
    error: { text: caught.message },
    message: t('reg_failed', { message: caught.message }),
    newToken: false,
  };
}
