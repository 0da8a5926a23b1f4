import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getTenant } from '../api/tenant';
import type { OutboxEntry } from '../local/database';
import type { Row } from '../local/mutations/define';
import { carriesServerState, failedAction, serverValues } from '../shared-ui/conflict-view';
import { dateTimeLabel, useT } from '../shared-ui/i18n';
import { useLocalStore, useSyncStatus } from '../shared-ui/local-store';
import { outboxSummary } from '../shared-ui/outbox-summary';
import { useSession } from '../state/session';

/**
 * The sync panel: what this device has not yet sent, and what the server refused and
 * why — with the server's own Turkish reason — so nothing a user did disappears silently. A refused
 * change can be retried (e.g. after fixing the cause) or discarded (the record shows the server's
 * version again). Reads the outbox from Dexie like every other screen.
 */
export function SyncPanel({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { store } = useLocalStore();
  const status = useSyncStatus();
  const userId = useSession((s) => s.user?.id);
  const entries = useLiveQuery(
    async () => (store ? await store.db.outbox.orderBy('seq').toArray() : []),
    [store],
    [] as OutboxEntry[],
  );
  const [othersWaiting, setOthersWaiting] = useState(0);
  useEffect(() => {
    if (!anchor || !userId) return;
    let cancelled = false;
    void import('../local/registry')
      .then((local) => local.otherUsersWaiting(getTenant(), userId))
      .then((rows) => {
        if (!cancelled) setOthersWaiting(rows.reduce((sum, r) => sum + r.pending + r.failed, 0));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [anchor, userId]);

  const failed = entries.filter((e) => e.status === 'failed');
  // The order as the server has it, for each refusal that carried it: the refusal's `current`
  // was written into the record's base (outbox.ts reject), which is the pure server version
  // (the shown row may also carry this device's other pending changes). undefined: not known.
  const conflictKeys = failed.filter(carriesServerState).map((e) => e.record_key);
  const serverRows = useLiveQuery(
    async () => {
      if (!store || conflictKeys.length === 0) return new Map<string, Row | null>();
      const bases = await store.db.base.bulkGet(conflictKeys);
      return new Map(conflictKeys.map((key, i) => [key, bases[i] ? (bases[i]?.row ?? null) : undefined]));
    },
    [store, conflictKeys.join(' ')],
    new Map<string, Row | null | undefined>(),
  );
  const pending = entries.filter((e) => e.status !== 'failed');
  const act = async (what: 'retry' | 'discard', id: string) => {
    const local = await import('../local/store');
    await (what === 'retry' ? local.retryEntry(id) : local.discardEntry(id));
  };
  const syncNow = () => {
    if (!store) return;
    void store.engine.flushNow();
    void store.engine.pullNow();
  };

  return (
    <Popover
      open={!!anchor}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: { sx: { width: 360, maxWidth: 'calc(100vw - 16px)' }, 'data-testid': 'sync-panel' } as object,
      }}
    >
      <Box
        sx={{
          px: 2,
          py: 1.5,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Box>
          <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('syncPanelTitle')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {status.lastPullAt
              ? t('lastSynced', { time: dateTimeLabel(status.lastPullAt) })
              : t('neverSynced')}
          </Typography>
        </Box>
        <Button size="small" variant="outlined" onClick={syncNow} disabled={!store || !status.online}>
          {t('syncNow')}
        </Button>
      </Box>
      {status.paused ? (
        <Alert severity="warning" sx={{ mx: 2, mb: 1 }}>
          {t('syncPaused')}
        </Alert>
      ) : null}
      <Divider />
      <Box sx={{ maxHeight: 420, overflowY: 'auto' }}>
        {failed.length > 0 ? (
          <>
            <Typography variant="overline" color="error" sx={{ px: 2, pt: 1, display: 'block' }}>
              {t('failedSection')}
            </Typography>
            <List dense disablePadding>
              {failed.map((entry) => (
                <ListItem
                  key={entry.id}
                  data-testid="sync-failed-entry"
                  data-kind={entry.kind}
                  data-record={entry.record_key}
                  sx={{ display: 'block', py: 1 }}
                >
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {outboxSummary(entry)}
                  </Typography>
                  <Typography variant="body2" color="error" data-testid="sync-failed-reason">
                    {entry.error}
                  </Typography>
                  <ServerState entry={entry} row={serverRows.get(entry.record_key)} />
                  <Typography variant="caption" color="text.secondary">
                    {dateTimeLabel(entry.created_at)}
                  </Typography>
                  <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                    {failedAction(entry) ? (
                      <Button
                        size="small"
                        onClick={() => void act('retry', entry.id)}
                        data-testid="sync-retry"
                        data-action={failedAction(entry) ?? undefined}
                      >
                        {failedAction(entry) === 'applyAnyway' ? t('syncApplyAnyway') : t('retry')}
                      </Button>
                    ) : null}
                    <Button
                      size="small"
                      color="inherit"
                      onClick={() => void act('discard', entry.id)}
                      data-testid="sync-discard"
                    >
                      {t('discard')}
                    </Button>
                    {orderOf(entry) ? (
                      <Button
                        size="small"
                        color="inherit"
                        onClick={() => {
                          onClose();
                          navigate(`/orders/${orderOf(entry)}`);
                        }}
                        data-testid="sync-open-order"
                      >
                        {t('openOrder')}
                      </Button>
                    ) : null}
                  </Stack>
                </ListItem>
              ))}
            </List>
            <Divider />
          </>
        ) : null}
        <Typography variant="overline" color="text.secondary" sx={{ px: 2, pt: 1, display: 'block' }}>
          {t('pendingSection')}
        </Typography>
        {pending.length > 0 ? (
          <List dense disablePadding>
            {pending.map((entry) => (
              <ListItem
                key={entry.id}
                data-testid="sync-pending-entry"
                data-kind={entry.kind}
                data-record={entry.record_key}
                sx={{ display: 'block', py: 0.75 }}
              >
                <Typography variant="body2">{outboxSummary(entry)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {dateTimeLabel(entry.created_at)}
                  {entry.attempts > 0 ? ` · ${t('attemptsSoFar', { n: entry.attempts })}` : ''}
                  {entry.last_error ? ` · ${entry.last_error}` : ''}
                </Typography>
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1.5 }}>
            {t('noPendingChanges')}
          </Typography>
        )}
      </Box>
      {othersWaiting > 0 ? (
        <>
          <Divider />
          <Alert severity="info" sx={{ m: 1.5 }}>
            {t('otherUsersWaiting', { n: othersWaiting })}
          </Alert>
        </>
      ) : null}
    </Popover>
  );
}

/**
 * Under a refusal that carried the order as the server has it: the server's values of the fields
 * the refused change touched ('Sunucudaki değer — Notlar: …'), so the user can compare without
 * leaving the panel and decide between discarding and applying their change anyway.
 */
function ServerState({ entry, row }: { entry: OutboxEntry; row: Row | null | undefined }) {
  const t = useT();
  if (!carriesServerState(entry) || row === undefined) return null;
  const values = serverValues(entry, row, t);
  return (
    <Box data-testid="sync-server-state" sx={{ mt: 0.25 }}>
      {row === null ? (
        <Typography variant="body2" color="text.secondary">
          {t('syncServerOrderGone')}
        </Typography>
      ) : (
        values.map(({ field, label, value }) => (
          <Typography
            key={field}
            variant="body2"
            color="text.secondary"
            data-testid="sync-server-value"
            data-field={field}
            sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          >
            {`${t('syncServerValueHeading')} — ${label}: ${value}`}
          </Typography>
        ))
      )}
    </Box>
  );
}

/** The order an entry concerns (for a link to it), or null. */
function orderOf(entry: OutboxEntry): string | null {
  // The record key is `order:<id>` (src/client/local/database.ts recordKey); read inline so the
  // panel, part of the shell, does not import the local store eagerly.
  // A key may name several records (`order:<id> customer:<id>`): the order is the first.
  const first = entry.record_key.split(' ')[0] ?? '';
  return first.startsWith('order:') ? first.slice('order:'.length) || null : null;
}
