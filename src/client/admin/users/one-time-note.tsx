import Typography from '@mui/material/Typography';
import { API } from '../../../shared/api/endpoints';
import { useApiQuery } from '../../api/query';
import { useT } from '../../shared-ui/i18n';

/**
 * Says, where an admin types a password for a user (a new user, a reset), what the server does
 * with it: it is a one-time password — the user signs in with it only to set their own — and it
 * no longer signs in after the company's 'Geçici şifre geçerlilik süresi' (its system settings,
 * read here; without them the note names the setting instead of the number).
 */
export function OneTimePasswordNote() {
  const t = useT();
  const settings = useApiQuery(API.adminSettings);
  const days = settings.data?.temp_password_days;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="user-one-time-note">
      {days ? t('usr_oneTimeNote', { days }) : t('usr_oneTimeNoteSetting')}
    </Typography>
  );
}
