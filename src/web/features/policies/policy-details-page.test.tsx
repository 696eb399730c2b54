import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  cancelPolicyCall,
  endorsePolicyCall,
  getPolicyCall,
  POLICY_TEXTS,
  previewCancellationCall,
  reinstatePolicyCall,
} from '#shared/contracts/policies.contract.ts'
import { requestsTo } from '#web/features/clients/clients.test-support.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import {
  CLIENT_ID,
  FIRST_VISIT,
  mockPoliciesApi,
  POLICY_ID,
  samplePolicy,
  sampleTransaction,
} from './policies.test-support.ts'
import { POLICY_WORDS } from './policy-display.ts'

const PATH = `/policies/${POLICY_ID}`

/** What the server answers once the policy is cancelled pro-rata on July 1st. */
function cancelledPolicy() {
  const policy = samplePolicy({ status: 'cancelled', cancellationDate: '2026-07-01', canReinstate: true })
  policy.terms[0]!.writtenPremium = 612.13
  policy.terms[0]!.transactions.push(
    sampleTransaction({
      id: crypto.randomUUID(),
      kind: 'cancellation',
      effectiveDate: '2026-07-01',
      premiumChange: -622.43,
      details: { reason: 'non_payment', method: 'pro_rata', penaltyBp: 0 },
    }),
  )
  return policy
}

async function openCancelDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel policy' }, FIRST_VISIT))
  return screen.findByRole('dialog', { name: 'Cancel AUTO-1001' })
}

