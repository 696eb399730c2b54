import type { Db } from '#server/db/connect.ts'
import { enterQuote } from '#server/features/quotes/enter-quote.ts'
import { recordDecline } from '#server/features/quotes/record-decline.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { Coverage } from '#shared/contracts/quotes.contract.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'

/** What one of the application's two carriers answered: a quote, or a decline with its reason. */
export type DemoAnswer =
  | {
      premium: number
      termMonths: 6 | 12
      /** Days from today. */
      startsIn: number
      expiresIn: number
      quoteNumber: string
      coverages: Coverage[]
    }
  | { declined: string }

/**
 * An application's answers from its carriers (the first from the primary, the second from the
 * secondary), entered through the quotes use cases as an agent would, so the demo's comparison
 * has something to compare. Dates are set from today: the quotes are open whenever the demo starts.
 */
export async function seedDemoQuotes(
  db: Db,
  ctx: Ctx,
  application: { id: string; carrierIds: string[] },
  answers: readonly DemoAnswer[],
): Promise<void> {
  const today = new Date().toISOString().slice(0, 10)
  for (const [index, answer] of answers.entries()) {
    const carrierId = application.carrierIds[index]
    if (!carrierId) continue
    if ('declined' in answer) {
      await recordDecline(db, ctx, application.id, { carrierId, reason: answer.declined })
      continue
    }
    await enterQuote(db, ctx, application.id, {
      carrierId,
      premium: answer.premium,
      termMonths: answer.termMonths,
      effectiveDate: addDays(today, answer.startsIn),
      expiresAt: addDays(today, answer.expiresIn),
      quoteNumber: answer.quoteNumber,
      coverages: answer.coverages,
    })
  }
}

const line = (label: string, value: string): Coverage => ({ label, value })

/** The auto, property and life applications' answers, in DEMO_APPLICATIONS' order. */
export const DEMO_AUTO_ANSWERS: DemoAnswer[] = [
  {
    premium: 1284,
    termMonths: 12,
    startsIn: 14,
    expiresIn: 21,
    quoteNumber: 'AQ-20417',
    coverages: [
      line('Bodily injury', '100/300'),
      line('Property damage', '$50,000'),
      line('Collision deductible', '$500'),
      line('Comprehensive deductible', '$250'),
    ],
  },
  {
    premium: 598.5,
    termMonths: 6,
    startsIn: 14,
    expiresIn: 9,
    quoteNumber: 'NP-7781-A',
    coverages: [
      line('Bodily injury', '50/100'),
      line('Property damage', '$25,000'),
      line('Collision deductible', '$1,000'),
      line('Roadside assistance', 'Included'),
    ],
  },
]

export const DEMO_PROPERTY_ANSWERS: DemoAnswer[] = [
  {
    premium: 1742,
    termMonths: 12,
    startsIn: 30,
    expiresIn: 28,
    quoteNumber: 'HO3-55102',
    coverages: [
      line('Dwelling', '$420,000'),
      line('Other structures', '$42,000'),
      line('Personal property', '$210,000'),
      line('All-peril deductible', '$1,000'),
    ],
  },
  {
    premium: 1905.25,
    termMonths: 12,
    startsIn: 30,
    expiresIn: 15,
    quoteNumber: 'PR-0093311',
    coverages: [
      line('Dwelling', '$420,000'),
      line('Personal property', '$252,000'),
      line('All-peril deductible', '$2,500'),
      line('Wind and hail deductible', '2%'),
    ],
  },
]

export const DEMO_LIFE_ANSWERS: DemoAnswer[] = [
  {
    premium: 486,
    termMonths: 12,
    startsIn: 7,
    expiresIn: 45,
    quoteNumber: 'TL20-88213',
    coverages: [line('Death benefit', '$500,000'), line('Term', '20 years'), line('Rate class', 'Preferred')],
  },
  { declined: 'Outside underwriting guidelines for the requested face amount without a paramedical exam' },
]
