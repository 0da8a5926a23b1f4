import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrderEvent } from '../../shared/api/entities';
import { eventNotesText } from '../shared-ui/event-notes';
import { dateTimeLabel, useT } from '../shared-ui/i18n';
import { OrderStatusChip } from '../shared-ui/order-status-chip';
import { EVENT_LABELS } from './order-ui';

/**
 * The order's history of events, oldest first: what happened,
 * who did it, when, the status it moved from and to, and the notes given. Events made on this
 * device and not yet acknowledged are already in the list (the outbox's local effect adds them);
 * the server's own events replace them once it has the change.
 */
export function OrderHistory({ events }: { events: readonly OrderEvent[] }) {
  const t = useT();
  // The wire carries them oldest first and local effects append, so the given order is kept
  // (sorting by time would mix the server's clock with this device's).
  const sorted = events;
  if (sorted.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('noRecords')}
      </Typography>
    );
  return (
    <List dense disablePadding data-testid="order-history">
      {sorted.map((event, index) => {
        const moved = event.from_status && event.from_status !== event.to_status;
        // Known sentences in the reader's language (re-rendered on a switch: useT above).
        const notes = eventNotesText(event);
        return (
          <ListItem
            key={event.id}
            divider={index < sorted.length - 1}
            sx={{ display: 'block', px: 0, py: 1 }}
            data-testid="order-event"
            data-event-type={event.event_type}
            data-local={event.id.startsWith('local-') ? 'true' : 'false'}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {EVENT_LABELS[event.event_type] ? t(EVENT_LABELS[event.event_type]) : event.event_type}
              </Typography>
              {event.event_type === 'created' ? (
                <OrderStatusChip status={event.to_status} />
              ) : moved ? (
                <>
                  <OrderStatusChip status={event.from_status ?? ''} />
                  <Typography variant="body2" color="text.secondary">
                    →
                  </Typography>
                  <OrderStatusChip status={event.to_status} />
                </>
              ) : null}
            </Stack>
            <Typography variant="caption" color="text.secondary" component="div">
              {dateTimeLabel(event.created_at)}
              {event.user_name ? ` · ${event.user_name}` : ''}
            </Typography>
            {notes ? (
              <Typography
                variant="body2"
                sx={{ mt: 0.5, whiteSpace: 'pre-wrap' }}
                data-testid="order-event-notes"
              >
                {notes}
              </Typography>
            ) : null}
          </ListItem>
        );
      })}
    </List>
  );
}
