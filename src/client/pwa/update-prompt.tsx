import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useT } from '../shared-ui/i18n';
import { usePwa } from './service-worker';

/** "Yeni sürüm hazır" — shown when a new service worker is waiting; 'Güncelle' applies it. */
export function UpdatePrompt() {
  const t = useT();
  const updateReady = usePwa((s) => s.updateReady);
  const applyUpdate = usePwa((s) => s.applyUpdate);
  const dismiss = usePwa((s) => s.dismiss);
  return (
    <Snackbar
      open={updateReady}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      message={t('updateReady')}
      action={
        <>
          <Button color="inherit" size="small" onClick={dismiss}>
            {t('later')}
          </Button>
          <Button color="primary" variant="contained" size="small" onClick={applyUpdate} sx={{ ml: 1 }}>
            {t('update')}
          </Button>
        </>
      }
    />
  );
}
