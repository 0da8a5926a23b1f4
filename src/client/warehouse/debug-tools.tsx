import BugReport from '@mui/icons-material/BugReportOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { DemoAction } from '../../shared/domain/demo-actions';
import { DialogSubmitActions } from '../shared-ui/dialog-submit-actions';
import type { MessageKey } from '../shared-ui/i18n';
import { useT } from '../shared-ui/i18n';
import { runDebug } from './warehouse-data';

const LABELS: Record<DemoAction, MessageKey> = {
  check: 'wh_debugCheck',
  approveFirst: 'wh_debugApproveFirst',
  createTest: 'wh_debugCreateTest',
};
const CONFIRMATIONS: Record<DemoAction, MessageKey> = {
  check: 'wh_debugConfirmCheck',
  approveFirst: 'wh_debugConfirmApprove',
  createTest: 'wh_debugConfirmCreate',
};

/**
 * The spec's debug buttons (demo mode only), those the user may use (usableDemoActions). Each
 * says what it will do in the user's name and asks before doing it; the outcome is reported
 * (runDebug).
 */
export function DebugTools({ actions }: { actions: readonly DemoAction[] }) {
  const t = useT();
  const [asking, setAsking] = useState<DemoAction | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: DemoAction) => {
    setBusy(true);
    await runDebug(action);
    setBusy(false);
    setAsking(null);
  };
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} data-testid="wh-debug">
        {actions.map((action) => (
          <Button
            key={action}
            startIcon={action === 'check' ? <BugReport /> : undefined}
            onClick={() => setAsking(action)}
            sx={{ minHeight: 44 }}
            data-testid={`wh-debug-${action}`}
          >
            {t(LABELS[action])}
          </Button>
        ))}
      </Stack>
      <Dialog
        open={asking !== null}
        onClose={busy ? undefined : () => setAsking(null)}
        maxWidth="xs"
        fullWidth
      >
        {asking ? (
          <>
            <DialogTitle>{t('wh_debugConfirmTitle', { action: t(LABELS[asking]) })}</DialogTitle>
            <DialogContent>
              <DialogContentText>{t(CONFIRMATIONS[asking])}</DialogContentText>
            </DialogContent>
            <DialogSubmitActions
              busy={busy}
              onCancel={() => setAsking(null)}
              onSubmit={() => void run(asking)}
              testId="wh-debug-confirm"
            >
              {t('wh_debugRun')}
            </DialogSubmitActions>
          </>
        ) : null}
      </Dialog>
    </>
  );
}
