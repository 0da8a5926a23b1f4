import Construction from '@mui/icons-material/Construction';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router-dom';
import { titleFor } from '../layout/page-meta';
import { useT } from '../shared-ui/i18n';
import { useSession } from '../state/session';

/**
 * The screens later issues build (dashboards, orders, admin, …) are real routes already, with
 * their guards; until then they say plainly that they are not there yet.
 */
export default function ComingSoonPage() {
  const t = useT();
  const { pathname } = useLocation();
  const role = useSession((s) => s.user?.role);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }} data-testid="coming-soon">
      <Construction color="action" sx={{ fontSize: 48, mb: 1 }} />
      <Typography variant="h5" component="h2" gutterBottom>
        {t(titleFor(pathname, role))}
      </Typography>
      <Typography color="text.secondary">{t('comingSoon')}</Typography>
    </Paper>
  );
}
