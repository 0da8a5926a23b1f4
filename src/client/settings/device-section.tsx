import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLiveQuery } from 'dexie-react-hooks';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { saveBlob } from '../api/download';
import type { OutboxEntry } from '../local/database';
import type { LocalStore } from '../local/store';
import type { StorageFacts } from '../local/sync/device-facts';
import { formatBytes } from '../shared-ui/bytes';
import { dateTimeLabel, useT } from '../shared-ui/i18n';
import { useLocalStore, useSyncStatus } from '../shared-ui/local-store';
import { useSession } from '../state/session';
import { SettingsSection } from './settings-section';

interface DeviceInfo {
  id: string;
  version: string;
  storage: StorageFacts;
}

/** The outbox as this device holds it: waiting and refused entries, the oldest waiting one's time. */
async function readOutbox(store: LocalStore | null) {
  if (!store) return { pending: 0, failed: 0, oldest: null as string | null };
  // One collection per query: a Dexie collection is changed by first(), which limits it.
  const waiting = () => store.db.outbox.where('status').equals('pending');
  const [pending, first, failed] = await Promise.all([
    waiting().count(),
    waiting().first(),
    store.db.outbox.where('status').equals('failed').count(),
  ]);
  return { pending, failed, oldest: first?.created_at ?? null };
}

/**
 * The unsent changes as a readable JSON file: who and where they were made, and each change's
 * description, request and state (a refused one with the server's reason) — so that work a device
 * cannot send is never lost with the device, and someone can redo it by hand.
 */
