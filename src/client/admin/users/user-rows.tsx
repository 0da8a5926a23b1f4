import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOpen from '@mui/icons-material/LockOpenOutlined';
import LockReset from '@mui/icons-material/LockResetOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AdminUser } from '../../../shared/api/admin-users';
import { dateLabel, dateTimeLabel, type MessageKey, type Translate, useT } from '../../shared-ui/i18n';
import type { Column, RowAction } from '../../shared-ui/kit/entity-list';

/**
 * The user list's rows: a table on a desktop (username, full name, email, role, phone, active
 * chip, locked chip, last login, created, actions), stacked cards below `sm` with the same facts
 * and actions (no sideways swipe). Actions are off while offline (they need the server).
 */
export interface UserRowActions {
  disabled: boolean;
  onEdit: (user: AdminUser) => void;
  onDelete: (user: AdminUser) => void;
  onResetPassword: (user: AdminUser) => void;
  onUnlock: (user: AdminUser) => void;
}

export const roleKey = (role: AdminUser['role']): MessageKey => `usr_role_${role}` as MessageKey;

export function isLocked(user: AdminUser, now = Date.now()): boolean {
  return user.locked_until !== null && new Date(user.locked_until).getTime() > now;
}

function StatusChips({ user }: { user: AdminUser }) {
  const t = useT();
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
      <Chip
        size="small"
        label={t(user.is_active ? 'usr_active' : 'usr_passive')}
        color={user.is_active ? 'success' : 'default'}
        variant={user.is_active ? 'filled' : 'outlined'}
        data-testid="user-active-chip"
      />
      {isLocked(user) ? (
        <Tooltip title={t('usr_lockedUntil', { time: dateTimeLabel(user.locked_until) })}>
          <Chip size="small" label={t('usr_locked')} color="warning" data-testid="user-locked-chip" />
        </Tooltip>
      ) : null}
      {user.must_change_password ? (
        <Tooltip title={t('usr_tempPasswordHint')}>
          <Chip size="small" label={t('usr_tempPassword')} variant="outlined" data-testid="user-temp-chip" />
        </Tooltip>
      ) : null}
    </Stack>
  );
}

export function userColumns(t: Translate): Column<AdminUser>[] {
  const none = t('usr_none');
  return [
    {
      key: 'username',
      header: t('usr_colUsername'),
      cell: (u) => u.username,
      strong: true,
      testId: 'user-username',
    },
    { key: 'full_name', header: t('usr_colFullName'), cell: (u) => u.full_name, testId: 'user-full-name' },
    { key: 'email', header: t('usr_colEmail'), cell: (u) => u.email ?? none, breakAnywhere: true },
    { key: 'role', header: t('usr_colRole'), cell: (u) => t(roleKey(u.role)), testId: 'user-role' },
    { key: 'phone', header: t('usr_colPhone'), cell: (u) => u.phone ?? none, nowrap: true },
    { key: 'status', header: t('usr_colStatus'), cell: (u) => <StatusChips user={u} /> },
    {
      key: 'last_login',
      header: t('usr_colLastLogin'),
      cell: (u) => (u.last_login ? dateTimeLabel(u.last_login) : t('usr_never')),
      nowrap: true,
    },
    { key: 'created', header: t('usr_colCreated'), cell: (u) => dateLabel(u.created_at), nowrap: true },
  ];
}

export function userActions(t: Translate, actions: UserRowActions): RowAction<AdminUser>[] {
  const all: RowAction<AdminUser>[] = [
    { key: 'edit', label: t('usr_edit'), icon: <EditOutlined fontSize="small" />, run: actions.onEdit },
    {
      key: 'reset-password',
      label: t('usr_resetPassword'),
      icon: <LockReset fontSize="small" />,
      run: actions.onResetPassword,
    },
    {
      key: 'unlock',
      label: t('usr_unlock'),
      icon: <LockOpen fontSize="small" />,
      run: actions.onUnlock,
      shown: (user) => isLocked(user),
    },
    {
      key: 'delete',
      label: t('usr_delete'),
      icon: <DeleteOutline fontSize="small" />,
      run: actions.onDelete,
    },
  ];
  return all.map((action) => ({ ...action, disabled: actions.disabled }));
}

/** A user on a phone: name, username and role, chips, contact, last login and created date. */
export function UserCard({ user }: { user: AdminUser }) {
  const t = useT();
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="user-full-name">
            {user.full_name}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ overflowWrap: 'anywhere' }}
            data-testid="user-username"
          >
            {user.username} · <span data-testid="user-role">{t(roleKey(user.role))}</span>
          </Typography>
        </Box>
        <StatusChips user={user} />
      </Stack>
      <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {[user.email, user.phone].filter(Boolean).join(' · ') || t('usr_none')}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {t('usr_lastLoginShort', { date: user.last_login ? dateTimeLabel(user.last_login) : t('usr_never') })}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {t('usr_createdShort', { date: dateLabel(user.created_at) })}
      </Typography>
    </>
  );
}
