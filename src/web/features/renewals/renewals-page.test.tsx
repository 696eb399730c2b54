import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { listRenewalsCall } from '#shared/contracts/renewals.contract.ts'
import { RENEWAL_STAGE_LABELS } from '#shared/contracts/renewals-texts.ts'
import { RENEWAL_STAGES } from '#shared/domain/renewal-pipeline.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { RENEWAL_WORDS as W } from './renewal-texts.ts'
import {
  CARRIER,
  COLLEAGUE,
  FIRST_VISIT,
  listUrls,
  mockRenewalsApi,
  offeredRenewal,
  RENEWAL_ID,
  sampleRenewal,
} from './renewals.test-support.ts'
import { RETENTION_PATH } from './renewals-page.tsx'

const QUOTED_ID = crypto.randomUUID()

/** An at-risk, overdue renewal in review, and a calm quoted one assigned to no one. */
function twoRenewals() {
  return stub(listRenewalsCall, {
    body: {
      renewals: [
        offeredRenewal({ stage: 'in_review', nextMilestone: 'remarket_decision', overdue: true }),
        sampleRenewal({
          id: QUOTED_ID,
          insuredName: 'Ben Okafor',
          policyNumber: 'HOME-7',
          stage: 'quoted',
          nextMilestone: 'client_contacted',
          dueDate: '2027-01-30',
          assigneeId: null,
          assigneeName: null,
        }),
      ],
      nextCursor: null,
    },
  })
}

