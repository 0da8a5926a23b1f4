import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LocalStore } from '../local/store';
import { useT } from '../shared-ui/i18n';
import { useSyncStatus } from '../shared-ui/local-store';

type Problem = 'offline' | 'rejected' | 'notSent';

/**
 * Asked before 'Çıkış Yap' when the user's outbox still holds changes, so nothing they did is
 * left behind on the device without them knowing (an entry is only ever sent with its
 * owner's token, so after sign-out it waits until the same user signs in again).
 *
 * - 'Önce senkronize et' sends the outbox now and, as soon as it is empty, continues signing out
 *   by itself. If it cannot (offline, or only changes the server refused are left — a sync never
 *   re-sends those), the dialog stays open with the remaining count and the reason.
 * - 'Yine de çıkış yap' signs out; the changes stay in this user's local database.
 * - 'Vazgeç' keeps the session.
 */
export function SignOutDialog({
  open,
  store,
  onCancel,
  onSignOut,
}: {
  open: boolean;
  store: LocalStore;
  onCancel: () => void;
  onSignOut: () => Promise<void>;
}) {
  const t = useT();
  // The open store's live status (the same store as `store.status`).
  const pending = useSyncStatus((s) => s.pendingCount);
  const failed = useSyncStatus((s) => s.failedCount);
  const remaining = pending + failed;
  const [syncing, setSyncing] = useState(false);
  /** The user chose "sync first": reaching zero (now or later, while the dialog is open) signs out. */
  const [wantsSync, setWantsSync] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  /** Synchronous guard: the live count reaching zero and the flush finishing may race to sign out. */
  const signingOutRef = useRef(false);
  /** Bumped on cancel: a sync attempt that finishes after 'Vazgeç' must not sign anyone out. */
  const attempt = useRef(0);

  useEffect(() => {
    if (!open) {
      setSyncing(false);
      setWantsSync(false);
      setProblem(null);
      setSigningOut(false);
      signingOutRef.current = false;
    }
  }, [open]);

  const signOut = useCallback(async () => {
    if (signingOutRef.current) return;
    signingOutRef.current = true;
    setSigningOut(true);
    await onSignOut();
  }, [onSignOut]);

  // The status store follows the outbox live (also while the leader tab flushes), so the
  // sign-out continues the moment the last change is acknowledged.
  useEffect(() => {
    if (open && wantsSync && remaining === 0) void signOut();
  }, [open, wantsSync, remaining, signOut]);

  async function syncFirst() {
    const mine = ++attempt.current;
    setWantsSync(true);
    setSyncing(true);
    setProblem(null);
    let counts = { pending, failed };
    try {
      await store.engine.flushNow();
      await store.engine.whenIdle();
      const local = await import('../local/outbox');
      counts = await local.countEntries(store.db);
    } catch {
      /* counted below from what we last knew */
    }
    if (mine !== attempt.current) return;
    setSyncing(false);
    if (counts.pending + counts.failed === 0) {
      await signOut();
      return;
    }
    const offline =
      !store.status.getState().online || (typeof navigator !== 'undefined' && navigator.onLine === false);
    setProblem(counts.pending === 0 ? 'rejected' : offline ? 'offline' : 'notSent');
  }

  const cancel = () => {
    attempt.current++;
    onCancel();
  };

  const problemText =
    problem === 'offline'
      ? t('unsentOffline', { n: remaining })
      : problem === 'rejected'
        ? t('unsentOnlyRejected', { n: remaining })
        : problem === 'notSent'
          ? t('unsentNotSent', { n: remaining })
          : null;

  return (
    <Dialog
      open={open}
      onClose={signingOut ? undefined : cancel}
      aria-labelledby="sign-out-dialog-title"
      slotProps={{ paper: { 'data-testid': 'sign-out-dialog', 'data-remaining': remaining } as object }}
    >
      <DialogTitle id="sign-out-dialog-title">{t('unsentTitle')}</DialogTitle>
      <DialogContent>
        {remaining > 0 ? (
          <Typography sx={{ fontWeight: 500 }} data-testid="sign-out-unsent-count" gutterBottom>
            {t('unsentCount', { n: remaining })}
          </Typography>
        ) : (
          <Typography sx={{ fontWeight: 500 }} gutterBottom>
            {t('unsentAllSent')}
          </Typography>
        )}
        {failed > 0 ? (
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {t('unsentRejected', { n: failed })}
          </Typography>
        ) : null}
        <Typography variant="body2" color="text.secondary">
          {t('unsentKeptOnDevice')}
        </Typography>
        {syncing ? (
          <>
            <LinearProgress sx={{ mt: 2 }} aria-label={t('unsentSyncing', { n: remaining })} />
            <Typography variant="body2" sx={{ mt: 1 }} data-testid="sign-out-syncing">
              {t('unsentSyncing', { n: remaining })}
            </Typography>
          </>
        ) : null}
        {problemText && remaining > 0 && !syncing ? (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="sign-out-sync-problem">
            {problemText}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={cancel} disabled={signingOut}>
          {t('cancel')}
        </Button>
        <Button onClick={() => void signOut()} disabled={signingOut} color="warning">
          {t('signOutAnyway')}
        </Button>
        <Button
          onClick={() => void syncFirst()}
          variant="contained"
          // Only pending changes can be sent; refused ones wait for the user's decision.
          disabled={syncing || signingOut || pending === 0}
        >
          {t('syncFirst')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
