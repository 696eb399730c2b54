import type { Policy } from '#shared/contracts/policies.contract.ts'
import type { ComparedQuote, QuoteComparison } from '#shared/contracts/quotes.contract.ts'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

export const API_CARRIER = { id: uuid(801), name: 'Swift Casualty', submissionMethod: 'api' as const }
export const MAIL_CARRIER = { id: uuid(802), name: 'Paper Mutual', submissionMethod: 'email' as const }

export function sampleQuote(overrides: Partial<ComparedQuote> = {}): ComparedQuote {
  return {
    id: uuid(810),
    applicationId: uuid(500),
    carrierId: MAIL_CARRIER.id,
    carrierName: MAIL_CARRIER.name,
    status: 'offered',
    source: 'agent',
    premium: 640,
    termMonths: 6,
    annualPremium: 1280,
    effectiveDate: '2026-03-01',
    quoteNumber: 'PM-77',
    expiresAt: '2026-02-20',
    coverages: [
      { label: 'Bodily injury', value: '100/300' },
      { label: 'Collision deductible', value: '$500' },
    ],
    declineReason: null,
    documentId: null,
    policyId: null,
    createdAt: '2026-01-10T12:00:00.000Z',
    submissionMethod: MAIL_CARRIER.submissionMethod,
    turnaroundDays: 3.5,
    estimatedPremium: 1200,
    differenceFromEstimate: 80,
    bindRequest: null,
    ...overrides,
  }
}

/** Two offers (the API carrier's cheaper, with a rental line the other lacks) and a decline. */
export function sampleComparison(): QuoteComparison {
  return {
    quotes: [
      sampleQuote({
        id: uuid(811),
        carrierId: API_CARRIER.id,
        carrierName: API_CARRIER.name,
        source: 'carrier',
        premium: 1150,
        termMonths: 12,
        annualPremium: 1150,
        quoteNumber: 'SC-1',
        expiresAt: '2026-02-01',
        coverages: [
          { label: 'bodily injury', value: '250/500' },
          { label: 'Rental', value: '$30/day' },
        ],
        submissionMethod: 'api',
        turnaroundDays: null,
        differenceFromEstimate: -50,
      }),
      sampleQuote(),
      sampleQuote({
        id: uuid(812),
        carrierName: 'Choosy Re',
        status: 'declined',
        premium: null,
        termMonths: null,
        annualPremium: null,
        quoteNumber: null,
        expiresAt: null,
        effectiveDate: null,
        coverages: [],
        declineReason: 'Outside appetite',
        estimatedPremium: null,
        differenceFromEstimate: null,
      }),
    ],
    coverageLabels: ['Bodily injury', 'Collision deductible', 'Rental'],
    carriers: [API_CARRIER, MAIL_CARRIER],
  }
}

export function samplePolicy(overrides: Partial<Policy> = {}): Policy {
  return {
    id: uuid(900),
    policyNumber: 'PM-2026-1',
    clientId: uuid(901),
    insuredName: 'Ana Lopez',
    carrierId: MAIL_CARRIER.id,
    carrierName: MAIL_CARRIER.name,
    lineOfBusiness: 'auto',
    status: 'active',
    annualPremium: 640,
    effectiveDate: '2026-03-01',
    expirationDate: '2026-09-01',
    producerUserId: null,
    producerName: null,
    source: 'bound',
    applicationId: uuid(500),
    quoteId: uuid(810),
    cancellationDate: null,
    canReinstate: false,
    terms: [],
    createdAt: '2026-01-10T12:00:00.000Z',
    ...overrides,
  }
}
