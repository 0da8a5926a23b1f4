import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from './i18n';

/** The spec's error fallback screen: 'Bir Hata Oluştu', refresh (retry) or go home. */
export function ErrorFallback({ onRetry, onHome }: { onRetry: () => void; onHome: () => void }) {
  const t = useT();
  return (
    <Box
      role="alert"
      sx={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3 }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, maxWidth: 520, textAlign: 'center' }}>
        <ErrorOutline color="error" sx={{ fontSize: 56, mb: 1 }} />
        <Typography variant="h5" component="h1" gutterBottom>
          {t('errorHeading')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('errorText')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          <Button variant="contained" onClick={onRetry}>
            {t('reload')}
          </Button>
          <Button variant="outlined" onClick={onHome}>
            {t('goHome')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
