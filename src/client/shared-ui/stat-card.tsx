import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { FIGURE_CONTAINER, figureSx } from './figure';

/**
 * One headline figure on a card: its label, the value (sized to fit its card, figure.ts) and an
 * optional hint under it. The dashboards' and /collections' figures are these cards.
 */
export function StatCard({
  label,
  value,
  testId,
  hint,
}: {
  label: string;
  value: string;
  testId: string;
  hint?: string;
}) {
  return (
    <Card variant="outlined" sx={{ p: 2, minWidth: 0, ...FIGURE_CONTAINER }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary" component="h2">
        {label}
      </Typography>
      <Typography
        variant="h5"
        component="p"
        sx={{ fontWeight: 700, mt: 0.5, ...figureSx(value) }}
        data-testid={`${testId}-value`}
      >
        {value}
      </Typography>
      {hint ? (
        <Typography variant="caption" color="text.secondary" data-testid={`${testId}-hint`}>
          {hint}
        </Typography>
      ) : null}
    </Card>
  );
}
