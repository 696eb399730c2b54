import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { listAgencyUsersCall } from '#shared/contracts/agency-users.contract.ts'
import {
  getPolicyCommissionCall,
  setProducerSplitCall,
  setRateOverrideCall,
} from '#shared/contracts/commissions-policies.contract.ts'
import { COMMISSION_TEXTS as T } from '#shared/contracts/commissions-texts.ts'
import { requestsTo } from '#web/features/clients/clients.test-support.ts'
import {
  FIRST_VISIT,
  mockPoliciesApi,
  POLICY_ID,
  PRODUCER,
} from '#web/features/policies/policies.test-support.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { seriousViolations } from './axe.test-support.ts'
import { COLLEAGUE, sampleExpected, samplePolicyCommission, sampleSplit } from './commissions.test-support.ts'

const PATH = `/policies/${POLICY_ID}`

function withChargeback() {
  return samplePolicyCommission({
    transactions: [
      sampleExpected(),
      sampleExpected({
        transactionId: crypto.randomUUID(),
        kind: 'cancellation',
        effectiveDate: '2026-07-01',
        premiumChange: -622.43,
        expectedCommission: -77.8,
        shares: [
          { userId: PRODUCER.id, name: PRODUCER.name, role: 'writing', percent: 66.67, amount: -51.87 },
          { userId: COLLEAGUE.id, name: COLLEAGUE.name, role: 'servicing', percent: 33.33, amount: -25.93 },
        ],
      }),
    ],
    totalExpected: 76.52,
  })
}

async function section() {
  return within(
    (await screen.findByRole('heading', { level: 2, name: 'Commission' }, FIRST_VISIT)).closest('section')!,
  )
}

describe('the policy’s Commission section', () => {
  it('shows each transaction’s expected commission with its rate, source and producers’ parts', async () => {
    mockPoliciesApi(stub(getPolicyCommissionCall, { body: withChargeback() }))
    renderApp(PATH)
    const commission = await section()
    const table = await commission.findByRole('table', { name: 'Expected commission by transaction' })
    const [first, second] = within(table).getAllByRole('row').slice(1)
    expect(first).toHaveTextContent('New business · term 1')
    expect(first).toHaveTextContent('12.5% new business')
    expect(first).toHaveTextContent('Carrier, this line')
    expect(first).toHaveTextContent('$154.32')
    expect(second).toHaveTextContent('−$77.80')
    expect(second).toHaveTextContent('Alex Colleague (servicing, 33.33%): −$25.93')
    expect(commission.getByText('$76.52')).toBeInTheDocument()
    expect(commission.getByText('The schedule’s rates apply.')).toBeInTheDocument()
  })

  it('refuses a split that does not add up before sending it, then saves it dated', async () => {
    const saved = samplePolicyCommission({
      split: {
        current: sampleSplit({
          id: crypto.randomUUID(),
          isDefault: false,
          effectiveFrom: '2026-08-01',
          producers: [
            { userId: PRODUCER.id, name: PRODUCER.name, role: 'writing', percent: 60 },
            { userId: COLLEAGUE.id, name: COLLEAGUE.name, role: 'servicing', percent: 40 },
          ],
        }),
        history: [sampleSplit()],
      },
    })
    const fetchMock = mockPoliciesApi(
      stub(getPolicyCommissionCall, { body: samplePolicyCommission() }),
      stub(listAgencyUsersCall, { body: { users: [PRODUCER, COLLEAGUE] } }),
      stub(setProducerSplitCall, { body: saved }),
    )
    renderApp(PATH)
    fireEvent.click(await (await section()).findByRole('button', { name: 'Edit split' }))
    const dialog = await screen.findByRole('dialog', { name: 'Producer split' })
    fireEvent.change(within(dialog).getByLabelText('Effective from'), { target: { value: '2026-08-01' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a producer' }))
    await within(dialog).findAllByRole('option', { name: COLLEAGUE.name })
    fireEvent.change(within(dialog).getByLabelText('Producer 2'), { target: { value: COLLEAGUE.id } })
    fireEvent.change(within(dialog).getAllByLabelText('Share (%)')[1]!, { target: { value: '40' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save split' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(T.splitTotal.replace('{total}', '140'))
    expect(requestsTo(fetchMock, 'PUT', `/api/commissions/policies/${POLICY_ID}/split`)).toHaveLength(0)

    fireEvent.change(within(dialog).getAllByLabelText('Share (%)')[0]!, { target: { value: '60' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save split' }))
    expect(await screen.findByText(T.splitSaved)).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'PUT', `/api/commissions/policies/${POLICY_ID}/split`)[0]?.body).toEqual({
      effectiveFrom: '2026-08-01',
      producers: [
        { userId: PRODUCER.id, role: 'writing', percent: 60 },
        { userId: COLLEAGUE.id, role: 'servicing', percent: 40 },
      ],
    })
    expect(await screen.findByText('From Aug 1, 2026')).toBeInTheDocument()
  })

  it('overrides the policy’s rate from its term’s first day, a blank rate left to the schedule', async () => {
    const fetchMock = mockPoliciesApi(
      stub(getPolicyCommissionCall, { body: samplePolicyCommission() }),
      stub(setRateOverrideCall, { body: samplePolicyCommission() }),
    )
    renderApp(PATH)
    fireEvent.click(await (await section()).findByRole('button', { name: 'Edit rate' }))
    const dialog = await screen.findByRole('dialog', { name: 'Policy commission rate' })
    expect(within(dialog).getByLabelText('Effective from')).toHaveValue('2026-01-01')
    fireEvent.change(within(dialog).getByLabelText('New business (%)'), { target: { value: '15' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save override' }))
    expect(await screen.findByText(T.overrideSaved)).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'PUT', `/api/commissions/policies/${POLICY_ID}/override`)[0]?.body).toEqual({
      newBusinessRate: 15,
      renewalRate: null,
      effectiveFrom: '2026-01-01',
    })
  })

  it('offers no edits to someone who cannot make them', async () => {
    mockPoliciesApi(stub(getPolicyCommissionCall, { body: samplePolicyCommission({ canEdit: false }) }))
    renderApp(PATH)
    const commission = await section()
    await commission.findByRole('table', { name: 'Expected commission by transaction' })
    expect(commission.queryByRole('button', { name: 'Edit split' })).toBeNull()
    expect(commission.queryByRole('button', { name: 'Edit rate' })).toBeNull()
  })

  it('has no serious or critical axe violations in the section or the split dialog', async () => {
    mockPoliciesApi(
      stub(getPolicyCommissionCall, { body: withChargeback() }),
      stub(listAgencyUsersCall, { body: { users: [PRODUCER, COLLEAGUE] } }),
    )
    renderApp(PATH)
    const commission = await section()
    await commission.findByRole('table', { name: 'Expected commission by transaction' })
    const element = screen.getByRole('heading', { level: 2, name: 'Commission' }).closest('section')!
    expect(await seriousViolations(element)).toEqual([])
    fireEvent.click(commission.getByRole('button', { name: 'Edit split' }))
    const dialog = await screen.findByRole('dialog', { name: 'Producer split' })
    await within(dialog).findAllByRole('option', { name: COLLEAGUE.name })
    expect(await seriousViolations(dialog)).toEqual([])
  })
})
