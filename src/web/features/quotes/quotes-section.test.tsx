import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { getApplicationCall } from '#shared/contracts/applications.contract.ts'
import { retrySubmissionCall } from '#shared/contracts/carrier-delivery.contract.ts'
import {
  bindQuoteCall,
  compareQuotesCall,
  enterQuoteCall,
  QUOTE_TEXTS,
  quoteComparisonPdfPath,
  recordDeclineCall,
} from '#shared/contracts/quotes.contract.ts'
import {
  mockApplicationsApi,
  sampleApplication,
  sampleSubmission,
} from '#web/features/applications/applications.test-support.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import {
  API_CARRIER,
  MAIL_CARRIER,
  sampleComparison,
  samplePolicy,
  sampleQuote,
} from './quotes.test-support.ts'
import { QUOTES_EMPTY } from './quotes-section.tsx'

const APP = sampleApplication()
const COMPARISON = sampleComparison()

function openDetails(...extra: Parameters<typeof mockApplicationsApi>) {
  const fetchMock = mockApplicationsApi(
    stub(getApplicationCall, { body: APP }),
    stub(compareQuotesCall, { body: COMPARISON }),
    ...extra,
  )
  const view = renderApp(`/applications/${APP.id}`)
  return { fetchMock, ...view }
}

const table = () => screen.findByRole('table', { name: 'Quotes compared side by side' })
const rowOf = (label: string) => screen.getByRole('row', { name: new RegExp(`^${label}`) })
const sent = (fetchMock: ReturnType<typeof openDetails>['fetchMock'], method: string, path: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => (init?.method ?? 'GET') === method && String(url).includes(path),
  )

