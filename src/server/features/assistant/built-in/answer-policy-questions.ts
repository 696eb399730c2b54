import { utcToday } from '#server/platform/calendar.ts'
import { addDays, addMonths } from '#shared/domain/policy-ledger.ts'
import {
  EXPIRING_COUNT_LIMIT,
  findExpiringPolicies,
  getBookFigures,
  getPremiumByCarrier,
} from '../../policies/policy-figures.service.ts'
import { type DataQuestion, LIST_SIZE, plural } from './data-question.service.ts'

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]
const dollars = (amount: number) =>
  amount.toLocaleString('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })

/** The dates a question about expiring policies asks for: next month, this month, or the next N days (30 unless said). */
export function expiryRangeOf(question: string, today = utcToday()) {
  const monthStart = `${today.slice(0, 7)}-01`
  if (/\bnext month\b/.test(question)) {
    const from = addMonths(monthStart, 1)
    return { from, to: addDays(addMonths(from, 1), -1), label: MONTHS[Number(from.slice(5, 7)) - 1]! }
  }
  if (/\bthis month\b/.test(question)) {
    return { from: today, to: addDays(addMonths(monthStart, 1), -1), label: 'the rest of this month' }
  }
  const days = Number(question.match(/\b(\d{1,3})\s*days?\b/)?.[1] ?? 30)
  return { from: today, to: addDays(today, days), label: `the next ${plural(days, 'day')}` }
}

/** Questions about the book: what expires when, and the premium in force, in all or with a carrier. */
export const POLICY_QUESTIONS: DataQuestion[] = [
  {
    tool: 'expiring_policies',
    matches: (q) => /\bpolic(y|ies)\b/.test(q) && /\b(expir\w*|renew\w*|due)\b/.test(q),
    answer: async (db, ctx, q) => {
      const range = expiryRangeOf(q)
      const { total, policies } = await findExpiringPolicies(db, ctx.actor.agencyId, range, LIST_SIZE)
      const citations = [{ title: 'Policies', url: '/policies?sort=expiration' }]
      if (total === 0) return { content: `No policy in force expires in ${range.label}.`, citations }
      const count =
        total >= EXPIRING_COUNT_LIMIT
          ? `At least ${EXPIRING_COUNT_LIMIT} policies`
          : plural(total, 'policy', 'policies')
      const more = total - policies.length
      return {
        content: [
          `${count} ${total === 1 ? 'expires' : 'expire'} in ${range.label} (${range.from} to ${range.to}), soonest first:`,
          ...policies.map(
            (p) =>
              `• ${p.insuredName}: ${p.carrierName} ${p.lineOfBusiness} ${p.policyNumber}, expires ${p.expirationDate}, ${dollars(p.annualPremium)}`,
          ),
          ...(more > 0 ? [`…and ${more} more on the Policies page.`] : []),
        ].join('\n'),
        citations,
      }
    },
  },
  {
    tool: 'premium_in_force',
    matches: (q) =>
      /\bpremium\b/.test(q) && /\b(in force|written|total|book|how much|carrier|with)\b/.test(q),
    answer: async (db, ctx, q) => {
      const carriers = await getPremiumByCarrier(db, ctx.actor.agencyId)
      const citations = [{ title: 'Policies', url: '/policies' }]
      // The longest carrier name the question holds, so "Progressive Commercial" beats "Progressive".
      const named = [...carriers]
        .sort((a, b) => b.carrierName.length - a.carrierName.length)
        .find((carrier) => q.includes(carrier.carrierName.toLowerCase()))
      if (named) {
        return {
          content: `The premium in force with ${named.carrierName} is ${dollars(named.premium)}, over ${plural(named.policies, 'policy', 'policies')}.`,
          citations: [{ title: 'Policies', url: `/policies?carrierId=${named.carrierId}` }],
        }
      }
      const book = await getBookFigures(db, ctx.actor.agencyId)
      if (book.activePolicies === 0) return { content: 'You have no policies in force yet.', citations }
      return {
        content: [
          `Your premium in force is ${dollars(book.premiumInForce)}, over ${plural(book.activePolicies, 'policy', 'policies')}. The largest carriers:`,
          ...carriers
            .slice(0, 3)
            .map(
              (c) =>
                `• ${c.carrierName}: ${dollars(c.premium)} (${plural(c.policies, 'policy', 'policies')})`,
            ),
          ...(/\bcarrier\b/.test(q) ? ['Name a carrier to see its figure alone.'] : []),
        ].join('\n'),
        citations,
      }
    },
  },
]
