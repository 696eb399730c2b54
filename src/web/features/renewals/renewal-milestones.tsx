import { Check, Circle, CircleDot, Clock } from 'lucide-react'
import type { RenewalDetails } from '#shared/contracts/renewals.contract.ts'
import { MILESTONE_LABELS, RENEWAL_STAGE_LABELS } from '#shared/contracts/renewals-texts.ts'
import { MILESTONES, type Milestone } from '#shared/domain/renewal-pipeline.ts'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/card.tsx'
import { cn } from '#web/lib/cn.ts'
import { formatDay } from '#web/lib/format.ts'
import { fill, RENEWAL_WORDS as W } from './renewal-texts.ts'

export type MilestoneState = 'done' | 'next' | 'overdue' | 'later' | 'closed'

/**
 * Where each milestone stands: those before the renewal's next one are done, the next one is due
 * (overdue once its day has passed), the rest come later. A closed renewal has none left to work.
 */
export function milestoneState(
  milestone: Milestone,
  renewal: Pick<RenewalDetails, 'nextMilestone' | 'overdue'>,
): MilestoneState {
  if (!renewal.nextMilestone) return 'closed'
  const index = MILESTONES.indexOf(milestone)
  const next = MILESTONES.indexOf(renewal.nextMilestone)
  if (index < next) return 'done'
  if (index > next) return 'later'
  return renewal.overdue ? 'overdue' : 'next'
}

const STATES: Record<MilestoneState, { label: string; Icon: typeof Check; tone: string }> = {
  done: { label: W.milestoneDone, Icon: Check, tone: 'text-green-800' },
  next: { label: W.milestoneNext, Icon: CircleDot, tone: 'text-violet-800' },
  overdue: { label: W.overdue, Icon: Clock, tone: 'text-orange-800' },
  later: { label: W.milestoneLater, Icon: Circle, tone: 'text-slate-600' },
  closed: { label: '', Icon: Circle, tone: 'text-slate-500' },
}

/** The four milestones in order with their dates, and which is done, next or overdue. */
export function RenewalMilestones({ renewal }: { renewal: RenewalDetails }) {
  const closed = renewal.nextMilestone === null
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{W.milestones}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {closed && (
          <p className="text-sm text-slate-700">
            {fill(W.closed, { stage: RENEWAL_STAGE_LABELS[renewal.stage] })}
          </p>
        )}
        <ol className="grid gap-3 sm:grid-cols-4">
          {renewal.milestones.map(({ milestone, date }) => {
            const state = milestoneState(milestone, renewal)
            const { label, Icon, tone } = STATES[state]
            return (
              <li
                key={milestone}
                aria-current={state === 'next' || state === 'overdue' ? 'step' : undefined}
                className={cn(
                  'flex items-start gap-2 rounded-md border p-3',
                  state === 'overdue' ? 'border-orange-300 bg-orange-50' : 'border-slate-200',
                )}
              >
                <Icon aria-hidden="true" className={cn('mt-0.5 size-4 shrink-0', tone)} />
                <div className="grid gap-0.5 text-sm">
                  <span className="font-medium text-slate-900">{MILESTONE_LABELS[milestone]}</span>
                  <span className="text-slate-700">{formatDay(date)}</span>
                  {label && <span className={cn('text-xs font-semibold', tone)}>{label}</span>}
                </div>
              </li>
            )
          })}
        </ol>
      </CardContent>
    </Card>
  )
}
