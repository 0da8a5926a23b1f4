import { createTheme, type Theme } from '@mui/material/styles';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from '../../shared/domain/constants';
import {
  accessibleColor,
  brandColor,
  LIGHT_BACKGROUND,
  MIN_TEXT_CONTRAST,
} from '../../shared/domain/contrast';
import type { ThemeMode } from '../state/ui';

/**
 * Touch targets: on a coarse pointer (a finger) every button is at least 44 px tall — and icon
 * buttons 44 px wide — whatever its `size` (WCAG 2.5.5 / Apple HIG). A mouse keeps MUI's
 * compact sizes, so the desktop tables look as before.
 */
const TOUCH = '@media (pointer: coarse)';

/** MUI's default status colours, made readable like the tenant's (light mode values). */
const STATUS = { error: '#d32f2f', warning: '#ed6c02', info: '#0288d1', success: '#2e7d32' };
const STATUS_DARK = { error: '#f44336', warning: '#ffa726', info: '#29b6f6', success: '#66bb6a' };

/**
 * The MUI theme: light (default) or dark, the tenant's primary/secondary colours (fallback
 * #1976d2 / #dc004e) made readable, the spec's breakpoints and the self-hosted Roboto.
 */
export function buildTheme(mode: ThemeMode, primary?: string | null, secondary?: string | null): Theme {
  const status = mode === 'light' ? STATUS : STATUS_DARK;
  const secondaryColor = accessibleColor(brandColor(secondary, DEFAULT_SECONDARY_COLOR), mode);
  return createTheme({
    palette: {
      mode,
      // MUI's own getContrastText (used for colours not listed here) must also aim at 4.5:1.
      contrastThreshold: MIN_TEXT_CONTRAST,
      primary: accessibleColor(brandColor(primary, DEFAULT_PRIMARY_COLOR), mode),
      secondary: secondaryColor,
      error: accessibleColor(status.error, mode),
      warning: accessibleColor(status.warning, mode),
      info: accessibleColor(status.info, mode),
      success: accessibleColor(status.success, mode),
      ...(mode === 'light' ? { background: { default: LIGHT_BACKGROUND, paper: '#ffffff' } } : {}),
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
      MuiButton: { styleOverrides: { root: { [TOUCH]: { minHeight: 44 } } } },
      MuiIconButton: { styleOverrides: { root: { [TOUCH]: { minWidth: 44, minHeight: 44 } } } },
      MuiToggleButton: { styleOverrides: { root: { [TOUCH]: { minHeight: 44 } } } },
      MuiFab: { styleOverrides: { root: { [TOUCH]: { minHeight: 44 } } } },
      // The user's avatar (top bar, profile) sits on the secondary colour: its letters take the
      // secondary's contrast text, not MUI's default (the page background colour).
      MuiAvatar: {
        styleOverrides: {
          colorDefault: { backgroundColor: secondaryColor.main, color: secondaryColor.contrastText },
        },
      },
    },
  });
}
