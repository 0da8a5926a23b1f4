import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import DoneAll from '@mui/icons-material/DoneAll';
import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { NOTIFICATION_TYPES } from '../../shared/api/notifications';
import { searchFold } from '../../shared/domain/turkish-text';
import { FilterSelect } from '../shared-ui/filter-select';
import { dateTimeLabel, relativeTimeLabel, useT } from '../shared-ui/i18n';
import {
  useFilterParam,
  useLastPageClamp,
  useListParams,
  useSearchText,
} from '../shared-ui/kit/list-address';
import { ListPage } from '../shared-ui/kit/list-page';
import { useLocalStore } from '../shared-ui/local-store';
import { NotificationIcon } from '../shared-ui/notification-icon';
import {
  markAllRead,
  markRead,
  notificationText,
  notificationTypeLabel,
  removeNotification,
  useNotifications,
  useUnreadCount,
} from '../shared-ui/notifications-data';
import { SearchField } from '../shared-ui/search-field';
import { useUi } from '../state/ui';

/** Rows per page (never the whole list on one page — a user may have hundreds). */
const DEFAULT_PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_SIZES = [DEFAULT_PAGE_SIZE, 50];

/**
 * /notifications: the user's notifications from the local store, with search, a type
 * filter, mark-as-read, mark-all-read and delete; a related order opens /orders/{id}. Every
 * action is applied locally at once and sent through the outbox (works offline). Paged, 20 per
 * page by default. The bell reads the same Dexie rows, so the two always agree.
 */
export default function NotificationsPage() {
  const t = useT();
  const language = useUi((s) => s.language);
  const navigate = useNavigate();
  const { store, error } = useLocalStore();
  const all = useNotifications();
  const unread = useUnreadCount();
  // Search, type and page in the address: a reload or 'Geri' from an order returns to the same view.
  const list = useListParams({ filters: ['type'], pageSizes: NOTIFICATION_PAGE_SIZES });
  const search = useSearchText(list);
  const typeParam = useFilterParam('type', { replace: true });
  const type = typeParam.value ?? 'all';
  const query = list.search;
  const { page, pageSize } = list;

  const shown = useMemo(() => {
    const q = searchFold(query.trim());
    return (all ?? []).filter((n) => {
      if (type !== 'all' && n.type !== type) return false;
      if (!q) return true;
      // In English the rendered texts are searched too.
      const shownText = language === 'tr' ? null : notificationText(n);
      const haystack = [
        n.title,
        n.message,
        shownText && !shownText.stored ? `${shownText.title} ${shownText.message}` : '',
        n.related_order?.order_number ?? '',
        n.related_order?.customer_name ?? '',
      ].join(' ');
      return searchFold(haystack).includes(q);
    });
  }, [all, query, type, language]);

  // A new search or filter starts from the first page; a page emptied by deletions steps back to
  // the last one there is.
  useLastPageClamp(list, all === undefined ? undefined : shown.length, pageSize);
  const pages = Math.max(1, Math.ceil(shown.length / pageSize));
  const current = Math.min(page, pages - 1);
  const rows = shown.slice(current * pageSize, (current + 1) * pageSize);

  if (error) return <Alert severity="error">{t('localStoreUnavailable')}</Alert>;

  return (
    <ListPage
      testId="notifications-page"
      toolbar={
        <>
          <SearchField
            label={t('search')}
            placeholder={t('searchNotifications')}
            value={search.text}
            onChange={search.setText}
            testId="notification-search"
            sx={{ flex: 1 }}
          />
          <FilterSelect
            id="notification-type"
            label={t('type')}
            value={type}
            onChange={(value) => typeParam.set(value === 'all' ? '' : value)}
            allLabel={t('allTypes')}
            allValue="all"
            options={NOTIFICATION_TYPES.map((value) => ({ value, label: notificationTypeLabel(value) }))}
            testId="notification-type-filter"
          />
          <Button
            variant="contained"
            startIcon={<DoneAll />}
            disabled={!unread || !store}
            onClick={() => void markAllRead()}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('markAllRead')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ width: '100%' }}>
            {t('unreadCount', { n: unread })}
          </Typography>
        </>
      }
      fetching={all === undefined || !store}
      pagination={
        shown.length > DEFAULT_PAGE_SIZE
          ? {
              count: shown.length,
              list,
              page: current,
              pageSizes: NOTIFICATION_PAGE_SIZES,
              testId: 'notification-pagination',
            }
          : undefined
      }
    >
      {all !== undefined && shown.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 4, textAlign: 'center' }}>
          {t('notificationsEmpty')}
        </Typography>
      ) : (
        <List disablePadding data-testid="notification-list">
          {rows.map((n, index) => (
            <ListItem
              key={n.id}
              divider={index < rows.length - 1}
              data-testid="notification-row"
              data-unread={n.is_read ? 'false' : 'true'}
              data-notification-id={n.id}
              data-type={n.type}
              sx={{
                alignItems: 'flex-start',
                gap: 2,
                py: 1.5,
                bgcolor: n.is_read ? undefined : 'action.hover',
              }}
              secondaryAction={
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={0.5}>
                  {n.is_read ? null : (
                    <Tooltip title={t('markRead')}>
                      <IconButton
                        aria-label={t('markRead')}
                        onClick={() => void markRead(n.id)}
                        sx={{ width: 44, height: 44 }}
                      >
                        <MarkEmailRead />
                      </IconButton>
                    </Tooltip>
                  )}
                  <Tooltip title={t('delete')}>
                    <IconButton
                      aria-label={t('delete')}
                      onClick={() => void removeNotification(n.id)}
                      sx={{ width: 44, height: 44 }}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </Tooltip>
                </Stack>
              }
            >
              <NotificationIcon type={n.type} />
              <Box sx={{ minWidth: 0, flex: 1, pr: { xs: 4, sm: 10 } }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  {n.is_read ? null : (
                    <Box
                      role="img"
                      aria-label={t('unread')}
                      sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main' }}
                    />
                  )}
                  <Typography
                    variant="subtitle2"
                    sx={{ fontWeight: n.is_read ? 500 : 700 }}
                    data-i18n-skip={notificationText(n).stored ? '' : undefined}
                  >
                    {notificationText(n).title}
                  </Typography>
                  <Chip size="small" variant="outlined" label={notificationTypeLabel(n.type)} />
                </Stack>
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ mt: 0.5 }}
                  data-i18n-skip={notificationText(n).stored ? '' : undefined}
                >
                  {notificationText(n).message}
                </Typography>
                <Stack
                  direction="row"
                  spacing={1.5}
                  sx={{ mt: 0.75, alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <Tooltip title={dateTimeLabel(n.created_at)}>
                    <Typography variant="caption" color="text.secondary">
                      {relativeTimeLabel(n.created_at)}
                    </Typography>
                  </Tooltip>
                  {n.related_order ? (
                    <Chip
                      size="small"
                      color="primary"
                      clickable
                      label={`${t('relatedOrder')} ${n.related_order.order_number} · ${n.related_order.customer_name}`}
                      onClick={() => {
                        if (!n.is_read) void markRead(n.id);
                        navigate(`/orders/${n.related_order?.id}`);
                      }}
                    />
                  ) : null}
                </Stack>
              </Box>
            </ListItem>
          ))}
        </List>
      )}
    </ListPage>
  );
}
