import Add from '@mui/icons-material/Add';
import Refresh from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { type AdminUser, USER_DEFAULT_PAGE_SIZE, USER_PAGE_SIZES } from '../../../shared/api/admin-users';
import { API } from '../../../shared/api/endpoints';
import { ROLES, type Role } from '../../../shared/domain/roles';
import { useApiMutation, useApiQuery } from '../../api/query';
import { useT } from '../../shared-ui/i18n';
import { EntityList } from '../../shared-ui/kit/entity-list';
import {
  useFilterParam,
  useLastPageClamp,
  useListParams,
  useSearchText,
} from '../../shared-ui/kit/list-address';
import { ListPage, ToolbarButtons } from '../../shared-ui/kit/list-page';
import { useOnline } from '../../shared-ui/local-store';
import { SearchField } from '../../shared-ui/search-field';
import { useUi } from '../../state/ui';
import { DeleteUserDialog, ResetPasswordDialog } from './user-action-dialogs';
import { UserFormDialog } from './user-form-dialog';
import { roleKey, UserCard, type UserRowActions, userActions, userColumns } from './user-rows';

/** Typing pauses this long before the search is asked of the server. */
const SEARCH_DELAY_MS = 300;
/** The tab's parameters in /admin's address ('users.q', 'users.role'), apart from the other tabs'. */
const PREFIX = 'users.';

/**
 * Tab 1 of the admin panel, 'Kullanıcı Yönetimi': the tenant's users from the server (GET
 * /admin/users, cached 5 minutes like all admin data, and kept on the device so the list opens
 * read-only offline), searched (Turkish case folding, on the server) and filtered by role, in pages
 * of 5, 10 (default) or 25 — search, filter and page kept in the address; a table on a desktop,
 * cards below `sm`. Create, edit, delete (asked
 * first), reset a password, and unlock a user locked out by failed sign-ins. Every write needs the
 * server: offline the actions are off and the tab says so.
 */
export default function UsersTab() {
  const t = useT();
  const online = useOnline();
  const ui = useUi();
  const list = useListParams({
    prefix: PREFIX,
    filters: ['role'],
    pageSizes: USER_PAGE_SIZES,
    defaultPageSize: USER_DEFAULT_PAGE_SIZE,
  });
  const search = useSearchText(list, { delay: SEARCH_DELAY_MS });
  const roleParam = useFilterParam('role', { prefix: PREFIX, replace: true });
  const role = (ROLES as readonly string[]).includes(roleParam.value ?? '') ? (roleParam.value as Role) : '';
  const [editing, setEditing] = useState<{ user: AdminUser | null } | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [resetting, setResetting] = useState<AdminUser | null>(null);

  const query = useApiQuery(API.adminUsers, {
    query: {
      page: list.page + 1,
      limit: list.pageSize,
      ...(list.search.trim() ? { search: list.search.trim() } : {}),
      ...(role ? { role } : {}),
    },
  });
  const unlock = useApiMutation(API.adminUserUnlock, { invalidates: [API.adminUsers] });
  const data = query.data;
  const rows = data?.users ?? [];
  // A page past the end (users deleted meanwhile) goes back to the last one.
  useLastPageClamp(list, data?.pagination.total, list.pageSize);

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

  return (
    <ListPage
      testId="admin-users"
      offlineNote={online ? null : { text: t('usr_offlineNote'), testId: 'users-offline-note' }}
      error={
        query.error && !data
          ? { text: t('usr_loadError', { message: query.error.message }), testId: 'users-load-error' }
          : null
      }
      toolbar={
        <>
          <SearchField
            label={t('usr_searchLabel')}
            placeholder={t('usr_searchPlaceholder')}
            value={search.text}
            onChange={search.setText}
            testId="users-search"
            sx={{ flex: 1 }}
          />
          <TextField
            select
            size="small"
            label={t('usr_roleFilter')}
            value={role}
            onChange={(e) => roleParam.set(e.target.value)}
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
          <ToolbarButtons>
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
          </ToolbarButtons>
        </>
      }
      fetching={query.isFetching}
      pagination={{
        count: data?.pagination.total ?? 0,
        list,
        pageSizes: USER_PAGE_SIZES,
        testId: 'users-pagination',
      }}
      after={
        <>
          <UserFormDialog open={!!editing} user={editing?.user ?? null} onClose={() => setEditing(null)} />
          <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
          <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
        </>
      }
    >
      <EntityList
        rows={rows}
        rowKey={(user) => user.id}
        columns={userColumns(t)}
        card={(user) => <UserCard user={user} />}
        actions={userActions(t, actions)}
        actionLabel={(action, user) => t('usr_actionsFor', { action: action.label, name: user.username })}
        actionsHeader={t('usr_colActions')}
        empty={query.isPending || rows.length > 0 ? null : t('usr_empty')}
        label={t('usr_tableLabel')}
        testId="users"
        rowTestId="user-row"
        rowProps={(user) => ({ 'data-user-id': user.id })}
        minWidth={1000}
      />
    </ListPage>
  );
}
