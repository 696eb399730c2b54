import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import type { OwnerDashboard } from '#shared/contracts/owner.contract.ts'
import { Card } from '#web/components/card.tsx'
import { formatCents } from '#web/lib/format.ts'

/** MRR at each month's end over the last year; the figures are in the label for screen readers. */
export function MrrChart({ series }: { series: OwnerDashboard['subscriptions']['mrrByMonth'] }) {
  const summary = series.map((row) => `${row.month}: ${formatCents(row.mrr)}`).join(', ')
  return (
    <Card className="p-4">
      <h3 className="mb-2 font-semibold text-slate-900">MRR by month</h3>
      <figure
        role="img"
        aria-label={`MRR by month. ${summary}`}
        className="h-56 w-full"
        data-testid="mrr-chart"
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={series} margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="month" tick={{ fontSize: 11, fill: '#475569' }} />
            <YAxis tick={{ fontSize: 11, fill: '#475569' }} />
            <Tooltip formatter={(value) => formatCents(Number(value))} />
            <Line type="monotone" dataKey="mrr" name="MRR" stroke="#6d28d9" strokeWidth={2} dot={false} />
          </LineChart>
        </ResponsiveContainer>
      </figure>
    </Card>
  )
}

export function RetentionChart({ retention }: { retention: OwnerDashboard['analytics']['userRetention'] }) {
  const data = [
    { day: 'Day 1', share: retention.day1 },
    { day: 'Day 7', share: retention.day7 },
    { day: 'Day 30', share: retention.day30 },
  ]
  const summary = data.map((row) => `${row.day}: ${row.share}%`).join(', ')
  return (
    <Card className="p-4">
      <h3 className="mb-2 font-semibold text-slate-900">User retention</h3>
      <figure
        role="img"
        aria-label={`User retention. ${summary}`}
        className="h-56 w-full"
        data-testid="retention-chart"
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tick={{ fontSize: 12, fill: '#334155' }} />
            <YAxis domain={[0, 100]} unit="%" tick={{ fontSize: 11, fill: '#475569' }} />
            <Tooltip formatter={(value) => `${value}%`} />
            <Bar dataKey="share" name="Retained" fill="#6d28d9" radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
    </Card>
  )
}