describe('Renewals page', () => {
  it('shows the board: seven stage columns, each card with its figures and flags', async () => {
    mockRenewalsApi(twoRenewals())
    renderApp('/renewals')
    const card = await screen.findByRole('article', { name: 'Maria Gonzalez' }, FIRST_VISIT)
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(
      RENEWAL_STAGES.map((stage) => RENEWAL_STAGE_LABELS[stage]),
    )
    const inReview = screen.getByRole('region', { name: RENEWAL_STAGE_LABELS.in_review })
    expect(within(inReview).getByRole('article')).toBe(card)
    expect(within(card).getByRole('link', { name: 'Maria Gonzalez' })).toHaveAttribute(
      'href',
      `/renewals/${RENEWAL_ID}`,
    )
    expect(card).toHaveTextContent('AUTO-1001')
    expect(card).toHaveTextContent(`${W.expiringPremium}$2,000.00`)
    expect(card).toHaveTextContent(`${W.offer}$2,300.00 +15%`)
    expect(card).toHaveTextContent(`${W.assignee}Dana Reyes`)
    expect(card).toHaveTextContent(`${W.nextMilestone}Remarket decision, due Dec 1, 2026`)
    expect(within(card).getByText(W.atRisk)).toBeInTheDocument()
    expect(within(card).getByText(W.overdue)).toBeInTheDocument()

    const quoted = screen.getByRole('article', { name: 'Ben Okafor' })
    expect(
      within(screen.getByRole('region', { name: RENEWAL_STAGE_LABELS.quoted })).getByRole('article'),
    ).toBe(quoted)
    expect(quoted).toHaveTextContent(`${W.offer}${W.noOffer}`)
    expect(quoted).toHaveTextContent(`${W.assignee}${W.unassigned}`)
    expect(within(quoted).queryByText(W.atRisk)).toBeNull()
    const lost = screen.getByRole('region', { name: RENEWAL_STAGE_LABELS.lost })
    expect(within(lost).getByText(W.emptyColumn)).toBeInTheDocument()
  })

  it('switches to the list, keeps the choice in the address, and pages it at risk first', async () => {
    const fetchMock = mockRenewalsApi(
      stub(listRenewalsCall, ({ url }) =>
        url.searchParams.get('cursor')
          ? {
              body: {
                renewals: [sampleRenewal({ id: QUOTED_ID, insuredName: 'Ben Okafor' })],
                nextCursor: null,
              },
            }
          : { body: { renewals: [offeredRenewal()], nextCursor: 'next-page' } },
      ),
    )
    const { router } = renderApp('/renewals')
    await screen.findByRole('article', { name: 'Maria Gonzalez' }, FIRST_VISIT)
    expect(screen.getByRole('button', { name: W.board })).toHaveAttribute('aria-pressed', 'true')
    fireEvent.click(screen.getByRole('button', { name: W.list }))
    const table = await screen.findByRole('table', { name: W.listLabel })
    expect(router.state.location.search).toBe('?view=list')
    expect(screen.getByRole('button', { name: W.list })).toHaveAttribute('aria-pressed', 'true')
    const row = within(table).getByRole('link', { name: 'Maria Gonzalez' }).closest('tr')!
    expect(row).toHaveTextContent('AUTO-1001')
    expect(row).toHaveTextContent(W.atRisk)
    expect(row).toHaveTextContent(RENEWAL_STAGE_LABELS.upcoming)
    expect(row).toHaveTextContent('$2,000.00')
    expect(row).toHaveTextContent('+$300.00 (+15%)')
    expect(row).toHaveTextContent('Review, due Dec 1, 2026')
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await within(table).findByRole('link', { name: 'Ben Okafor' })).toBeInTheDocument()
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((each) => within(each).getAllByRole('link')[0]!.textContent)).toEqual([
      'Maria Gonzalez',
      'Ben Okafor',
    ])
    expect(listUrls(fetchMock)).toEqual(['/api/renewals?limit=50', '/api/renewals?limit=50&cursor=next-page'])
  })

  it('opens on the list when the address asks for it', async () => {
    mockRenewalsApi()
    renderApp('/renewals?view=list')
    expect(await screen.findByRole('table', { name: W.listLabel }, FIRST_VISIT)).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: W.boardLabel })).toBeNull()
  })

  it('sends each filter to the list and to the CSV link, and keeps them in the address', async () => {
    const fetchMock = mockRenewalsApi(stub(listRenewalsCall, { body: { renewals: [], nextCursor: null } }))
    const { router } = renderApp('/renewals')
    expect(await screen.findByText(W.none, {}, FIRST_VISIT)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: W.exportCsv })).toHaveAttribute(
      'href',
      '/api/renewals/export.csv',
    )
    fireEvent.change(screen.getByLabelText(W.stage), { target: { value: 'remarketing' } })
    await screen.findByRole('option', { name: COLLEAGUE.name })
    fireEvent.change(screen.getByLabelText(W.assignee), { target: { value: COLLEAGUE.id } })
    fireEvent.change(screen.getByLabelText(W.line), { target: { value: 'property' } })
    await screen.findByRole('option', { name: CARRIER.name })
    fireEvent.change(screen.getByLabelText(W.carrier), { target: { value: CARRIER.id } })
    fireEvent.change(screen.getByLabelText(W.dueBefore), { target: { value: '2027-01-31' } })
    const expected = `stage=remarketing&assigneeId=${COLLEAGUE.id}&line=property&carrierId=${CARRIER.id}&dueBefore=2027-01-31`
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toBe(`/api/renewals?${expected}&limit=50`))
    expect(await screen.findByText(W.noMatches)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: W.exportCsv })).toHaveAttribute(
      'href',
      `/api/renewals/export.csv?${expected}`,
    )
    expect(router.state.location.search).toBe(`?${expected}`)
  })

  it('reads the filters from the address and drops what it does not know', async () => {
    const fetchMock = mockRenewalsApi()
    renderApp('/renewals?stage=lost&line=boats&carrierId=nope&dueBefore=soon&view=grid')
    await screen.findByRole('article', { name: 'Maria Gonzalez' }, FIRST_VISIT)
    expect(listUrls(fetchMock)).toEqual(['/api/renewals?stage=lost&limit=50'])
    expect(screen.getByLabelText(W.stage)).toHaveValue('lost')
    expect(screen.getByLabelText(W.line)).toHaveValue('')
  })

  it('links the Retention tab to its page', async () => {
    mockRenewalsApi()
    renderApp('/renewals')
    const sections = await screen.findByRole('navigation', { name: W.sections }, FIRST_VISIT)
    expect(within(sections).getByRole('link', { name: W.retention })).toHaveAttribute('href', RETENTION_PATH)
    expect(within(sections).getByRole('link', { name: W.pipeline })).toHaveAttribute('aria-current', 'page')
  })
})