function exportFile(store: LocalStore, entries: OutboxEntry[], device: DeviceInfo | null) {
  const user = useSession.getState().user;
  const now = new Date();
  const content = {
    exported_at: now.toISOString(),
    tenant: store.db.tenant,
    user: user
      ? { id: user.id, username: user.username, full_name: user.full_name }
      : { id: store.db.userId },
    device_id: device?.id ?? null,
    app_version: device?.version ?? null,
    count: entries.length,
    changes: entries.map((e) => ({
      id: e.id,
      summary: e.summary,
      kind: e.kind,
      status: e.status,
      created_at: e.created_at,
      attempts: e.attempts,
      method: e.method,
      path: e.path,
      body: e.body,
      error: e.error,
      code: e.code,
      http_status: e.http_status,
    })),
  };
  const stamp = now.toISOString().slice(0, 16).replace(/[-:T]/g, '');
  saveBlob(
    new Blob([`${JSON.stringify(content, null, 2)}\n`], { type: 'application/json' }),
    `gonderilmemis-degisiklikler-${store.db.tenant}-${stamp}.json`,
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' },
        gap: { xs: 0, sm: 2 },
        py: 0.75,
      }}
      data-testid={testId}
    >
      <Typography color="text.secondary">{label}</Typography>
      <Box sx={{ overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

/** "This device": storage, last sync, unsent changes (with the export), version, and clearing it. */
export function DeviceSection() {
  const t = useT();
  const navigate = useNavigate();
  const { store } = useLocalStore();
  const lastPullAt = useSyncStatus((s) => s.lastPullAt);
  const outbox = useLiveQuery(() => readOutbox(store), [store], { pending: 0, failed: 0, oldest: null });
  const [device, setDevice] = useState<DeviceInfo | null>(null);
  const [refused, setRefused] = useState(false);
  const [exported, setExported] = useState<number | null>(null);
  const [clearing, setClearing] = useState(false);

  const readDevice = useCallback(async (fresh: boolean) => {
    const local = await import('../local/sync/device-facts');
    const storage = await local.storageFacts(fresh);
    setDevice({ id: local.deviceId(), version: local.APP_VERSION, storage });
  }, []);
  useEffect(() => {
    void readDevice(true).catch(() => undefined);
  }, [readDevice]);

  async function askPersist() {
    const granted = await navigator.storage?.persist?.().catch(() => false);
    setRefused(!granted);
    await readDevice(true);
  }

  async function exportUnsent() {
    if (!store) return;
    const entries = await store.db.outbox.orderBy('seq').toArray();
    const unsent = entries.filter((e) => e.status === 'pending' || e.status === 'failed');
    exportFile(store, unsent, device);
    setExported(unsent.length);
  }

  const storage = device?.storage;
  const unsent = outbox.pending + outbox.failed;
  return (
    <SettingsSection title={t('dset_device')} testId="settings-device">
      {!store && <Alert severity="info">{t('dset_noStore')}</Alert>}
      <Row label={t('dset_persisted')} testId="settings-persisted">
        <Typography>
          {storage?.persisted === true
            ? t('dset_persistedYes')
            : storage?.persisted === false
              ? t('dset_persistedNo')
              : t('dset_persistedUnknown')}
        </Typography>
        {storage?.persisted === false && (
          <Button size="small" variant="outlined" sx={{ mt: 1 }} onClick={() => void askPersist()}>
            {t('dset_persistAsk')}
          </Button>
        )}
        {refused && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {t('dset_persistRefused')}
          </Alert>
        )}
      </Row>
      <Row label={t('dset_storage')} testId="settings-storage">
        {storage?.quota
          ? t('dset_storageValue', { used: formatBytes(storage.used), quota: formatBytes(storage.quota) })
          : formatBytes(storage?.used)}
      </Row>
      <Row label={t('dset_lastSync')} testId="settings-last-sync">
        {lastPullAt ? dateTimeLabel(lastPullAt) : t('dset_never')}
      </Row>
      <Row label={t('dset_outbox')} testId="settings-outbox">
        {unsent === 0 ? (
          <Typography>{t('dset_outboxEmpty')}</Typography>
        ) : (
          <>
            <Typography data-testid="settings-outbox-count">
              {t('dset_outboxValue', { n: outbox.pending, failed: outbox.failed })}
            </Typography>
            {outbox.oldest && (
              <Typography variant="body2" color="text.secondary">
                {t('dset_outboxOldest', { time: dateTimeLabel(outbox.oldest) })}
              </Typography>
            )}
          </>
        )}
        <Button
          size="small"
          variant="outlined"
          sx={{ mt: 1 }}
          disabled={!store || unsent === 0}
          onClick={() => void exportUnsent()}
          data-testid="settings-export"
        >
          {t('dset_export')}
        </Button>
        {exported !== null && (
          <Typography variant="body2" role="status" sx={{ mt: 1 }}>
            {t('dset_exported', { n: exported })}
          </Typography>
        )}
      </Row>
      <Row label={t('dset_appVersion')} testId="settings-version">
        {device?.version ?? '—'}
      </Row>
      <Row label={t('dset_deviceId')} testId="settings-device-id">
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
          {device?.id ?? '—'}
        </Typography>
      </Row>
      <Stack spacing={1} sx={{ mt: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('dset_clearHint')}
        </Typography>
        <Button
          color="error"
          variant="outlined"
          sx={{ alignSelf: 'flex-start' }}
          disabled={!store}
          onClick={() => setClearing(true)}
          data-testid="settings-clear"
        >
          {t('dset_clear')}
        </Button>
      </Stack>
      {clearing && store && (
        <ClearDialog
          store={store}
          unsent={unsent}
          onCancel={() => setClearing(false)}
          onDone={() => navigate('/login', { replace: true })}
        />
      )}
    </SettingsSection>
  );
}

/**
 * Clearing this device's data: refused while unsent changes wait unless the user ticks that they
 * accept losing them. Then the user is signed out (as 'Çıkış Yap' does) and their local store —
 * mirror and outbox — is deleted; other users' stores on the device are left alone.
 */
function ClearDialog({
  store,
  unsent,
  onCancel,
  onDone,
}: {
  store: LocalStore;
  unsent: number;
  onCancel: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const [accepted, setAccepted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const blocked = unsent > 0 && !accepted;

  async function clear() {
    if (blocked) return;
    setBusy(true);
    setError(null);
    const { tenant, userId } = store.db;
    try {
      await useSession.getState().signOut();
      const local = await import('../local/store');
      await local.deleteLocalStore(tenant, userId);
      onDone();
    } catch (e) {
      setError(t('dset_clearFailed', { message: e instanceof Error ? e.message : String(e) }));
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={busy ? undefined : onCancel}
      aria-labelledby="settings-clear-title"
      data-testid="settings-clear-dialog"
    >
      <DialogTitle id="settings-clear-title">{t('dset_clearTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('dset_clearBody')}</DialogContentText>
        {unsent > 0 && (
          <>
            <Alert severity="warning" sx={{ mt: 2 }} data-testid="settings-clear-unsent">
              {t('dset_clearUnsent', { n: unsent })}
            </Alert>
            <FormControlLabel
              sx={{ mt: 1 }}
              control={
                <Checkbox
                  checked={accepted}
                  onChange={(_, v) => setAccepted(v)}
                  data-testid="settings-clear-accept"
                />
              }
              label={t('dset_clearConfirmLoss')}
            />
          </>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {t('dset_cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={() => void clear()}
          disabled={blocked || busy}
          data-testid="settings-clear-confirm"
        >
          {t('dset_clearConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
