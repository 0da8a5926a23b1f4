import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/**
 * Text for assistive technology only (the name of an icon button): in the accessibility tree,
 * not on screen. Used instead of `aria-label` where the button also SHOWS text (a badge count,
 * initials), which axe's label-content-name-mismatch would otherwise flag.
 */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <Box
      component="span"
      sx={{
        border: 0,
        clip: 'rect(0 0 0 0)',
        height: '1px',
        margin: '-1px',
        overflow: 'hidden',
        padding: 0,
        position: 'absolute',
        whiteSpace: 'nowrap',
        width: '1px',
      }}
    >
      {children}
    </Box>
  );
}
