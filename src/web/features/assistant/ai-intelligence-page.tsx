import { BarChart3, Brain, FileSearch, Globe2, Swords } from 'lucide-react'
import type { ReactNode } from 'react'
import { Alert } from '#web/components/alert.tsx'
import { Badge } from '#web/components/badge.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/card.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import {
  BEHAVIOUR_SAMPLES,
  COMPETITOR_SAMPLES,
  EXPANSION_SAMPLES,
  PREDICTION_SAMPLES,
} from './ai-intelligence-samples.ts'
import { ClaimsDemo } from './claims-demo.tsx'

export const DEMO_LABEL = 'Demo · sample data'

/** Spec part 3 §2: static demo cards with fixed sample data; nothing here calls the server. */
export function AiIntelligencePage() {
  return (
    <>
      <PageHeader title="AI Intelligence" subtitle="Demonstrations of what AI could do for an agency" />
      <Alert tone="info" title="These are demonstrations">
        Every card on this page shows fixed sample data. None of it is read from, or changes, your agency’s
        data.
      </Alert>
      <div className="grid gap-6 lg:grid-cols-2">
        <DemoCard title="Claims processing" icon={<FileSearch />}>
          <ClaimsDemo />
        </DemoCard>
        <DemoCard title="Behavioural analytics" icon={<Brain />}>
          <Figures rows={BEHAVIOUR_SAMPLES} />
        </DemoCard>
        <DemoCard title="Predictive analytics" icon={<BarChart3 />}>
          <Figures rows={PREDICTION_SAMPLES} />
        </DemoCard>
        <DemoCard title="Competitive intelligence" icon={<Swords />}>
          <ul className="grid gap-2 text-sm">
            {COMPETITOR_SAMPLES.map((row) => (
              <li
                key={row.name}
                className="flex flex-wrap justify-between gap-x-3 border-b border-slate-100 pb-2"
              >
                <span className="font-medium text-slate-900">{row.name}</span>
                <span className="text-slate-700">Average premium {row.premium}</span>
                <span className="w-full text-slate-600">{row.trend}</span>
              </li>
            ))}
          </ul>
        </DemoCard>
        <DemoCard title="Global expansion" icon={<Globe2 />}>
          <ul className="grid gap-2 text-sm">
            {EXPANSION_SAMPLES.map((row) => (
              <li
                key={row.market}
                className="flex flex-wrap justify-between gap-x-3 border-b border-slate-100 pb-2"
              >
                <span className="font-medium text-slate-900">{row.market}</span>
                <span className="text-slate-700">Readiness {row.readiness}</span>
                <span className="w-full text-slate-600">{row.note}</span>
              </li>
            ))}
          </ul>
        </DemoCard>
      </div>
    </>
  )
}

function DemoCard({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2 [&_svg]:size-5 [&_svg]:text-violet-700">
          {icon}
          {title}
        </CardTitle>
        <Badge tone="yellow">{DEMO_LABEL}</Badge>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

function Figures({ rows }: { rows: readonly { label: string; value: string }[] }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-3">
      {rows.map((row) => (
        <div key={row.label} className="rounded-md bg-slate-50 p-3">
          <dt className="text-xs text-slate-600">{row.label}</dt>
          <dd className="text-xl font-semibold text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  )
}
