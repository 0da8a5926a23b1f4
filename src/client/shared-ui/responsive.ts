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
