import PersonAdd from '@mui/icons-material/PersonAddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { API } from '../../shared/api/endpoints';
import type { AdminTenant } from '../../shared/api/tenant-admin';
import type { TenantAdmin } from '../../shared/api/tenant-admins';
import { useApiQuery } from '../api/query';
import { useT } from '../shared-ui/i18n';
import { useOnline } from '../shared-ui/local-store';
import { useUi } from '../state/ui';
import { type FirstAdminLogin, makeOneTimePassword } from './one-time-password';
import { useTenantMutation } from './tenant-api';
import { ConfirmDialog } from './tenant-confirm-dialogs';

/**
 * 'Yöneticiler' of the tenant's edit dialog: the company's admins (active, locked, holding a
 * one-time password), a password reset for each and a new admin. Both give a one-time password
 * made on this device and shown once (the platform admin passes it on); it only lets its user set
 * their own. This is how a company without a working admin sign-in is got back.
 */
export function TenantAdminsSection({
  tenant,
  onOneTimePassword,
}: {
  tenant: AdminTenant;
  onOneTimePassword?: ((login: FirstAdminLogin) => void) | undefined;
}) {
  const t = useT();
  const ui = useUi();
  const online = useOnline();
  const query = useApiQuery(API.adminTenantAdmins, { params: { id: tenant.tenant_id } });
  const create = useTenantMutation(API.adminTenantAdminCreate, 'tm_adminAddError', [API.adminTenantAdmins]);
  const reset = useTenantMutation(API.adminTenantAdminReset, 'tm_adminResetError', [API.adminTenantAdmins]);
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState({ full_name: '', username: '', email: '' });
  const [resetting, setResetting] = useState<TenantAdmin | null>(null);
  const admins = query.data ?? [];

  const show = (username: string, password: string, expiresAt: string | null) =>
    onOneTimePassword?.({ tenant: tenant.subdomain, username, password, expiresAt });

  const add = async () => {
    const password = makeOneTimePassword();
    try {
      const made = await create.mutateAsync({
        params: { id: tenant.tenant_id },
        body: { id: crypto.randomUUID(), ...draft, password },
      });
      ui.showSuccess(t('tm_adminAdded'));
      setAdding(false);
      setDraft({ full_name: '', username: '', email: '' });
      show(made.username, password, made.password_expires_at);
    } catch {
      // shown by the mutation (the field the server names)
    }
  };

  const confirmReset = async () => {
    if (!resetting) return;
    const password = makeOneTimePassword();
    try {
      const done = await reset.mutateAsync({
        params: { id: tenant.tenant_id, userId: resetting.id },
        body: { password },
      });
      ui.showSuccess(t('tm_adminResetDone'));
      show(done.username, password, done.password_expires_at);
    } catch {
      // shown by the mutation
    }
    setResetting(null);
  };

  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="tenant-admins">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {t('tm_adminsTitle')}
        </Typography>
        <Button
          size="small"
          startIcon={<PersonAdd />}
          onClick={() => setAdding((a) => !a)}
          disabled={!online}
          aria-expanded={adding}
          data-testid="tenant-admin-add"
        >
          {t('tm_adminAdd')}
        </Button>
      </Stack>
      {query.isPending ? <LinearProgress aria-label={t('loadingAria')} /> : null}
      {!query.isPending && admins.length === 0 ? (
        <Alert severity="warning" data-testid="tenant-admins-none">
          {t('tm_adminsNone')}
        </Alert>
      ) : null}
      <List dense disablePadding>
        {admins.map((admin) => (
          <ListItem
            key={admin.id}
            disableGutters
            divider
            data-testid="tenant-admin-row"
            data-username={admin.username}
            sx={{ flexWrap: 'wrap', gap: 1 }}
          >
            <Box sx={{ minWidth: 0, flex: '1 1 160px' }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-i18n-skip="">
                {admin.full_name}
              </Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ overflowWrap: 'anywhere' }}
                data-i18n-skip=""
              >
                {admin.username}
              </Typography>
            </Box>
            <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
              {admin.is_active ? null : <Chip size="small" label={t('tm_inactive')} />}
              {admin.locked ? (
                <Chip
                  size="small"
                  color="error"
                  label={t('tm_adminLocked')}
                  data-testid="tenant-admin-locked"
                />
              ) : null}
              {admin.one_time_password ? (
                <Chip
                  size="small"
                  color="warning"
                  variant="outlined"
                  label={t('tm_adminOneTime')}
                  data-testid="tenant-admin-otp"
                />
              ) : null}
            </Stack>
            <Button
              size="small"
              variant="outlined"
              onClick={() => setResetting(admin)}
              disabled={!online}
              aria-label={t('tm_actionsFor', { action: t('tm_adminReset'), name: admin.full_name })}
              data-testid="tenant-admin-reset"
            >
              {t('tm_adminReset')}
            </Button>
          </ListItem>
        ))}
      </List>
      {adding ? (
        <Stack
          component="form"
          spacing={1.5}
          sx={{ mt: 1.5 }}
          noValidate
          data-testid="tenant-admin-form"
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <TextField
            size="small"
            label={t('tm_fieldAdminName')}
            value={draft.full_name}
            onChange={(e) => setDraft((d) => ({ ...d, full_name: e.target.value }))}
            slotProps={{ htmlInput: { 'data-testid': 'tenant-admin-full_name', autoComplete: 'off' } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <TextField
              size="small"
              fullWidth
              label={t('tm_fieldAdminUsername')}
              value={draft.username}
              onChange={(e) => setDraft((d) => ({ ...d, username: e.target.value }))}
              slotProps={{ htmlInput: { 'data-testid': 'tenant-admin-username', autoComplete: 'off' } }}
            />
            <TextField
              size="small"
              fullWidth
              type="email"
              label={t('tm_fieldAdminEmail')}
              value={draft.email}
              onChange={(e) => setDraft((d) => ({ ...d, email: e.target.value }))}
              slotProps={{ htmlInput: { 'data-testid': 'tenant-admin-email', autoComplete: 'off' } }}
            />
          </Stack>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => setAdding(false)}>{t('cancel')}</Button>
            <Button
              type="submit"
              variant="contained"
              disabled={create.isPending || !online}
              data-testid="tenant-admin-create"
            >
              {t('tm_adminCreate')}
            </Button>
          </Stack>
        </Stack>
      ) : null}
      <ConfirmDialog
        open={!!resetting}
        title={t('tm_adminReset')}
        text={t('tm_adminResetConfirm', {
          name: resetting?.full_name ?? '',
          username: resetting?.username ?? '',
        })}
        confirmLabel={t('tm_adminReset')}
        busy={reset.isPending}
        onConfirm={() => void confirmReset()}
        onClose={() => setResetting(null)}
        testId="tenant-admin-reset-dialog"
      />
    </Paper>
  );
}
