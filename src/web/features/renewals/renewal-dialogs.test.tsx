import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { getRenewalCall, RENEWAL_TEXTS, recordRenewalOfferCall } from '#shared/contracts/renewals.contract.ts'
import {
  compareRenewalQuotesCall,
  remarketRenewalCall,
  renewRenewalCall,
} from '#shared/contracts/renewals-outcomes.contract.ts'
import { RENEWAL_OUTCOME_TEXTS } from '#shared/contracts/renewals-texts.ts'
import { requestsTo } from '#web/features/clients/clients.test-support.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { fill, RENEWAL_WORDS as W } from './renewal-texts.ts'
import {
  APPLICATION_ID,
  CARRIER,
  FIRST_VISIT,
  mockRenewalsApi,
  OTHER_CARRIER,
  offeredRenewal,
  RENEWAL_ID,
  sampleRenewal,
  sampleRenewalDetails,
  sampleRenewalQuotes,
} from './renewals.test-support.ts'

const PATH = `/renewals/${RENEWAL_ID}`
const NEW_POLICY_ID = crypto.randomUUID()

async function openDialog(button: string, title: string) {
  fireEvent.click(await screen.findByRole('button', { name: button }, FIRST_VISIT))
  return screen.findByRole('dialog', { name: title })
}

describe('Record offer', () => {
  it('shows the change while typing, puts the server’s message on its field, then shows at risk', async () => {
    let calls = 0
    const fetchMock = mockRenewalsApi(
      stub(recordRenewalOfferCall, () => {
        calls += 1
        if (calls === 1)
          return {
            status: 400,
            body: {
              message: 'Check the highlighted fields',
              errors: [{ path: 'effectiveDate', message: RENEWAL_TEXTS.dateInvalid }],
            },
          }
        return { body: offeredRenewal() }
      }),
    )
    renderApp(PATH)
    const dialog = await openDialog(W.recordOffer, W.offerTitle)
    fireEvent.click(within(dialog).getByRole('button', { name: W.recordOffer }))
    expect(await within(dialog).findByText(RENEWAL_TEXTS.premiumInvalid)).toBeInTheDocument()

    fireEvent.change(within(dialog).getByLabelText(W.premium), { target: { value: '2,300' } })
    expect(within(dialog).getByText('+$300.00 (+15%)')).toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText(W.effectiveDate), { target: { value: '2027-03-01' } })
    fireEvent.click(within(dialog).getByRole('button', { name: W.recordOffer }))
    expect(await within(dialog).findByText(RENEWAL_TEXTS.dateInvalid)).toBeInTheDocument()
    expect(within(dialog).getByLabelText(W.effectiveDate)).toHaveAccessibleDescription(
      expect.stringContaining(RENEWAL_TEXTS.dateInvalid),
    )

    fireEvent.click(within(dialog).getByRole('button', { name: W.recordOffer }))
    const result = await screen.findByRole('dialog', { name: W.offerRecorded })
    expect(result).toHaveTextContent(fill(W.offerResult, { change: '+$300.00 (+15%)' }))
    expect(within(result).getByText(W.atRisk)).toBeInTheDocument()
    expect(within(result).getByText(W.offerAtRisk)).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'POST', `/api/renewals/${RENEWAL_ID}/offer`).at(-1)!.body).toEqual({
      premium: 2300,
      termMonths: 12,
      effectiveDate: '2027-03-01',
    })
    fireEvent.click(within(result).getByRole('button', { name: W.done }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})

describe('Remarket', () => {
  it('sends to every fitting carrier by default and links to the new application', async () => {
    const fetchMock = mockRenewalsApi(
      stub(remarketRenewalCall, { status: 201, body: { applicationId: APPLICATION_ID } }),
    )
    renderApp(PATH)
    const dialog = await openDialog(W.remarket, W.remarketTitle)
    expect(within(dialog).getByLabelText(W.fittingCarriers)).toBeChecked()
    expect(within(dialog).getByLabelText(W.sendNow)).toBeChecked()
    fireEvent.click(within(dialog).getByRole('button', { name: W.remarket }))
    const result = await screen.findByRole('dialog', { name: W.remarketed })
    expect(result).toHaveTextContent(W.remarketSent)
    expect(within(result).getByRole('link', { name: W.openApplication })).toHaveAttribute(
      'href',
      `/applications/${APPLICATION_ID}`,
    )
    expect(requestsTo(fetchMock, 'POST', `/api/renewals/${RENEWAL_ID}/remarket`).map((r) => r.body)).toEqual([
      { excludeExpiringCarrier: false, send: true },
    ])
  })

  it('sends to the chosen carriers only, without the expiring one, as a draft to edit first', async () => {
    const fetchMock = mockRenewalsApi(
      stub(remarketRenewalCall, { status: 201, body: { applicationId: APPLICATION_ID } }),
    )
    renderApp(PATH)
    const dialog = await openDialog(W.remarket, W.remarketTitle)
    fireEvent.click(within(dialog).getByLabelText(W.chosenCarriers))
    const carriers = await within(dialog).findByRole('group', { name: W.carriers })
    // The expiring carrier has a checkbox of its own; inactive carriers are not offered.
    expect(within(carriers).queryByLabelText(CARRIER.name)).toBeNull()
    expect(within(carriers).queryByLabelText('Dormant Life')).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: W.remarket }))
    expect(await within(dialog).findByText(W.chooseCarriers)).toBeInTheDocument()

    fireEvent.click(within(carriers).getByLabelText(OTHER_CARRIER.name))
    fireEvent.click(within(dialog).getByLabelText(fill(W.excludeExpiring, { carrier: CARRIER.name })))
    fireEvent.click(within(dialog).getByLabelText(W.editFirst))
    fireEvent.click(within(dialog).getByRole('button', { name: W.remarket }))
    const result = await screen.findByRole('dialog', { name: W.remarketed })
    expect(result).toHaveTextContent(W.remarketDraft)
    expect(requestsTo(fetchMock, 'POST', `/api/renewals/${RENEWAL_ID}/remarket`).map((r) => r.body)).toEqual([
      { carrierIds: [OTHER_CARRIER.id], excludeExpiringCarrier: true, send: false },
    ])
  })

  it('is not offered again once the renewal was remarketed', async () => {
    mockRenewalsApi(
      stub(getRenewalCall, { body: sampleRenewalDetails({ remarketApplicationId: APPLICATION_ID }) }),
    )
    renderApp(PATH)
    expect(await screen.findByRole('link', { name: W.openApplication }, FIRST_VISIT)).toHaveAttribute(
      'href',
      `/applications/${APPLICATION_ID}`,
    )
    expect(screen.queryByRole('button', { name: W.remarket })).toBeNull()
  })
})

