import { keyframes } from '@emotion/react';
import Box, { type BoxProps } from '@mui/material/Box';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/**
 * A thin progress bar: `value` (0–100) for a known share, none for "working…". What MUI's
 * LinearProgress draws, in a few lines — it is on /login and in every route's loading fallback,
 * where each KiB of JavaScript delays a phone's first screen.
 */
export function ProgressBar({
  value,
  color = 'primary',
  label,
  sx,
}: {
  value?: number;
  color?: 'primary' | 'warning';
  label: string;
  sx?: BoxProps['sx'];
}) {
  const determinate = value !== undefined;
  const now = determinate ? Math.max(0, Math.min(100, Math.round(value))) : undefined;
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={determinate ? 0 : undefined}
      aria-valuemax={determinate ? 100 : undefined}
      aria-valuenow={now}
      sx={[
        { position: 'relative', overflow: 'hidden', height: 4, bgcolor: 'action.hover' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Box
        sx={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          left: 0,
          bgcolor: `${color}.main`,
          borderRadius: 'inherit',
          ...(determinate
            ? { width: `${now}%`, transition: 'width 0.4s linear' }
            : {
                width: '40%',
                animation: `${slide} 1.4s ease-in-out infinite`,
                '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%', opacity: 0.5 },
              }),
        }}
      />
    </Box>
  );
}
