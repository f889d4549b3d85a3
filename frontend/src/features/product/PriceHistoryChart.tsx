import { Chart, useChart } from '@chakra-ui/charts';
import { CartesianGrid, Line, LineChart, ReferenceDot, Tooltip, XAxis, YAxis } from 'recharts';
import { formatWon } from '../../shared/format';

/** A price-axis tick in 만 원: '156만', '155.5만'. */
export function formatManTick(won: number): string {
  return `${(won / 10_000).toLocaleString('ko-KR', { maximumFractionDigits: 1 })}만`;
}

/**
 * The price axis: at least 2만 원 wide around the prices, on whole 만 원, so a flat or nearly flat
 * line does not get five ticks that all read the same ('156만' × 5).
 */
export function priceAxisDomain(prices: readonly number[]): [number, number] {
  if (prices.length === 0) return [0, 10_000];
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  const pad = Math.max((max - min) * 0.1, 10_000);
  return [Math.max(0, Math.floor((min - pad) / 10_000) * 10_000), Math.ceil((max + pad) / 10_000) * 10_000];
}

export interface ChartPoint { date: string; value: number }

/** '11/20' from '2026-11-20'. */
const shortDate = (date: string) => date.slice(5).replace('-', '/');

/**
 * A lowest-price line (@chakra-ui/charts on recharts), with the window's lowest point marked (issue
 * 42). Loaded with `lazy()` by the product page only, so neither library is in any other page's chunks.
 */
export default function PriceHistoryChart({ points, label, lowest }: { points: readonly ChartPoint[]; label: string; lowest?: ChartPoint | null }) {
  const chart = useChart({
    data: points.map((p) => ({ date: shortDate(p.date), [label]: p.value })),
    series: [{ name: label, color: 'teal.solid' }],
  });
  return (
    <Chart.Root maxH="56" chart={chart} data-testid="price-history-chart">
      <LineChart responsive data={chart.data} margin={{ left: 8, right: 8, top: 8 }}>
        <CartesianGrid stroke={chart.color('border')} vertical={false} />
        <XAxis dataKey={chart.key('date')} stroke={chart.color('border')} tickLine={false} minTickGap={24} />
        <YAxis width={72} stroke={chart.color('border')} tickLine={false} domain={priceAxisDomain(points.map((p) => p.value))} tickFormatter={formatManTick} />
        <Tooltip animationDuration={100} cursor={false} content={<Chart.Tooltip formatter={(value) => formatWon(Number(value))} />} />
        {chart.series.map((item) => (
          <Line key={item.name} isAnimationActive={false} dataKey={chart.key(item.name)} stroke={chart.color(item.color)} strokeWidth={2} dot={false} />
        ))}
        {lowest ? (
          <ReferenceDot x={shortDate(lowest.date)} y={lowest.value} r={5} fill={chart.color('red.solid')} stroke={chart.color('bg')} strokeWidth={2}
            label={{ value: `최저 ${formatManTick(lowest.value)}`, position: 'top', fontSize: 11, fill: chart.color('red.fg') }} />
        ) : null}
      </LineChart>
    </Chart.Root>
  );
}
