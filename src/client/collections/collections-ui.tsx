import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense } from 'react';
import type { ChartBar } from './collections-charts';

/** The charts' chunk, fetched when /collections first shows one (never by another screen). */
const AmountBarChart = lazy(() => import('./collections-charts'));

/** A chart, with room kept for it while its chunk loads (nothing jumps when it arrives). */
export function Chart({ bars, testId }: { bars: readonly ChartBar[]; testId: string }) {
  return (
    <Suspense fallback={<Skeleton variant="rectangular" height={48 + bars.length * 36} />}>
      <AmountBarChart bars={bars} testId={testId} />
    </Suspense>
  );
}

/** A titled block of the screen (its heading names the region). */
export function Section({
  title,
  subtitle,
  testId,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const headingId = `${testId}-heading`;
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      data-testid={testId}
      sx={{ minWidth: 0, p: { xs: 1.5, sm: 2 } }}
    >
      <Typography variant="h6" component="h2" id={headingId}>
        {title}
      </Typography>
      {subtitle ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid={`${testId}-subtitle`}>
          {subtitle}
        </Typography>
      ) : null}
      <Stack spacing={2} sx={{ mt: 1, minWidth: 0 }}>
        {children}
      </Stack>
    </Card>
  );
}

export function FigureGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      data-testid="collections-figures"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

/** A label and its amount on one line of a card (the amount never breaks). */
export function Fact({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}