describe('Application details: quotes', () => {
  it('sets the quotes side by side, a column each, with the coverages lined up by label', async () => {
    openDetails()
    const compared = await table()
    const headers = within(compared)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
    expect(headers).toEqual(['Compared', 'Swift Casualty', 'Paper Mutual', 'Choosy Re'])
    expect(rowOf('Annual premium')).toHaveTextContent('$1,150.00$1,280.00—')
    expect(rowOf('Premium for the term')).toHaveTextContent('$640.00 for 6 months')
    expect(rowOf('Bodily injury')).toHaveTextContent('Bodily injury250/500100/300—')
    expect(rowOf('Rental')).toHaveTextContent('Rental$30/day——')
    expect(rowOf('Carrier turnaround')).toHaveTextContent('Not measured yet3.5 days')
    expect(rowOf('Difference from estimate')).toHaveTextContent('$50.00 under$80.00 over—')
    expect(rowOf('Decline reason')).toHaveTextContent('Outside appetite')
    expect(within(rowOf('Status')).getByText('Declined')).toBeInTheDocument()
    expect(within(rowOf('Bind')).getAllByRole('button', { name: /^Bind/ })).toHaveLength(2)
  })

  it('asks the server for another order when the agent sorts by expiry', async () => {
    const { fetchMock } = openDetails()
    await table()
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'expiry' } })
    await waitFor(() => expect(sent(fetchMock, 'GET', 'quotes?sort=expiry')).toHaveLength(1))
  })

  it('says so when there is no quote yet', async () => {
    openDetails(stub(compareQuotesCall, { body: { ...COMPARISON, quotes: [] } }))
    expect(await screen.findByText(QUOTES_EMPTY)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: QUOTE_TEXTS.print })).toBeDisabled()
    expect(screen.queryByRole('link', { name: QUOTE_TEXTS.savePdf })).toBeNull()
  })

  it('prints the comparison alone, and beside it saves the server’s PDF of it', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    openDetails()
    await table()
    fireEvent.click(screen.getByRole('button', { name: QUOTE_TEXTS.print }))
    expect(print).toHaveBeenCalledOnce()
    const save = screen.getByRole('link', { name: QUOTE_TEXTS.savePdf })
    expect(save).toHaveAttribute('href', quoteComparisonPdfPath(APP.id))
    expect(save).toHaveAttribute('download')
  })

  it('enters a quote with its coverage lines, checked by the contract first, the server’s refusal on its field', async () => {
    let calls = 0
    const { fetchMock } = openDetails(
      stub(enterQuoteCall, () =>
        ++calls === 1
          ? {
              status: 400,
              body: {
                message: QUOTE_TEXTS.quoteNumberTaken,
                errors: [{ path: 'quoteNumber', message: QUOTE_TEXTS.quoteNumberTaken }],
              },
            }
          : { status: 201, body: sampleQuote() },
      ),
    )
    await table()
    fireEvent.click(screen.getByRole('button', { name: 'Enter quote' }))
    const dialog = await screen.findByRole('dialog', { name: 'Enter quote' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save quote' }))
    expect(await within(dialog).findByText(QUOTE_TEXTS.premiumInvalid)).toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText('Carrier'), { target: { value: MAIL_CARRIER.id } })
    fireEvent.change(within(dialog).getByLabelText('Premium for the term ($)'), {
      target: { value: '612.50' },
    })
    fireEvent.change(within(dialog).getByLabelText('Term'), { target: { value: '6' } })
    fireEvent.change(within(dialog).getByLabelText('Effective date'), { target: { value: '2026-03-01' } })
    fireEvent.change(within(dialog).getByLabelText('Quote expires'), { target: { value: '2026-02-20' } })
    fireEvent.change(within(dialog).getByLabelText('Quote number (optional)'), { target: { value: 'PM-77' } })
    fireEvent.change(within(dialog).getByLabelText('Coverage 1'), { target: { value: 'Bodily injury' } })
    fireEvent.change(within(dialog).getByLabelText('Limit or deductible 1'), { target: { value: '100/300' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add coverage' }))
    fireEvent.change(within(dialog).getByLabelText('Coverage 2'), { target: { value: 'Towing' } })
    fireEvent.change(within(dialog).getByLabelText('Limit or deductible 2'), { target: { value: '$75' } })
    // A row removed from the middle takes its own values with it, and the next row moves up.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add coverage' }))
    fireEvent.change(within(dialog).getByLabelText('Coverage 3'), { target: { value: 'Rental' } })
    fireEvent.change(within(dialog).getByLabelText('Limit or deductible 3'), { target: { value: '$30/day' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove coverage 2' }))
    expect(within(dialog).getByLabelText('Coverage 2')).toHaveValue('Rental')
    expect(within(dialog).queryByLabelText('Coverage 3')).not.toBeInTheDocument()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save quote' }))
    expect(await within(dialog).findByText(QUOTE_TEXTS.quoteNumberTaken)).toBeInTheDocument()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save quote' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enter quote' })).not.toBeInTheDocument())
    const [, init] = sent(fetchMock, 'POST', `/api/applications/${APP.id}/quotes`).at(-1)!
    expect(JSON.parse(String(init?.body))).toEqual({
      carrierId: MAIL_CARRIER.id,
      premium: 612.5,
      termMonths: 6,
      effectiveDate: '2026-03-01',
      quoteNumber: 'PM-77',
      expiresAt: '2026-02-20',
      coverages: [
        { label: 'Bodily injury', value: '100/300' },
        { label: 'Rental', value: '$30/day' },
      ],
    })
  })

  it('records a carrier’s decline with its reason', async () => {
    const declined = sampleQuote({ status: 'declined', declineReason: 'No capacity' })
    const { fetchMock } = openDetails(stub(recordDeclineCall, { status: 201, body: declined }))
    await table()
    fireEvent.click(screen.getByRole('button', { name: 'Record decline' }))
    const dialog = await screen.findByRole('dialog', { name: 'Record decline' })
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'No capacity' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record decline' }))
    await waitFor(() => expect(sent(fetchMock, 'POST', '/declines')).toHaveLength(1))
    const [, init] = sent(fetchMock, 'POST', '/declines')[0]!
    expect(JSON.parse(String(init?.body))).toEqual({ carrierId: API_CARRIER.id, reason: 'No capacity' })
  })

  it('binds a mailed quote only with the carrier’s policy number, then opens the policy', async () => {
    const policy = samplePolicy()
    const { fetchMock, router } = openDetails(stub(bindQuoteCall, { status: 201, body: policy }))
    await table()
    fireEvent.click(screen.getByRole('button', { name: `Bind ${MAIL_CARRIER.name}’s quote` }))
    const dialog = await screen.findByRole('dialog', { name: `Bind ${MAIL_CARRIER.name}’s quote` })
    expect(within(dialog).getByLabelText('Effective date')).toHaveValue('2026-03-01')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bind quote' }))
    expect(await within(dialog).findByText(QUOTE_TEXTS.policyNumberRequired)).toBeInTheDocument()
    expect(sent(fetchMock, 'POST', '/bind')).toHaveLength(0)
    fireEvent.change(within(dialog).getByLabelText('Policy number'), { target: { value: 'PM-2026-1' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bind quote' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/policies/${policy.id}`))
    const [url, init] = sent(fetchMock, 'POST', '/bind')[0]!
    expect(String(url)).toContain(`/api/quotes/${COMPARISON.quotes[1]!.id}/bind`)
    expect(JSON.parse(String(init?.body))).toEqual({ effectiveDate: '2026-03-01', policyNumber: 'PM-2026-1' })
  })

  it('binds an API carrier’s quote without a number: the carrier answers it', async () => {
    const { fetchMock } = openDetails(stub(bindQuoteCall, { status: 201, body: samplePolicy() }))
    await table()
    fireEvent.click(screen.getByRole('button', { name: `Bind ${API_CARRIER.name}’s quote` }))
    const dialog = await screen.findByRole('dialog', { name: `Bind ${API_CARRIER.name}’s quote` })
    expect(within(dialog).getByLabelText('Policy number (optional)')).toBeInTheDocument()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bind quote' }))
    await waitFor(() => expect(sent(fetchMock, 'POST', '/bind')).toHaveLength(1))
    expect(JSON.parse(String(sent(fetchMock, 'POST', '/bind')[0]![1]?.body))).toEqual({
      effectiveDate: '2026-03-01',
    })
  })

  it('shows a bound quote’s policy and closes the application to new quotes', async () => {
    const bound = sampleQuote({
      status: 'bound',
      policyId: '00000000-0000-4000-8000-000000000900',
      bindRequest: { submissionId: '00000000-0000-4000-8000-000000000950', status: 'sent', message: null },
    })
    mockApplicationsApi(
      stub(getApplicationCall, { body: { ...APP, status: 'bound' } }),
      stub(compareQuotesCall, { body: { ...COMPARISON, quotes: [bound] } }),
    )
    renderApp(`/applications/${APP.id}`)
    await table()
    expect(screen.getByRole('link', { name: 'View policy' })).toHaveAttribute(
      'href',
      '/policies/00000000-0000-4000-8000-000000000900',
    )
    expect(screen.getByText('Bind request: sent')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Enter quote' })).toBeDisabled()
  })

  it('says why a bind request failed and sends it again on request', async () => {
    const request = { submissionId: '00000000-0000-4000-8000-000000000950', status: 'failed' as const }
    const failed = sampleQuote({
      status: 'bound',
      policyId: '00000000-0000-4000-8000-000000000900',
      bindRequest: { ...request, message: 'No API connection for Swift Casualty' },
    })
    const fetchMock = mockApplicationsApi(
      stub(getApplicationCall, { body: { ...APP, status: 'bound' } }),
      stub(compareQuotesCall, { body: { ...COMPARISON, quotes: [failed] } }),
      stub(retrySubmissionCall, { body: sampleSubmission({ id: request.submissionId, status: 'queued' }) }),
    )
    renderApp(`/applications/${APP.id}`)
    await table()
    expect(screen.getByText('No API connection for Swift Casualty')).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: `Retry the bind request to ${failed.carrierName}` }))
    await waitFor(() =>
      expect(sent(fetchMock, 'POST', `/api/submissions/${request.submissionId}/retry`)).toHaveLength(1),
    )
  })
})

describe('Application details: quotes, accessibility', () => {
  it('has no serious or critical axe violations in the comparison or the Enter quote form', async () => {
    const axe = (await import('axe-core')).default
    const serious = async (element: Element) => {
      // jsdom lays nothing out: contrast is the browser journey's to check (e2e/quotes.spec.ts).
      const results = await axe.run(element, { rules: { 'color-contrast': { enabled: false } } })
      return results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)
    }
    openDetails()
    const compared = await table()
    expect(await serious(compared.closest('[data-print-area]')!)).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Enter quote' }))
    const dialog = await screen.findByRole('dialog', { name: 'Enter quote' })
    expect(await serious(dialog)).toEqual([])
  })
})
