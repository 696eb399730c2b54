import { useQuery } from '@tanstack/react-query'
import type { AgencyUser } from '#shared/contracts/agency-users.contract.ts'
import type { RenewalEvent } from '#shared/contracts/renewals.contract.ts'
import { LOST_REASON_LABELS, RENEWAL_STAGE_LABELS } from '#shared/contracts/renewals-texts.ts'
import { LOST_REASONS, type LostReason } from '#shared/domain/renewal-pipeline.ts'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/card.tsx'
import { formatCents, formatDateTime } from '#web/lib/format.ts'
import { formatPercent } from './renewal-cells.tsx'
import { fill, RENEWAL_WORDS as W } from './renewal-texts.ts'
import { assigneesQuery } from './renewals.queries.ts'

const stageLabel = (stage: RenewalEvent['fromStage']) => (stage ? RENEWAL_STAGE_LABELS[stage] : '—')

function lostReasonOf(details: RenewalEvent['details']): LostReason | undefined {
  const reason = details?.lostReason
  return LOST_REASONS.includes(reason as LostReason) ? (reason as LostReason) : undefined
}

/** An offer event's details as the server writes them: the premium in cents and its % change. */
function offerText(details: RenewalEvent['details']): string {
  const cents = details?.premiumCents
  const percent = details?.changePercent
  if (typeof cents !== 'number') return fill(W.eventOffer, { premium: W.noMilestone })
  const premium = formatCents(cents / 100)
  return fill(W.eventOffer, {
    premium: typeof percent === 'number' ? `${premium} (${formatPercent(percent)})` : premium,
  })
}

/**
 * One event as a sentence. Assignments name the user from the agency's people once they are loaded
 * (an agent's list holds only themselves, so a colleague reads as another user).
 */
export function eventText(event: RenewalEvent, users: readonly AgencyUser[] | undefined): string {
  switch (event.kind) {
    case 'entered':
      return W.eventEntered
    case 'stage': {
      const moved = fill(W.eventStage, { from: stageLabel(event.fromStage), to: stageLabel(event.toStage) })
      const reason = lostReasonOf(event.details)
      return reason ? `${moved}. ${fill(W.eventLost, { reason: LOST_REASON_LABELS[reason] })}` : moved
    }
    case 'assigned': {
      const to = event.details?.to
      if (typeof to !== 'string') return W.eventUnassigned
      if (!users) return W.eventAssignedLoading
      return fill(W.eventAssigned, { name: users.find((user) => user.id === to)?.name ?? W.someone })
    }
    case 'offer':
      return offerText(event.details)
    case 'remarketed':
      return W.eventRemarketed
    case 'renewed':
      return W.eventRenewed
  }
}

/** What happened to the renewal, newest first, each with who did it and when. */
export function RenewalHistory({ history }: { history: readonly RenewalEvent[] }) {
  const users = useQuery(assigneesQuery)
  const events = [...history].reverse()
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{W.history}</CardTitle>
      </CardHeader>
      <CardContent>
        {events.length === 0 ? (
          <p className="text-sm text-slate-700">{W.noHistory}</p>
        ) : (
          <ol className="grid gap-3">
            {events.map((event) => (
              <li key={event.id} className="grid gap-0.5 border-l-2 border-violet-200 pl-3 text-sm">
                <span className="text-slate-900">{eventText(event, users.data)}</span>
                <span className="text-xs text-slate-600">
                  <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                  {event.byName && ` · ${fill(W.by, { name: event.byName })}`}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}
