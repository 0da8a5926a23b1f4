import Add from '@mui/icons-material/Add';
import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { type AdminUser, USER_DEFAULT_PAGE_SIZE, USER_PAGE_SIZES } from '../../../shared/api/admin-users';
import { API } from '../../../shared/api/endpoints';
import { ROLES, type Role } from '../../../shared/domain/roles';
import { useApiMutation, useApiQuery } from '../../api/query';
import { useT } from '../../shared-ui/i18n';
import { ListPagination } from '../../shared-ui/list-pagination';
import { useOnline } from '../../shared-ui/local-store';
import { usePhone } from '../../shared-ui/responsive';
import { SearchField } from '../../shared-ui/search-field';
import { useUi } from '../../state/ui';
import { DeleteUserDialog, ResetPasswordDialog } from './user-action-dialogs';
import { UserFormDialog } from './user-form-dialog';
import { roleKey, UserCards, type UserRowActions, UserTable } from './user-rows';

/** Typing pauses this long before the search is asked of the server. */
const SEARCH_DELAY_MS = 300;

/**
 * Tab 1 of the admin panel, 'Kullanıcı Yönetimi': the tenant's users from the server (GET
 * /admin/users, cached 5 minutes like all admin data, and kept on the device so the list opens
 * read-only offline), searched (Turkish case folding, on the server) and filtered by role, in pages
 * of 5, 10 (default) or 25; a table on a desktop, cards below `sm`. Create, edit, delete (asked
 * first), reset a password, and unlock a user locked out by failed sign-ins. Every write needs the
 * server: offline the actions are off and the tab says so.
 */
export default function UsersTab() {
  const t = useT();
  const phone = usePhone();
  const online = useOnline();
  const ui = useUi();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(USER_DEFAULT_PAGE_SIZE);
  const [editing, setEditing] = useState<{ user: AdminUser | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  // A new search or filter starts from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter values are the trigger
  useEffect(() => setPage(0), [search, role]);

  const query = useApiQuery(API.adminUsers, {
    query: {
      page: page + 1,
      limit: pageSize,
      ...(search ? { search } : {}),
      ...(role ? { role } : {}),
    },
  });
  const unlock = useApiMutation(API.adminUserUnlock, { invalidates: [API.adminUsers] });
  const data = query.data;
  const rows = data?.users ?? [];
  const total = data?.pagination.total ?? 0;

  // A page past the end (users deleted meanwhile) goes back to the last one.
  useEffect(() => {
    if (!data) return;
    const last = Math.max(0, data.pagination.pages - 1);
    if (page > last) setPage(last);
  }, [data, page]);

  const actions: UserRowActions = {
    disabled: !online,
    onEdit: (user) => setEditing({ user }),
    onDelete: (user) => setDeleting(user),
    onResetPassword: (user) => setResetting(user),
    onUnlock: (user) => {
      unlock
        .mutateAsync({ params: { id: user.id } })
        .then(() => ui.showSuccess(t('usr_unlocked')))
        .catch(() => {
          /* shown by the mutation */
        });
    },
  };

  const empty = query.isPending || rows.length > 0 ? null : t('usr_empty');

  return (
    <Stack spacing={2} data-testid="admin-users">
      {online ? null : (
        <Alert severity="info" data-testid="users-offline-note">
          {t('usr_offlineNote')}
        </Alert>
      )}
      {query.error && !data ? (
        <Alert severity="error" data-testid="users-load-error">
          {t('usr_loadError', { message: query.error.message })}
        </Alert>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <SearchField
            label={t('usr_searchLabel')}
            placeholder={t('usr_searchPlaceholder')}
            value={typed}
            onChange={setTyped}
            testId="users-search"
            sx={{ flex: 1 }}
          />
          <TextField
            select
            size="small"
            label={t('usr_roleFilter')}
            value={role}
            onChange={(e) => setRole(e.target.value as Role | '')}
            sx={{ minWidth: { xs: '100%', md: 190 } }}
            slotProps={{ htmlInput: { 'data-testid': 'users-role-filter' } }}
          >
            <MenuItem value="">{t('usr_allRoles')}</MenuItem>
            {ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {t(roleKey(r))}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              variant="outlined"
              startIcon={<Refresh />}
              onClick={() => void query.refetch()}
              disabled={query.isFetching || !online}
              data-testid="users-refresh"
            >
              {t('usr_refresh')}
            </Button>
            <Button
              variant="contained"
              startIcon={<Add />}
              onClick={() => setEditing({ user: null })}
              disabled={!online}
              data-testid="users-add"
            >
              {t('usr_add')}
            </Button>
          </Stack>
        </Stack>
      </Paper>

      <Paper variant="outlined">
        {query.isFetching ? <LinearProgress aria-label={t('loadingAria')} /> : null}
        {phone ? (
          <UserCards rows={rows} actions={actions} empty={empty} />
        ) : (
          <UserTable rows={rows} actions={actions} empty={empty} />
        )}
        <ListPagination
          count={total}
          page={page}
          pageSize={pageSize}
          pageSizes={[...USER_PAGE_SIZES]}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(0);
          }}
          testId="users-pagination"
        />
      </Paper>

      <UserFormDialog open={!!editing} user={editing?.user ?? null} onClose={() => setEditing(null)} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </Stack>
  );
}
