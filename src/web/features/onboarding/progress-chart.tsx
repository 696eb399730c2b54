import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { ProgressAnswer } from '#shared/contracts/onboarding-progress.contract.ts'
import { PROGRESS_BANDS } from '#shared/domain/onboarding-progress.ts'
import { Card } from '#web/components/card.tsx'

/** Agents per progress band (Not Started … Completed), as bars; the figures are also in the table below. */
export function ProgressChart({ bands }: { bands: ProgressAnswer['summary']['bands'] }) {
  const data = [...PROGRESS_BANDS].reverse().map((band) => ({ band: band.label, agents: bands[band.key] }))
  const summary = data.map((row) => `${row.band}: ${row.agents}`).join(', ')
  return (
    <Card className="p-4">
      <h3 className="mb-2 font-semibold text-slate-900">Agents per progress band</h3>
      <figure role="img" aria-label={`Agents per progress band. ${summary}`} className="h-56 w-full">
        <ResponsiveContainer width="100%" height="100%">
          {/* Bars laid sideways: the band names stay readable on a phone. */}
          <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11, fill: '#475569' }} />
            <YAxis type="category" dataKey="band" width={112} tick={{ fontSize: 12, fill: '#334155' }} />
            <Tooltip />
            <Bar dataKey="agents" name="Agents" fill="#6d28d9" radius={[0, 4, 4, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
    </Card>
  )
}
