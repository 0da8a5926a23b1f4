import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { fetchTenantInfoOf } from '../api/auth';
import { useT } from '../shared-ui/i18n';
import { useSession } from '../state/session';

/** The company's name when its public info answers, else its id (offline, unknown tenant). */
function useCompanyName(tenant: string): string {
  const [name, setName] = useState(tenant);
  useEffect(() => {
    let cancelled = false;
    fetchTenantInfoOf(tenant)
      .then((info) => {
        if (!cancelled && info?.company_name) setName(info.company_name);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [tenant]);
  return name;
}

/**
 * A signed-in user opened an address of another company (`?tenant=`). The token belongs to the
 * session's tenant and the server refuses it anywhere else (403 TENANT_MISMATCH), so instead of a
 * loader that never ends this screen names both companies and offers the two ways out:
 * - 'Çıkış yap ve geç': sign out (the session's server-side end is sent to ITS tenant), then the
 *   login screen of the requested company; after signing in there, the address asked for opens;
 * - 'Oturumuma dön': the same address on the session's own company (a full load, since the
 *   page's tenant is read once per load).
 */
export default function TenantMismatchPage({
  sessionTenant,
  pageTenant,
}: {
  sessionTenant: string;
  pageTenant: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const current = useCompanyName(sessionTenant);
  const requested = useCompanyName(pageTenant);
  const [leaving, setLeaving] = useState(false);

  const switchTenant = async () => {
    setLeaving(true);
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    await useSession.getState().signOut();
    navigate(`/login?tenant=${encodeURIComponent(pageTenant)}`, { replace: true, state: { from } });
  };

  const backToMine = () => {
    const params = new URLSearchParams(location.search);
    params.set('tenant', sessionTenant);
    window.location.replace(`${location.pathname}?${params.toString()}${location.hash}`);
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100dvh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 520 }} data-testid="tenant-mismatch">
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <BusinessOutlined color="warning" sx={{ fontSize: 48 }} />
          <Typography variant="h5" component="h1">
            {t('tenantMismatchTitle')}
          </Typography>
          <Typography data-testid="tenant-mismatch-text">
            {t('tenantMismatchBody', { current, requested })}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ pt: 1 }}>
            <Button
              variant="contained"
              onClick={() => void switchTenant()}
              disabled={leaving}
              data-testid="tenant-switch"
            >
              {leaving ? t('tenantSwitching') : t('tenantSwitchSignOut')}
            </Button>
            <Button variant="outlined" onClick={backToMine} disabled={leaving} data-testid="tenant-back">
              {t('tenantBackToMine')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
