import { Chart, useChart } from '@chakra-ui/charts';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { PriceHistory } from '../../shared/api/models';
import { formatWon } from '../../shared/format';

/**
 * The lowest-price line (@chakra-ui/charts on recharts). Loaded with `lazy()` by the product page
 * only, so neither library is in any other page's chunks.
 */
export default function PriceHistoryChart({ points }: { points: PriceHistory['points'] }) {
  const chart = useChart({
    data: points.map((p) => ({ date: p.date.slice(5).replace('-', '/'), 최저가: p.lowestPrice })),
    series: [{ name: '최저가', color: 'teal.solid' }],
  });
  return (
    <Chart.Root maxH="56" chart={chart} data-testid="price-history-chart">
      <LineChart responsive data={chart.data} margin={{ left: 8, right: 8 }}>
        <CartesianGrid stroke={chart.color('border')} vertical={false} />
        <XAxis dataKey={chart.key('date')} stroke={chart.color('border')} tickLine={false} minTickGap={24} />
        <YAxis width={72} stroke={chart.color('border')} tickLine={false} domain={['auto', 'auto']} tickFormatter={(v: number) => `${Math.round(v / 10_000)}만`} />
        <Tooltip animationDuration={100} cursor={false} content={<Chart.Tooltip formatter={(value) => formatWon(Number(value))} />} />
        {chart.series.map((item) => (
          <Line key={item.name} isAnimationActive={false} dataKey={chart.key(item.name)} stroke={chart.color(item.color)} strokeWidth={2} dot={false} />
        ))}
      </LineChart>
    </Chart.Root>
  );
}
