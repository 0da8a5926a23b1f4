import Typography from '@mui/material/Typography';
import { useT } from '../shared-ui/i18n';

/** /settings: the user's own settings and this device (placeholder until it is built). */
export default function SettingsPage() {
  const t = useT();
  return <Typography data-testid="coming-soon">{t('comingSoon')}</Typography>;
}
