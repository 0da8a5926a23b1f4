import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { API } from '../../shared/api/endpoints';
import { isNetworkError } from '../api/errors';
import { call } from '../api/http';
import { useT } from '../shared-ui/i18n';

/** The e-mailed verification link (/register-company?verify=…): verifies the contact person's address. */
export function VerifyEmail({ token }: { token: string }) {
  const t = useT();
  const [state, setState] = useState<
    { kind: 'working' } | { kind: 'done'; company: string } | { kind: 'failed'; offline: boolean }
  >({ kind: 'working' });
  useEffect(() => {
    let live = true;
    call(API.registrationVerifyEmail, { body: { token } })
      .then((answer) => live && setState({ kind: 'done', company: answer.company_name }))
      .catch((error) => live && setState({ kind: 'failed', offline: isNetworkError(error) }));
    return () => {
      live = false;
    };
  }, [token]);
  return (
    <Stack spacing={2} data-testid="register-verify">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('reg_verifyTitle')}
      </Typography>
      {state.kind === 'working' ? (
        <Alert severity="info">{t('reg_verifying')}</Alert>
      ) : state.kind === 'done' ? (
        <Alert severity="success">{t('reg_verified', { company: state.company })}</Alert>
      ) : (
        <Alert severity="error">{state.offline ? t('reg_offline') : t('reg_verifyInvalid')}</Alert>
      )}
      <Button component={RouterLink} to="/login" variant="contained" fullWidth>
        {t('reg_goLogin')}
      </Button>
    </Stack>
  );
}
