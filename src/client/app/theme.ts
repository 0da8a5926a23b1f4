import { createTheme, type Theme } from '@mui/material/styles';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from '../../shared/domain/constants';
import type { ThemeMode } from '../state/ui';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A tenant's branding colour when it is a usable hex colour, else the spec's default. */
export function brandColor(value: string | null | undefined, fallback: string): string {
  return value && HEX.test(value.trim()) ? value.trim() : fallback;
}

/**
 * The MUI theme: light (default) or dark, the tenant's primary/secondary colours (fallback
 * #1976d2 / #dc004e), the spec's breakpoints and the self-hosted Roboto.
 */
export function buildTheme(mode: ThemeMode, primary?: string | null, secondary?: string | null): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: brandColor(primary, DEFAULT_PRIMARY_COLOR) },
      secondary: { main: brandColor(secondary, DEFAULT_SECONDARY_COLOR) },
      ...(mode === 'light' ? { background: { default: '#f5f7fb', paper: '#ffffff' } } : {}),
    },
    breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } },
    typography: {
      fontFamily: '"Roboto", "Helvetica", "Arial", sans-serif',
      button: { textTransform: 'none', fontWeight: 500 },
    },
    shape: { borderRadius: 8 },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
    },
  });
}
