import Box from '@mui/material/Box';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatTL } from '../../shared/domain/money';

/**
 * The charts of /collections: one horizontal bar per category (a payment method, an ageing
 * bucket), the amount in the tooltip. Its own chunk, loaded only by /collections (the charts
 * library weighs on no other screen). A chart is a picture of the table beside it: hidden from
 * assistive technology and out of the keyboard's way, the table is what they read. No value
 * axis: money is shown only as formatTL writes it ('1.250,75 TL'), in the tooltip and the table.
 */
export interface ChartBar {
  label: string;
  kurus: number;
}

export default function AmountBarChart({ bars, testId }: { bars: readonly ChartBar[]; testId: string }) {
  const height = 48 + bars.length * 36;
  return (
    <Box aria-hidden="true" data-testid={testId} sx={{ width: '100%', minWidth: 0, overflow: 'hidden' }}>
      <BarChart
        height={height}
        layout="horizontal"
        hideLegend
        disableKeyboardNavigation
        skipAnimation
        margin={{ left: 8, right: 16, top: 8, bottom: 8 }}
        yAxis={[{ scaleType: 'band', data: bars.map((b) => b.label), width: 120 }]}
        xAxis={[{ position: 'none' }]}
        series={[
          {
            data: bars.map((b) => b.kurus),
            valueFormatter: (value: number | null) => (value === null ? '' : formatTL(value)),
          },
        ]}
      />
    </Box>
  );
}
