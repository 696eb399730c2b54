import { monthLabel } from '#shared/domain/renewal-retention.ts'
import {
  countOverdueRenewalsByAssignee,
  findAtRiskRenewalsThisMonth,
} from '../../renewals/renewal-figures.service.ts'
import { type DataQuestion, LIST_SIZE, plural } from './data-question.service.ts'

const RENEWAL = /\brenewals?\b/
const CITATIONS = [{ title: 'Renewals', url: '/renewals' }]

const dollars = (amount: number) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const signed = (value: number, text: string) => (value > 0 ? `+${text}` : text)

type AtRisk = Awaited<ReturnType<typeof findAtRiskRenewalsThisMonth>>['renewals'][number]

function atRiskLine(renewal: AtRisk): string {
  const change =
    renewal.offerPremium === null
      ? 'no offer yet'
      : `offer ${dollars(renewal.offerPremium)} (${signed(renewal.changeAmount ?? 0, dollars(renewal.changeAmount ?? 0))}${
          renewal.changePercent === null
            ? ''
            : `, ${signed(renewal.changePercent, `${renewal.changePercent}%`)}`
        }) on ${dollars(renewal.expiringPremium)}`
  const due = renewal.dueDate ? `, next milestone due ${renewal.dueDate}` : ''
  return `• ${renewal.insuredName}: ${renewal.carrierName} ${renewal.lineOfBusiness} ${renewal.policyNumber}, expires ${renewal.expirationDate}${due}, ${change}, ${renewal.assigneeName ?? 'unassigned'}`
}

/** Questions about the renewal pipeline: what is at risk this month, and who is behind. */
export const RENEWAL_QUESTIONS: DataQuestion[] = [
  {
    tool: 'at_risk_renewals',
    matches: (q) => RENEWAL.test(q) && /\b(at[- ]?risk|risky)\b/.test(q),
    answer: async (db, ctx) => {
      const { month, total, renewals } = await findAtRiskRenewalsThisMonth(db, ctx.actor.agencyId, LIST_SIZE)
      const when = `this month (${monthLabel(month)})`
      if (total === 0)
        return { content: `No open renewal at risk expires or falls due ${when}.`, citations: CITATIONS }
      const more = total - renewals.length
      return {
        content: [
          `${plural(total, 'renewal')} at risk ${total === 1 ? 'expires or falls' : 'expire or fall'} due ${when}, soonest milestone first:`,
          ...renewals.map(atRiskLine),
          ...(more > 0 ? [`…and ${more} more on the Renewals page.`] : []),
        ].join('\n'),
        citations: CITATIONS,
      }
    },
  },
  {
    tool: 'overdue_renewals',
    matches: (q) => RENEWAL.test(q) && /\b(overdue|late|behind|past due)\b/.test(q),
    answer: async (db, ctx) => {
      const { total, assignees } = await countOverdueRenewalsByAssignee(db, ctx.actor.agencyId)
      if (total === 0) return { content: 'No open renewal is past its milestone.', citations: CITATIONS }
      const name = (row: (typeof assignees)[number]) => row.assigneeName ?? 'Unassigned'
      const most = assignees.filter((row) => row.overdue === assignees[0]!.overdue)
      const lead =
        most.length === 1
          ? `${name(most[0]!)} has the most overdue renewals: ${most[0]!.overdue} of ${total}.`
          : `${most.map(name).join(' and ')} have the most overdue renewals: ${most[0]!.overdue} each, of ${total}.`
      const shown = assignees.slice(0, LIST_SIZE)
      const more = assignees.length - shown.length
      return {
        content: [
          lead,
          'Overdue renewals by assignee:',
          ...shown.map((row) => `• ${name(row)}: ${row.overdue}`),
          ...(more > 0 ? [`…and ${plural(more, 'more assignee')} on the Renewals page.`] : []),
        ].join('\n'),
        citations: CITATIONS,
      }
    },
  },
]
