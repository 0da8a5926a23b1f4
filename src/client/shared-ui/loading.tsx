import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from './i18n';
import { ProgressBar } from './progress-bar';

/** What guards show while authentication is loading (spec: the text 'Loading'). */
export function LoadingText() {
  return (
    <Box sx={{ minHeight: '50vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Typography color="text.secondary">Loading</Typography>
    </Box>
  );
}

/** Suspense fallback while a route's code chunk loads: a thin bar, no layout jump. */
export function ChunkLoading() {
  const t = useT();
  return (
    <ProgressBar
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 2000 }}
      label={t('loadingAria')}
    />
  );
}