describe('The comparison and Renew', () => {
  const quoteOption = fill(W.quoteFrom, { carrier: OTHER_CARRIER.name })
  const offerOption = fill(W.renewalOffer, { carrier: CARRIER.name })

  it('lists the offer and the quotes cheapest first with their change, Renew only where it can', async () => {
    mockRenewalsApi(stub(compareRenewalQuotesCall, { body: sampleRenewalQuotes() }))
    renderApp(PATH)
    const table = await screen.findByRole('table', { name: W.comparisonLabel }, FIRST_VISIT)
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      `${quoteOption}Offered`,
      offerOption,
      `${fill(W.quoteFrom, { carrier: 'Unrated Assurance' })}Declined`,
    ])
    expect(rows[0]).toHaveTextContent('$1,900.00−5%$950.00 / 6 months')
    expect(rows[1]).toHaveTextContent('$2,300.00+15%$2,300.00 / 12 months')
    expect(within(rows[2]!).queryByRole('button')).toBeNull()
  })

  it('asks the policy number for a new carrier off the API, then shows the new policy', async () => {
    const fetchMock = mockRenewalsApi(
      stub(compareRenewalQuotesCall, { body: sampleRenewalQuotes() }),
      stub(renewRenewalCall, {
        body: { renewal: sampleRenewal({ stage: 'renewed' }), policyId: NEW_POLICY_ID, newPolicy: true },
      }),
    )
    renderApp(PATH)
    const dialog = await openDialog(fill(W.renewWith, { option: quoteOption }), W.renewTitle)
    expect(dialog).toHaveTextContent(fill(W.renewNewCarrier, { carrier: OTHER_CARRIER.name }))
    fireEvent.click(within(dialog).getByRole('button', { name: W.renew }))
    expect(await within(dialog).findByText(RENEWAL_OUTCOME_TEXTS.policyNumberRequired)).toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText(W.policyNumber), { target: { value: ' PM-2027-1 ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: W.renew }))
    expect(await screen.findByText(W.renewedNew)).toBeInTheDocument()
    const alert = screen.getByText(W.renewedNew).closest('[role="status"]')!
    expect(within(alert as HTMLElement).getByRole('link', { name: W.viewNextTerm })).toHaveAttribute(
      'href',
      `/policies/${NEW_POLICY_ID}`,
    )
    const quoteId = sampleRenewalQuotes().quotes[0]!.id
    expect(requestsTo(fetchMock, 'POST', `/api/renewals/${RENEWAL_ID}/renew`).map((r) => r.body)).toEqual([
      { quoteId, policyNumber: 'PM-2027-1' },
    ])
  })

  it('renews with the carrier’s offer without asking anything', async () => {
    const fetchMock = mockRenewalsApi(
      stub(compareRenewalQuotesCall, { body: sampleRenewalQuotes() }),
      stub(renewRenewalCall, {
        body: {
          renewal: sampleRenewal({ stage: 'renewed' }),
          policyId: sampleRenewal().policyId,
          newPolicy: false,
        },
      }),
    )
    renderApp(PATH)
    const dialog = await openDialog(fill(W.renewWith, { option: offerOption }), W.renewTitle)
    expect(within(dialog).queryByLabelText(W.policyNumber)).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: W.renew }))
    expect(await screen.findByText(W.renewedSame)).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'POST', `/api/renewals/${RENEWAL_ID}/renew`).map((r) => r.body)).toEqual([
      {},
    ])
  })
})
