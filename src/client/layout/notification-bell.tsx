import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BADGE_CAP, NOTIFICATION_DROPDOWN_WIDTH } from '../../shared/domain/constants';
import { relativeTimeLabel, useT } from '../shared-ui/i18n';
import { NotificationIcon } from '../shared-ui/notification-icon';
import {
  markRead,
  notificationText,
  useNotifications,
  useUnreadCount,
} from '../shared-ui/notifications-data';
import { VisuallyHidden } from '../shared-ui/visually-hidden';

const DROPDOWN_ITEMS = 10;

/**
 * The bell: unread badge (capped at 99 → "99+") and a 320 px dropdown with the newest
 * notifications (title, message, relative time, unread dot). Clicking an item marks it read —
 * locally at once and through the outbox to the server, so it works offline too.
 */
export function NotificationBell() {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = useUnreadCount();
  const items = useNotifications(DROPDOWN_ITEMS);
  const label = `${t('notifications')}${unread ? ` (${unread})` : ''}`;
  return (
    <>
      <Tooltip title={t('notifications')} describeChild>
        <IconButton
          color="inherit"
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="notification-bell"
        >
          {/* Named by hidden text ("Bildirimler (3)"), the badge being decoration: with an
              aria-label, the visible count would have to be part of it (axe
              label-content-name-mismatch), and "99+" is not. */}
          <Badge
            badgeContent={unread}
            max={BADGE_CAP}
            color="error"
            data-testid="notification-badge"
            slotProps={{ badge: { 'aria-hidden': true } }}
          >
            <NotificationsIcon />
          </Badge>
          <VisuallyHidden>{label}</VisuallyHidden>
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: NOTIFICATION_DROPDOWN_WIDTH, maxWidth: 'calc(100vw - 16px)' } } }}
      >
        <Box
          sx={{ px: 2, py: 1.5, display: 'flex', alignItems: 'baseline', justifyContent: 'space-between' }}
        >
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('notifications')}
          </Typography>
          {unread ? (
            <Typography variant="caption" color="text.secondary">
              {t('unreadCount', { n: unread })}
            </Typography>
          ) : null}
        </Box>
        <Divider />
        {items && items.length > 0 ? (
          <List
            dense
            disablePadding
            sx={{ maxHeight: 400, overflowY: 'auto' }}
            data-testid="notification-dropdown"
          >
            {items.map((n) => (
              <ListItemButton
                key={n.id}
                onClick={() => void markRead(n.id)}
                data-unread={n.is_read ? 'false' : 'true'}
                data-testid="notification-item"
                sx={{
                  alignItems: 'flex-start',
                  gap: 1.25,
                  py: 1.25,
                  bgcolor: n.is_read ? undefined : 'action.hover',
                }}
              >
                <NotificationIcon type={n.type} size={32} />
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography
                    variant="body2"
                    sx={{ fontWeight: n.is_read ? 400 : 600 }}
                    noWrap
                    data-i18n-skip={notificationText(n).stored ? '' : undefined}
                  >
                    {notificationText(n).title}
                  </Typography>
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    sx={{
                      display: '-webkit-box',
                      WebkitLineClamp: 2,
                      WebkitBoxOrient: 'vertical',
                      overflow: 'hidden',
                    }}
                    data-i18n-skip={notificationText(n).stored ? '' : undefined}
                  >
                    {notificationText(n).message}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {relativeTimeLabel(n.created_at)}
                  </Typography>
                </Box>
                {n.is_read ? null : (
                  <Box
                    role="img"
                    aria-label={t('unread')}
                    sx={{
                      width: 8,
                      height: 8,
                      borderRadius: '50%',
                      bgcolor: 'primary.main',
                      mt: 0.75,
                      flexShrink: 0,
                    }}
                  />
                )}
              </ListItemButton>
            ))}
          </List>
        ) : (
          <Typography color="text.secondary" variant="body2" sx={{ px: 2, py: 3, textAlign: 'center' }}>
            {t('noNotifications')}
          </Typography>
        )}
        <Divider />
        <Box sx={{ px: 2, py: 1.25, textAlign: 'center' }}>
          <Link
            component={RouterLink}
            to="/notifications"
            underline="hover"
            variant="body2"
            onClick={() => setAnchor(null)}
          >
            {t('checkAllNotifications')}
          </Link>
        </Box>
      </Popover>
    </>
  );
}
