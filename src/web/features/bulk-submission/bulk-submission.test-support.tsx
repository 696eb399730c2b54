import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { vi } from 'vitest'
import {
  type Recommendation,
  recommendationsCall,
  type SubmissionResult,
  submitCall,
} from '#shared/contracts/bulk-submission.contract.ts'
import { BULK_TEXTS } from '#shared/contracts/bulk-submission-texts.ts'
import { Toaster } from '#web/components/toaster.tsx'
import { sampleListItem } from '#web/features/applications/applications.test-support.ts'
import { createQueryClient } from '#web/lib/query-client.ts'
import { stub } from '#web/testing/mock-api.ts'
import { SmartBulkSubmissionModal } from './smart-bulk-submission-modal.tsx'

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

export const APPLICATION = sampleListItem()

export function sampleRecommendation(
  n: number,
  overrides: Partial<Omit<Recommendation, 'carrier'>> & { name?: string } = {},
): Recommendation {
  const { name = `Carrier ${n}`, ...rest } = overrides
  return {
    carrier: {
      id: uuid(n),
      name,
      code: `C${n}`,
      submissionMethod: 'api',
      licensedStates: ['CA'],
      financialStrength: 'A',
      avgPremiumCost: 150,
      coverageRating: 4,
      consumerConfidenceScore: 4.2,
    },
    matchScore: 80,
    recommendationLevel: 'good',
    estimatedQuote: 1800,
    processingTime: 'Instant to 1 business day',
    reasons: ['Coverage rating 4/5'],
    ...rest,
  }
}

/** Excellent, good and poor: 'Select recommended' picks the first two. */
export const RECOMMENDATIONS: Recommendation[] = [
  sampleRecommendation(11, {
    name: 'Cheap Mutual',
    matchScore: 92,
    recommendationLevel: 'excellent',
    estimatedQuote: 1234.56,
    reasons: ['Coverage rating 5/5', 'Licensed in CA'],
  }),
  sampleRecommendation(12, { name: 'Steady Casualty', matchScore: 74, estimatedQuote: 2400 }),
  sampleRecommendation(13, {
    name: 'Last Resort',
    matchScore: 30,
    recommendationLevel: 'poor',
    estimatedQuote: 5000,
  }),
]

export function sampleResult(
  recommendation: Recommendation,
  overrides: Partial<SubmissionResult> = {},
): SubmissionResult {
  return {
    submissionId: uuid(Number(recommendation.carrier.id.slice(-3)) + 500),
    carrierId: recommendation.carrier.id,
    carrierName: recommendation.carrier.name,
    status: 'success',
    deliveryStatus: 'sent',
    message: 'Accepted by the carrier API',
    submissionMethod: recommendation.carrier.submissionMethod,
    processingTime: recommendation.processingTime,
    confirmationNumber: null,
    ...overrides,
  }
}

/** The modal on its own, with a fresh query client and the toaster. */
export function renderModal(application = APPLICATION) {
  const onClose = vi.fn()
  const onCompleted = vi.fn()
  const queryClient = createQueryClient()
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SmartBulkSubmissionModal application={application} onClose={onClose} onCompleted={onCompleted} />
      <Toaster />
    </QueryClientProvider>,
  )
  return { ...view, onClose, onCompleted }
}

/** The bodies sent to one endpoint, in order. */
export function bodiesSentTo(fetchMock: { mock: { calls: unknown[][] } }, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url]) => String(url) === path)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)))
}

/** The recommendations and submit answers a walk through the modal needs. */
export function bulkSubmissionHandlers(results: SubmissionResult[]) {
  return [stub(recommendationsCall, { body: RECOMMENDATIONS }), stub(submitCall, { body: results })]
}

/** From an open modal: a 35-year-old in CA, every recommended carrier, submitted. */
export async function submitToAllRecommended() {
  const dialog = await screen.findByRole('dialog', { name: BULK_TEXTS.title })
  fireEvent.change(within(dialog).getByLabelText('Age'), { target: { value: '35' } })
  fireEvent.change(within(dialog).getByLabelText('State'), { target: { value: 'CA' } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Get Recommendations' }))
  await within(dialog).findByRole('heading', { name: RECOMMENDATIONS[0]!.carrier.name })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Choose Carriers' }))
  fireEvent.click(within(dialog).getByRole('button', { name: 'Select all' }))
  fireEvent.click(
    within(dialog).getByRole('button', { name: `Submit to ${RECOMMENDATIONS.length} carriers` }),
  )
  await within(dialog).findByRole('list', { name: 'Submission results' })
}
