import { QueryClientProvider } from '@tanstack/react-query'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { type Recommendation, recommendationsCall } from '#shared/contracts/bulk-submission.contract.ts'
import { BULK_TEXTS } from '#shared/contracts/bulk-submission-texts.ts'
import {
  type QuoteVariance,
  quoteVarianceCall,
  QUOTE_VARIANCE_TEXTS as T,
} from '#shared/contracts/quotes-variance.contract.ts'
import { BulkSubmissionDialog } from '#web/app/bulk-submission-dialog.ts'
import { CARRIERS, mockApplicationsApi } from '#web/features/applications/applications.test-support.ts'
import { APPLICATION, RECOMMENDATIONS } from '#web/features/bulk-submission/bulk-submission.test-support.tsx'
import { createQueryClient } from '#web/lib/query-client.ts'
import { mockApi, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'

const [CHEAP, PRICEY] = CARRIERS as [(typeof CARRIERS)[number], (typeof CARRIERS)[number]]

const MEASURED: QuoteVariance = {
  carrierId: CHEAP.id,
  submissions: 6,
  quoted: 5,
  bound: 3,
  quoteRate: 0.8333,
  bindRate: 0.5,
  quotedToEstimate: { sample: 5, median: 1.1, lowerQuartile: 1, upperQuartile: 1.2 },
  boundToEstimate: { sample: 3, median: 1, lowerQuartile: 0.95, upperQuartile: 1.1 },
}

const TOO_FEW: QuoteVariance = {
  carrierId: PRICEY.id,
  submissions: 2,
  quoted: 2,
  bound: 0,
  quoteRate: null,
  bindRate: null,
  quotedToEstimate: { sample: 2, median: null, lowerQuartile: null, upperQuartile: null },
  boundToEstimate: { sample: 0, median: null, lowerQuartile: null, upperQuartile: null },
}

function openCarriers() {
  mockApplicationsApi(stub(quoteVarianceCall, { body: { minimumSample: 3, carriers: [MEASURED, TOO_FEW] } }))
  renderApp('/carriers')
}

const figuresOf = (name: string) => screen.findByRole('region', { name: `${T.title}: ${name}` })

function figure(region: HTMLElement, label: string) {
  const term = within(region).getByText(label, { selector: 'dt' })
  return term.parentElement!.textContent!.slice(label.length)
}

describe('Carriers page: indication to bound', () => {
  it('shows a measured carrier’s median, middle half and rates on its card', async () => {
    openCarriers()
    const region = await figuresOf(CHEAP.name)
    expect(figure(region, T.quoted)).toBe('110%middle half 100% to 120%')
    expect(figure(region, T.bound)).toBe('100%middle half 95% to 110%')
    expect(figure(region, T.quoteRate)).toBe('83%5 of 6 submissions')
    expect(figure(region, T.bindRate)).toBe('50%3 of 6 submissions')
  })

  it('says there are not enough quotes yet below the minimum sample, and for a carrier never sent', async () => {
    openCarriers()
    const few = await figuresOf(PRICEY.name)
    expect(within(few).getByText(T.notEnough)).toBeInTheDocument()
    expect(few).toHaveTextContent('2 of 3 quotes needed')
    expect(within(few).queryByText('%', { exact: false })).toBeNull()
    const never = await figuresOf(CARRIERS[2]!.name)
    expect(never).toHaveTextContent('0 of 3 quotes needed')
  })

  it('has no serious or critical axe violations on a card with its figures', async () => {
    const axe = (await import('axe-core')).default
    openCarriers()
    const card = (await figuresOf(CHEAP.name)).closest('li')!
    const results = await axe.run(card, { rules: { 'color-contrast': { enabled: false } } })
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    expect(serious.map((v) => v.id)).toEqual([])
  })
})

describe('Bulk submission recommendations: indication to bound', () => {
  it('shows each recommended carrier’s figures in the modal the route composes', async () => {
    const [first, second] = RECOMMENDATIONS as [Recommendation, Recommendation]
    mockApi(
      stub(recommendationsCall, { body: RECOMMENDATIONS }),
      stub(quoteVarianceCall, {
        body: { minimumSample: 3, carriers: [{ ...MEASURED, carrierId: first.carrier.id }] },
      }),
    )
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Suspense fallback={null}>
          <BulkSubmissionDialog application={APPLICATION} onClose={() => {}} />
        </Suspense>
      </QueryClientProvider>,
    )
    const dialog = await screen.findByRole('dialog', { name: BULK_TEXTS.title })
    fireEvent.change(within(dialog).getByLabelText('Age'), { target: { value: '35' } })
    fireEvent.change(within(dialog).getByLabelText('State'), { target: { value: 'CA' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get Recommendations' }))
    const measured = await figuresOf(first.carrier.name)
    expect(figure(measured, T.quoted)).toBe('110%middle half 100% to 120%')
    expect(figure(measured, T.bindRate)).toBe('50%3 of 6 submissions')
    expect(within(await figuresOf(second.carrier.name)).getByText(T.notEnough)).toBeInTheDocument()
  })
})
