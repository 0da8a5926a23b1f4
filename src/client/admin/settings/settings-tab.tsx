import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import {
  BACKUP_FREQUENCIES,
  SETTINGS_EDIT_LANGUAGES,
  SETTINGS_LANGUAGE_NAMES,
  SETTINGS_TIMEZONES,
  type SettingsEditField,
  SYSTEM_NAME_MAX,
  type SystemSettings,
  systemSettingsSchema,
} from '../../../shared/api/admin-settings';
import { API } from '../../../shared/api/endpoints';
import { ApiError } from '../../api/errors';
import { useMaintenance } from '../../api/maintenance';
import { useApiMutation, useApiQuery } from '../../api/query';
import { useT } from '../../shared-ui/i18n';
import { useOnline } from '../../shared-ui/local-store';
import { NumberField } from '../../shared-ui/number-field';
import { useUi } from '../../state/ui';
import {
  changes,
  type FieldError,
  isDirty,
  type RangedField,
  type SettingsForm,
  toForm,
  validate,
} from './settings-form';

const FREQUENCY_KEYS = { daily: 'set_daily', weekly: 'set_weekly', monthly: 'set_monthly' } as const;

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title} data-testid={testId}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

/**
 * Tab 2 'Sistem Ayarları': the tenant's system settings, grouped (general, security, notifications,
 * backup). Saving sends only what changed, with the version that was loaded: someone else's save in
 * between is refused (409) and the current values are loaded and said. The server obeys each
 * setting on the next request of every user. Offline: the last loaded values, read-only, and it
 * says so (a save needs the server).
 */
