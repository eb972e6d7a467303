/**
 * The reports page's charts: a lazy chunk of their own (@mantine/charts over recharts, budgeted in
 * scripts/check-bundle.ts), loaded once a report is on screen. Each chart is a picture of the table printed under it,
 * so it is hidden from assistive technology (the table is the accessible form) and takes no keyboard focus.
 */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { PERIOD_BEFORE, THIS_PERIOD, type ReportTable } from './reportTables.ts';

const SERIES = [
  { name: THIS_PERIOD, color: 'blue.7' },
  { name: PERIOD_BEFORE, color: 'gray.5' },
];

export default function ReportChart({ table }: { table: ReportTable }) {
  const tall = table.chart.length > 8 && table.id !== 'hour';
  return (
    <div aria-hidden="true" data-testid={`chart-${table.id}`}>
      <BarChart
        h={tall ? Math.max(220, table.chart.length * 28) : 220}
        data={table.chart}
        dataKey="label"
        series={SERIES}
        orientation={tall ? 'vertical' : 'horizontal'}
        withLegend
        legendProps={{ verticalAlign: 'top', height: 32 }}
        tickLine="none"
        withTooltip={false}
        barChartProps={{ accessibilityLayer: false }}
      />
    </div>
  );
}
