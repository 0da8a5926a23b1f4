import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOpen from '@mui/icons-material/LockOpenOutlined';
import LockReset from '@mui/icons-material/LockResetOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AdminUser } from '../../../shared/api/admin-users';
import { EmptyTableRow } from '../../shared-ui/empty-table-row';
import { dateLabel, dateTimeLabel, type MessageKey, useT } from '../../shared-ui/i18n';

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

function Actions({ user, actions }: { user: AdminUser; actions: UserRowActions }) {
  const t = useT();
  const items = [
    { key: 'edit', label: t('usr_edit'), icon: <EditOutlined fontSize="small" />, run: actions.onEdit },
    {
      key: 'reset-password',
      label: t('usr_resetPassword'),
      icon: <LockReset fontSize="small" />,
      run: actions.onResetPassword,
    },
    ...(isLocked(user)
      ? [
          {
            key: 'unlock',
            label: t('usr_unlock'),
            icon: <LockOpen fontSize="small" />,
            run: actions.onUnlock,
          },
        ]
      : []),
    {
      key: 'delete',
      label: t('usr_delete'),
      icon: <DeleteOutline fontSize="small" />,
      run: actions.onDelete,
    },
  ];
  return (
    <>
      {items.map((item) => (
        <Tooltip key={item.key} title={item.label}>
          <span>
            <IconButton
              size="small"
              aria-label={t('usr_actionsFor', { action: item.label, name: user.username })}
              onClick={() => item.run(user)}
              disabled={actions.disabled}
              data-testid={`user-${item.key}`}
            >
              {item.icon}
            </IconButton>
          </span>
        </Tooltip>
      ))}
    </>
  );
}

export function UserTable({
  rows,
  actions,
  empty,
}: {
  rows: AdminUser[];
  actions: UserRowActions;
  empty: string | null;
}) {
  const t = useT();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ minWidth: 1000 }} aria-label={t('usr_tableLabel')} data-testid="users-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('usr_colUsername')}</TableCell>
            <TableCell>{t('usr_colFullName')}</TableCell>
            <TableCell>{t('usr_colEmail')}</TableCell>
            <TableCell>{t('usr_colRole')}</TableCell>
            <TableCell>{t('usr_colPhone')}</TableCell>
            <TableCell>{t('usr_colStatus')}</TableCell>
            <TableCell>{t('usr_colLastLogin')}</TableCell>
            <TableCell>{t('usr_colCreated')}</TableCell>
            <TableCell align="right">{t('usr_colActions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((user) => (
            <TableRow key={user.id} hover data-testid="user-row" data-user-id={user.id}>
              <TableCell sx={{ fontWeight: 600 }} data-testid="user-username">
                {user.username}
              </TableCell>
              <TableCell data-testid="user-full-name">{user.full_name}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.email ?? t('usr_none')}</TableCell>
              <TableCell data-testid="user-role">{t(roleKey(user.role))}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{user.phone ?? t('usr_none')}</TableCell>
              <TableCell>
                <StatusChips user={user} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {user.last_login ? dateTimeLabel(user.last_login) : t('usr_never')}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateLabel(user.created_at)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Actions user={user} actions={actions} />
              </TableCell>
            </TableRow>
          ))}
          {empty ? (
            <EmptyTableRow columns={9} testId="users-empty">
              {empty}
            </EmptyTableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function UserCards({
  rows,
  actions,
  empty,
}: {
  rows: AdminUser[];
  actions: UserRowActions;
  empty: string | null;
}) {
  const t = useT();
  return (
    <Stack spacing={1} sx={{ p: 1 }} data-testid="users-cards">
      {rows.map((user) => (
        <Card key={user.id} variant="outlined" data-testid="user-row" data-user-id={user.id}>
          <CardContent sx={{ pb: 1 }}>
            <Stack
              direction="row"
              spacing={1}
              sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}
            >
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
              {t('usr_lastLoginShort', {
                date: user.last_login ? dateTimeLabel(user.last_login) : t('usr_never'),
              })}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {t('usr_createdShort', { date: dateLabel(user.created_at) })}
            </Typography>
          </CardContent>
          <CardActions sx={{ justifyContent: 'flex-end', pt: 0, flexWrap: 'wrap' }}>
            <Actions user={user} actions={actions} />
          </CardActions>
        </Card>
      ))}
      {empty ? (
        <Typography color="text.secondary" sx={{ py: 5, textAlign: 'center' }} data-testid="users-empty">
          {empty}
        </Typography>
      ) : null}
    </Stack>
  );
}
