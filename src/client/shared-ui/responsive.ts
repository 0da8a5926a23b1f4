import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * True below the theme's `sm` breakpoint (600 px): a phone held upright. Lists and tables switch
 * to stacked cards there (no sideways swipe for anything a user needs); the desktop
 * tables stay as they are. Read synchronously (`noSsr`), so the first paint is already the right
 * layout, with no table flashing before the cards.
 */
export function usePhone(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}

/**
 * True below the theme's `lg` breakpoint (1200 px). A list whose table needs the room of a wide
 * screen (many columns, beside the 240 px side menu) shows its cards below it instead: a table
 * that scrolls sideways inside the page hides its last columns — usually the actions — past the
 * window's edge.
 */
export function useNarrow(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
}