export default function SettingsTab() {
  const t = useT();
  const online = useOnline();
  const query = useApiQuery(API.adminSettings);
  const mutation = useApiMutation(API.adminSettingsUpdate);
  const showSuccess = useUi((s) => s.showSuccess);
  const [loaded, setLoaded] = useState<SystemSettings | null>(null);
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [tried, setTried] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<SettingsEditField, string>>>({});

  // A new answer from the server replaces the form unless the admin is in the middle of an edit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer triggers; the form is read as it is then
  useEffect(() => {
    const data = query.data;
    if (!data) return;
    if (!loaded || !form || !isDirty(form, loaded) || data.version === loaded.version) {
      setLoaded(data);
      setForm(toForm(data));
    }
  }, [query.data]);

  if (!form || !loaded) {
    if (query.isError)
      return (
        <Alert
          severity="error"
          data-testid="set-load-error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('set_retry')}
            </Button>
          }
        >
          {t('set_loadFailed')}: {query.error.message}
        </Alert>
      );
    return <Typography data-testid="set-loading">{t('loading')}…</Typography>;
  }

  const readOnly = !online;
  const errors = validate(form, t('set_systemName'));
  const errorText = (field: SettingsEditField): string | undefined => {
    const own: FieldError | undefined = errors[field];
    if (own && (tried || field !== 'system_name')) return t(own.key, own.params);
    return serverErrors[field];
  };
  const set = <K extends keyof SettingsForm>(field: K, value: SettingsForm[K]) => {
    setForm({ ...form, [field]: value });
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };
  const dirty = isDirty(form, loaded);

  const load = (data: SystemSettings) => {
    setLoaded(data);
    setForm(toForm(data));
    setTried(false);
    setServerErrors({});
  };

  const save = async () => {
    setTried(true);
    setConflict(false);
    if (Object.keys(errors).length > 0) return;
    try {
      const saved = await mutation.mutateAsync({ body: changes(form, loaded) });
      load(saved);
      useMaintenance.setState({ on: saved.maintenance_mode });
      showSuccess(t('set_saved'));
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      if (error.status === 409 && error.body?.current) {
        const current = systemSettingsSchema.safeParse(error.body.current);
        if (current.success) {
          load(current.data);
          setConflict(true);
        }
      } else if (error.status === 400 && typeof error.body?.field === 'string') {
        setServerErrors({ [error.body.field]: error.message });
      }
    }
  };

  const refresh = async () => {
    setConflict(false);
    const result = await query.refetch();
    if (result.data) load(result.data);
  };

  const toggle = (field: keyof SettingsForm & SettingsEditField, label: string, help?: string) => (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={form[field] as boolean}
            onChange={(e) => set(field, e.target.checked as never)}
            disabled={readOnly}
            slotProps={{
              input: {
                'aria-describedby': help ? `set-${field}-help` : undefined,
                'data-testid': `set-${field}`,
              } as object,
            }}
          />
        }
        label={label}
      />
      {help && <FormHelperText id={`set-${field}-help`}>{help}</FormHelperText>}
    </Box>
  );

  const number = (field: RangedField, label: string, help: string) => (
    <NumberField
      kind="quantity"
      label={label}
      value={form[field]}
      onChange={(text) => set(field, text)}
      errorText={errorText(field) ?? null}
      showError={tried}
      helperText={help}
      disabled={readOnly}
      fullWidth
      testId={`set-${field}`}
    />
  );

  return (
    <Box data-testid="settings-tab">
      <Stack
        direction="row"
        sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2">
          {t('set_heading')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button
            onClick={() => void refresh()}
            disabled={readOnly || query.isFetching}
            data-testid="set-refresh"
          >
            {t('set_refresh')}
          </Button>
          <Button
            variant="contained"
            onClick={() => void save()}
            disabled={readOnly || mutation.isPending || !dirty}
            data-testid="set-save"
          >
            {t('set_save')}
          </Button>
        </Stack>
      </Stack>
      {readOnly && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="set-offline">
          {t('set_offline')}
        </Alert>
      )}
      {conflict && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          onClose={() => setConflict(false)}
          data-testid="set-conflict"
        >
          {t('set_conflict')}
        </Alert>
      )}
      {loaded.maintenance_mode && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="set-maintenance-on">
          {t('set_maintenanceOn')}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
        data-testid="settings-form"
      >
        <Section title={t('set_general')} testId="set-general">
          <TextField
            label={t('set_systemName')}
            value={form.system_name}
            onChange={(e) => set('system_name', e.target.value)}
            error={!!errorText('system_name')}
            helperText={errorText('system_name')}
            disabled={readOnly}
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: SYSTEM_NAME_MAX + 20, 'data-testid': 'set-system_name' } }}
          />
          <TextField
            label={t('set_systemVersion')}
            value={loaded.system_version}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'set-system_version' } }}
          />
          {toggle('maintenance_mode', t('set_maintenanceMode'), t('set_maintenanceHelp'))}
          {toggle('registration_enabled', t('set_registrationEnabled'))}
          <TextField
            select
            label={t('set_defaultLanguage')}
            value={form.default_language}
            onChange={(e) => set('default_language', e.target.value as SettingsForm['default_language'])}
            disabled={readOnly}
            fullWidth
            helperText={t('set_defaultsHelp')}
            slotProps={{
              select: { SelectDisplayProps: { 'data-testid': 'set-default_language' } as object },
            }}
          >
            {SETTINGS_EDIT_LANGUAGES.map((code) => [code, SETTINGS_LANGUAGE_NAMES[code]] as const).map(
              ([code, name]) => (
                <MenuItem key={code} value={code} lang={code}>
                  {name}
                </MenuItem>
              ),
            )}
          </TextField>
          <TextField
            select
            label={t('set_defaultTimezone')}
            value={form.default_timezone}
            onChange={(e) => set('default_timezone', e.target.value as SettingsForm['default_timezone'])}
            disabled={readOnly}
            fullWidth
            helperText={t('set_timezoneHelp')}
            slotProps={{
              select: { SelectDisplayProps: { 'data-testid': 'set-default_timezone' } as object },
            }}
          >
            {SETTINGS_TIMEZONES.map((zone) => (
              <MenuItem key={zone} value={zone}>
                {zone}
              </MenuItem>
            ))}
          </TextField>
        </Section>
        <Section title={t('set_security')} testId="set-security">
          {number('session_timeout', t('set_sessionTimeout'), t('set_sessionTimeoutHelp'))}
          {number('max_login_attempts', t('set_maxLoginAttempts'), t('set_maxLoginAttemptsHelp'))}
          {number('password_min_length', t('set_passwordMinLength'), t('set_passwordMinLengthHelp'))}
          {toggle('require_strong_password', t('set_requireStrongPassword'))}
          {number('temp_password_days', t('set_tempPasswordDays'), t('set_tempPasswordDaysHelp'))}
        </Section>
        <Section title={t('set_notifications')} testId="set-notifications">
          {toggle('email_notifications', t('set_emailNotifications'))}
          {!loaded.email_configured && (
            <Alert severity="info" data-testid="set-email-not-configured">
              {t('set_emailNotConfigured')}
            </Alert>
          )}
          {toggle('sms_notifications', t('set_smsNotifications'))}
          {!loaded.sms_configured && (
            <Alert severity="info" data-testid="set-sms-not-configured">
              {t('set_smsNotConfigured')}
            </Alert>
          )}
        </Section>
        <Section title={t('set_backup')} testId="set-backup">
          <TextField
            select
            label={t('set_backupFrequency')}
            value={form.backup_frequency}
            onChange={(e) => set('backup_frequency', e.target.value as SettingsForm['backup_frequency'])}
            disabled={readOnly}
            fullWidth
            slotProps={{
              select: { SelectDisplayProps: { 'data-testid': 'set-backup_frequency' } as object },
            }}
          >
            {BACKUP_FREQUENCIES.map((f) => (
              <MenuItem key={f} value={f}>
                {t(FREQUENCY_KEYS[f])}
              </MenuItem>
            ))}
          </TextField>
          {number('backup_retention_days', t('set_backupRetentionDays'), t('set_backupRetentionHelp'))}
        </Section>
        {/* Enter in a field saves, as the button does. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Box>
    </Box>
  );
}
