import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { Retention } from '#shared/contracts/renewals-retention.contract.ts'
import { LOST_REASON_LABELS } from '#shared/contracts/renewals-texts.ts'

/**
 * Lost renewals per reason as bars laid sideways, so the reasons stay readable on a phone. The
 * figures are in its label for screen readers, and in the table beside it.
 */
export function LostReasonsChart({ reasons }: { reasons: Retention['lostReasons'] }) {
  const data = reasons.map((row) => ({ reason: LOST_REASON_LABELS[row.reason], lost: row.count }))
  const summary = data.map((row) => `${row.reason}: ${row.lost}`).join(', ')
  return (
    <figure role="img" aria-label={`Lost renewals by reason. ${summary}`} className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11, fill: '#475569' }} />
          <YAxis type="category" dataKey="reason" width={136} tick={{ fontSize: 12, fill: '#334155' }} />
          <Tooltip />
          <Bar dataKey="lost" name="Lost" fill="#6d28d9" radius={[0, 4, 4, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  )
}
