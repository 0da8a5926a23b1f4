import Alert from '@mui/material/Alert';
import { useMaintenance } from '../api/maintenance';
import { useT } from '../shared-ui/i18n';

/**
 * The server's maintenance mode, said on every signed-in screen while the server reports it:
 * to a non-admin that the system is in maintenance and that the app keeps working from this
 * device (their changes wait in the outbox and are sent when it ends); to an admin that it is on.
 */
export function MaintenanceBanner({ admin }: { admin: boolean }) {
  const t = useT();
  const on = useMaintenance((s) => s.on);
  if (!on) return null;
  return (
    <Alert
      severity={admin ? 'info' : 'warning'}
      data-testid="maintenance-banner"
      sx={{ mb: 2 }}
      role="status"
    >
      {t(admin ? 'set_maintenanceAdminBanner' : 'set_maintenanceBanner')}
    </Alert>
  );
}
