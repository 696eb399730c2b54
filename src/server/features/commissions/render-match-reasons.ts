import type { RateKind } from '#shared/domain/commission-math.ts'
import type { TransactionKind } from '#shared/domain/policy-ledger.ts'

/**
 * The sentences a statement line keeps for why it matched or did not, in one place so a person
 * reads the same words in the statement view and the exceptions queue.
 */

/** $1,234.56 and -$60.00, as en-US writes them: by hand, since Intl's formatter is the dear part of a line. */
export function formatCents(cents: number): string {
  const magnitude = Math.abs(cents)
  const dollars = String(Math.floor(magnitude / 100)).replace(/\B(?=(\d{3})+$)/g, ',')
  return `${cents < 0 ? '-' : ''}$${dollars}.${String(magnitude % 100).padStart(2, '0')}`
}

export function formatRate(bp: number): string {
  return `${Number((bp / 100).toFixed(2))}%`
}

const KIND_WORDS: Record<TransactionKind, string> = {
  new_business: 'new business',
  renewal: 'renewal',
  endorsement: 'endorsement',
  cancellation: 'cancellation',
  reinstatement: 'reinstatement',
}

const RATE_KIND_WORDS: Record<RateKind, string> = { new_business: 'new business', renewal: 'a renewal' }

export function kindWord(kind: TransactionKind): string {
  return KIND_WORDS[kind]
}

export const REASONS = {
  numberIs: (raw: string, policyNumber: string, key: string) =>
    raw === policyNumber
      ? `Policy number “${raw}” is policy ${policyNumber}`
      : `Policy number “${raw}” is policy ${policyNumber}: both read ${key}`,
  numberShared: (raw: string, key: string, count: number) =>
    `Policy number “${raw}” reads ${key}, which ${count} policies share: match it by hand`,
  nameIs: (raw: string, insured: string, policyNumber: string, agreed: string) =>
    `Insured “${raw}” is ${insured} (policy ${policyNumber}), who was expected ${agreed}`,
  nameShared: (raw: string, names: readonly string[], agreed: string) =>
    `Insured “${raw}” could be ${names.length} policies (${names.join('; ')}) expecting ${agreed}: match it by hand`,
  nameIsAnother: (raw: string, numbers: readonly string[], fuzzyOwner: string) =>
    `Insured “${raw}” is the name on ${numbers.length === 1 ? 'policy' : 'policies'} ${numbers.join(', ')}, but the amount and date agree with ${fuzzyOwner}: match it by hand`,
  noNumberOrName: (tried: string) => `${tried}, and the line names no insured to look for`,
  noName: (tried: string, raw: string, near: string) =>
    `${tried}; no insured named like “${raw}” has an open commission near ${near}`,
  numberUnknown: (raw: string, key: string) => `No policy of the carrier has number “${raw}” (${key})`,
  noNumber: () => 'The line has no policy number',
  pays: (kind: TransactionKind, date: string, amountCents: number) =>
    `pays the ${kindWord(kind)} of ${date} (${formatCents(amountCents)} expected)`,
  chargebackWithoutCancellation: (amountCents: number) =>
    `a chargeback of ${formatCents(amountCents)}, but the policy has no cancellation`,
  rateDiffers: (paidBp: number, scheduleBp: number, rateKind: RateKind) =>
    `paid at ${formatRate(paidBp)} where the schedule says ${formatRate(scheduleBp)} for ${RATE_KIND_WORDS[rateKind]}`,
  amountDiffers: (paidCents: number, expectedCents: number, kind: TransactionKind, date: string) =>
    `paid ${formatCents(paidCents)} where ${formatCents(expectedCents)} was expected for the ${kindWord(kind)} of ${date}`,
  nothingExpected: (kind: TransactionKind | null, date: string | null, paidCents: number) => {
    const what = kind ? `${kindWord(kind)} ` : ''
    const when = date ? ` around ${date}` : ''
    return paidCents < 0
      ? `charged back ${formatCents(-paidCents)}, but no ${what}chargeback was expected for it${when}`
      : `paid ${formatCents(paidCents)}, but no ${what}commission was expected for it${when}`
  },
} as const
