import { Chart, useChart } from '@chakra-ui/charts';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChatbotStats } from '@phonemarket/contracts/chatbotAdmin.ts';

const SESSIONS = '세션 수';
const RATE = '해결률 (%)';

/** Sessions (bars) and resolution rate (line, %) by day; @chakra-ui/charts on recharts, loaded with `lazy()` by /admin/chatbot only. */
export default function DailyChart({ daily }: { daily: ChatbotStats['daily'] }) {
  const chart = useChart({
    data: daily.map((d) => ({
      day: d.day.slice(5).replace('-', '/'),
      [SESSIONS]: d.sessions,
      [RATE]: d.resolutionRate === null ? null : Math.round(d.resolutionRate * 1000) / 10,
    })),
    series: [{ name: SESSIONS, color: 'brand.solid' }, { name: RATE, color: 'teal.solid' }],
  });
  return (
    <Chart.Root maxH="64" chart={chart} data-testid="chatbot-daily-chart">
      <ComposedChart responsive data={chart.data} margin={{ left: 0, right: 0, top: 8 }}>
        <CartesianGrid stroke={chart.color('border')} vertical={false} />
        <XAxis dataKey={chart.key('day')} stroke={chart.color('border')} tickLine={false} minTickGap={16} />
        <YAxis yAxisId="sessions" width={36} stroke={chart.color('border')} tickLine={false} allowDecimals={false} />
        <YAxis yAxisId="rate" orientation="right" width={40} stroke={chart.color('border')} tickLine={false} domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} />
        <Tooltip animationDuration={100} cursor={{ fill: chart.color('bg.muted') }} content={<Chart.Tooltip />} />
        <Legend content={<Chart.Legend />} />
        <Bar yAxisId="sessions" isAnimationActive={false} dataKey={chart.key(SESSIONS)} fill={chart.color('brand.solid')} radius={[4, 4, 0, 0]} maxBarSize={28} />
        <Line yAxisId="rate" isAnimationActive={false} dataKey={chart.key(RATE)} stroke={chart.color('teal.solid')} strokeWidth={2} dot={{ r: 3 }} connectNulls />
      </ComposedChart>
    </Chart.Root>
  );
}