describe('Policy page', () => {
  it('shows the policy, its insured linked to the client, and its term’s ledger', async () => {
    mockPoliciesApi()
    renderApp(PATH)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Policy AUTO-1001' }, FIRST_VISIT),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Maria Gonzalez' })).toHaveAttribute(
      'href',
      `/clients/${CLIENT_ID}`,
    )
    expect(screen.getByText('Annual premium').nextElementSibling).toHaveTextContent('$1,234.56')
    expect(screen.getByText('Term', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Jan 1, 2026 – Jan 1, 2027',
    )
    const ledger = screen.getByRole('table', { name: 'Transactions of term 1' })
    expect(within(ledger).getByText('New business').closest('tr')).toHaveTextContent('+$1,234.56')
    expect(screen.queryByRole('button', { name: 'Reinstate' })).toBeNull()
  })

  it('says so for a policy that is not in the book', async () => {
    mockPoliciesApi(stub(getPolicyCall, { status: 404, body: { message: 'Not found' } }))
    renderApp(PATH)
    expect(await screen.findByText(POLICY_WORDS.notFound, {}, FIRST_VISIT)).toBeInTheDocument()
  })

  it('previews the return premium as the cancellation changes, then cancels and shows the answer', async () => {
    const fetchMock = mockPoliciesApi(
      stub(previewCancellationCall, ({ body }) => ({
        body: {
          returnPremium: body.method === 'short_rate' ? 560.19 : 622.43,
          effectiveDate: body.effectiveDate,
        },
      })),
      stub(cancelPolicyCall, { body: { policy: cancelledPolicy(), returnPremium: 622.43 } }),
    )
    renderApp(PATH)
    const dialog = await openCancelDialog()
    fireEvent.change(within(dialog).getByLabelText('Effective date'), { target: { value: '2026-07-01' } })
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'non_payment' } })
    await waitFor(() => expect(within(dialog).getByTestId('return-premium')).toHaveTextContent('$622.43'))
    expect(within(dialog).getByText(`${POLICY_WORDS.returnPremium}:`, { exact: false })).toBeInTheDocument()

    fireEvent.click(within(dialog).getByLabelText(/Short-rate/))
    expect(within(dialog).getByLabelText('Short-rate penalty (%)')).toHaveValue('10')
    await waitFor(() => expect(within(dialog).getByTestId('return-premium')).toHaveTextContent('$560.19'))
    expect(requestsTo(fetchMock, 'POST', `/api/policies/${POLICY_ID}/cancel/preview`).at(-1)?.body).toEqual({
      effectiveDate: '2026-07-01',
      reason: 'non_payment',
      method: 'short_rate',
      penaltyPercent: 10,
    })

    fireEvent.click(within(dialog).getByLabelText(/Pro-rata/))
    await waitFor(() => expect(within(dialog).getByTestId('return-premium')).toHaveTextContent('$622.43'))
    const confirm = within(dialog).getByRole('button', { name: 'Cancel policy' })
    await waitFor(() => expect(confirm).toBeEnabled())
    fireEvent.click(confirm)
    expect(await screen.findByText(`${POLICY_WORDS.returnPremium}: $622.43`)).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'POST', `/api/policies/${POLICY_ID}/cancel`)[0]?.body).toEqual({
      effectiveDate: '2026-07-01',
      reason: 'non_payment',
      method: 'pro_rata',
    })
    // The page shows the answer: cancelled, the cancellation in the ledger, and Reinstate offered.
    expect(await screen.findByRole('button', { name: 'Reinstate' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancel policy' })).toBeNull()
    expect(screen.getByText('Status').nextElementSibling).toHaveTextContent('Cancelled')
    expect(screen.getByText('Cancellation').closest('tr')).toHaveTextContent('−$622.43')
    expect(requestsTo(fetchMock, 'GET', `/api/policies/${POLICY_ID}`)).toHaveLength(1)
  })

  it('holds the confirm back and shows why when the date is outside the term', async () => {
    mockPoliciesApi(
      stub(previewCancellationCall, {
        status: 400,
        body: {
          message: 'Check the highlighted fields',
          errors: [{ path: 'effectiveDate', message: POLICY_TEXTS.outsideTerm }],
        },
      }),
    )
    renderApp(PATH)
    const dialog = await openCancelDialog()
    fireEvent.change(within(dialog).getByLabelText('Effective date'), { target: { value: '2030-01-01' } })
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Effective date')).toHaveAccessibleDescription(
        POLICY_TEXTS.outsideTerm,
      ),
    )
    expect(within(dialog).getByRole('button', { name: 'Cancel policy' })).toBeDisabled()
    expect(within(dialog).getByTestId('return-premium')).toHaveTextContent('—')
  })

  it('endorses with a signed premium change and shows the new ledger', async () => {
    const endorsed = samplePolicy({ annualPremium: 1184.56 })
    endorsed.terms[0]!.transactions.push(
      sampleTransaction({
        id: crypto.randomUUID(),
        kind: 'endorsement',
        effectiveDate: '2026-04-01',
        premiumChange: -50,
        description: 'Removed a driver',
      }),
    )
    const fetchMock = mockPoliciesApi(stub(endorsePolicyCall, { status: 201, body: endorsed }))
    renderApp(PATH)
    fireEvent.click(await screen.findByRole('button', { name: 'Endorse' }, FIRST_VISIT))
    const dialog = await screen.findByRole('dialog', { name: 'Endorse AUTO-1001' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Endorse' }))
    expect(await within(dialog).findByText(POLICY_TEXTS.descriptionRequired)).toBeInTheDocument()
    expect(within(dialog).getByText(POLICY_TEXTS.premiumChangeInvalid)).toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText('Effective date'), { target: { value: '2026-04-01' } })
    fireEvent.change(within(dialog).getByLabelText('Premium change ($)'), { target: { value: '-50' } })
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Removed a driver' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Endorse' }))
    expect(await screen.findByText('Removed a driver')).toBeInTheDocument()
    expect(screen.getByText('Removed a driver').closest('tr')).toHaveTextContent('−$50.00')
    expect(screen.getByText('Annual premium').nextElementSibling).toHaveTextContent('$1,184.56')
    expect(requestsTo(fetchMock, 'POST', `/api/policies/${POLICY_ID}/endorsements`)[0]?.body).toEqual({
      effectiveDate: '2026-04-01',
      premiumChange: -50,
      description: 'Removed a driver',
    })
  })

  it('reinstates a cancelled policy within its window', async () => {
    const fetchMock = mockPoliciesApi(
      stub(getPolicyCall, { body: cancelledPolicy() }),
      stub(reinstatePolicyCall, { body: samplePolicy() }),
    )
    renderApp(PATH)
    const reinstate = await screen.findByRole('button', { name: 'Reinstate' }, FIRST_VISIT)
    expect(screen.queryByRole('button', { name: 'Endorse' })).toBeNull()
    fireEvent.click(reinstate)
    expect(await screen.findByText(POLICY_WORDS.reinstated)).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Endorse' })).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'POST', `/api/policies/${POLICY_ID}/reinstate`)).toHaveLength(1)
  })
})
