import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { type ProfileUpdateBody, profileUpdateBody } from '../../shared/api/auth';
import { updateProfile } from '../api/auth';
import { ApiError, isNetworkError } from '../api/errors';
import { dateTimeLabel, roleLabel, useT } from '../shared-ui/i18n';
import { initials } from '../shared-ui/initials';
import { useOnline } from '../shared-ui/local-store';
import { useSession } from '../state/session';
import { useUi } from '../state/ui';

interface FormState {
  full_name: string;
  email: string;
  phone: string;
  current_password: string;
  new_password: string;
}

/**
 * /profile: the signed-in user's own data, and an update through PUT /auth/profile. This is an
 * online-only action (it is about the account itself, not mirrored data): offline the form says
 * so plainly instead of queueing it. Validation uses the same zod schema as the server.
 */
export default function ProfilePage() {
  const t = useT();
  const user = useSession((s) => s.user);
  const online = useOnline();
  const [form, setForm] = useState<FormState>(() => ({
    full_name: user?.full_name ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    current_password: '',
    new_password: '',
  }));
  const [errors, setErrors] = useState<Partial<Record<keyof FormState, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (!user) return null;

  const set = (field: keyof FormState) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined })); // errors clear when the field is edited
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!user || saving) return;
    setFormError(null);
    if (!online) {
      setFormError(t('profileOffline'));
      return;
    }
    const body: ProfileUpdateBody = {
      full_name: form.full_name,
      phone: form.phone.trim() ? form.phone : null,
    };
    if (form.email.trim()) body.email = form.email.trim();
    if (form.new_password || form.current_password) {
      body.current_password = form.current_password;
      body.new_password = form.new_password;
    }
    const parsed = profileUpdateBody.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<keyof FormState, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FormState | undefined;
        if (field && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setSaving(true);
    try {
      const updated = await updateProfile(parsed.data);
      useSession.getState().setUser(updated);
      setForm((f) => ({ ...f, current_password: '', new_password: '' }));
      useUi.getState().showSuccess(t('profileSaved'));
    } catch (error) {
      const message = isNetworkError(error)
        ? t('profileOffline')
        : error instanceof ApiError && error.message
          ? error.message
          : t('profileSaveError');
      setFormError(message);
      useUi.getState().showToast(message); // a failed change: toast at the top right
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar sx={{ width: 64, height: 64, bgcolor: 'secondary.main', fontSize: 26 }}>
            {initials(user.full_name)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" noWrap>
              {user.full_name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {user.username}
            </Typography>
            <Chip size="small" color="primary" label={roleLabel(user.role)} sx={{ mt: 0.5 }} />
          </Box>
        </Stack>
        {user.last_login ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('lastLogin')}: {dateTimeLabel(user.last_login)}
          </Typography>
        ) : null}
      </Paper>

      <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          {!online ? <Alert severity="warning">{t('profileOffline')}</Alert> : null}
          {formError && online ? <Alert severity="error">{formError}</Alert> : null}
          <TextField
            name="full_name"
            label={t('fullName')}
            value={form.full_name}
            onChange={set('full_name')}
            error={!!errors.full_name}
            helperText={errors.full_name}
            fullWidth
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              name="email"
              type="email"
              label={t('email')}
              value={form.email}
              onChange={set('email')}
              error={!!errors.email}
              helperText={errors.email}
              fullWidth
            />
            <TextField
              name="phone"
              type="tel"
              label={t('phone')}
              value={form.phone}
              onChange={set('phone')}
              error={!!errors.phone}
              helperText={errors.phone}
              fullWidth
            />
          </Stack>
          <Divider textAlign="left">
            <Typography variant="body2" color="text.secondary">
              {t('changePassword')}
            </Typography>
          </Divider>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              name="current_password"
              type="password"
              autoComplete="current-password"
              label={t('currentPassword')}
              value={form.current_password}
              onChange={set('current_password')}
              error={!!errors.current_password}
              helperText={errors.current_password}
              fullWidth
            />
            <TextField
              name="new_password"
              type="password"
              autoComplete="new-password"
              label={t('newPassword')}
              value={form.new_password}
              onChange={set('new_password')}
              error={!!errors.new_password}
              helperText={errors.new_password}
              fullWidth
            />
          </Stack>
          <Box>
            <Button type="submit" variant="contained" disabled={saving || !online}>
              {saving ? t('saving') : t('save')}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Stack>
  );
}
