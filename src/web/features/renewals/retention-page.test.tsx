import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import {
  getRetentionCall,
  RETENTION_TEXTS,
  type Retention,
  type RetentionRow,
} from '#shared/contracts/renewals-retention.contract.ts'
import { PREMIUM_CHANGE_BANDS } from '#shared/domain/renewal-retention.ts'
import { mockApi, SAMPLE_USER, type Stub, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'

/** A first visit loads the shell's and the page's chunks: on a loaded machine that passed 6 s. */
const FIRST_VISIT = { timeout: 12_000 }
const CARRIER_ID = '00000000-0000-4000-9000-000000000101'

const row = (
  key: string,
  label: string,
  closed: number,
  renewed: number,
  expiring: number,
  retained: number,
): RetentionRow => ({
  key,
  label,
  closed,
  renewed,
  countRate: closed ? Math.round((renewed / closed) * 1000) / 10 : null,
  expiringPremium: expiring,
  retainedPremium: retained,
  premiumRate: expiring ? Math.round((retained / expiring) * 1000) / 10 : null,
})
const bands = (counts: number[]) =>
  PREMIUM_CHANGE_BANDS.map((band, i) => ({ label: band.label, count: counts[i]! }))

function sampleRetention(overrides: Partial<Retention> = {}): Retention {
  return {
    from: '2025-01',
    to: '2025-02',
    total: row('total', 'Total', 7, 4, 9400, 4500),
    byMonth: [row('2025-01', 'Jan 2025', 4, 3, 5000, 4000), row('2025-02', 'Feb 2025', 3, 1, 4400, 500)],
    byProducer: [row(SAMPLE_USER.id, 'Dana Reyes', 7, 4, 9400, 4500)],
    byCarrier: [row(CARRIER_ID, 'Harbor Mutual', 7, 4, 9400, 4500)],
    byLine: [{ ...row('auto', 'Auto', 7, 4, 9400, 4500), key: 'auto' }],
    lostReasons: [
      { reason: 'price', count: 2, premium: 4500 },
      { reason: 'service', count: 1, premium: 400 },
      { reason: 'coverage', count: 0, premium: 0 },
    ],
    premiumChange: {
      count: 4,
      median: -2.5,
      bands: bands([0, 2, 0, 1, 1, 0]),
      byCarrier: [
        {
          carrierId: CARRIER_ID,
          carrierName: 'Harbor Mutual',
          count: 4,
          median: -2.5,
          bands: bands([0, 2, 0, 1, 1, 0]),
        },
      ],
    },
    ...overrides,
  }
}

const shell = (...stubs: Stub[]) =>
  mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    ...stubs,
  )
const retentionUrls = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/renewals/retention'))

describe('Renewal retention page', () => {
  it('shows the totals, the tables with their totals and downloads, the lost reasons and the premium change', async () => {
    shell(stub(getRetentionCall, { body: sampleRetention() }))
    renderApp('/renewals/retention')
    expect(
      await screen.findByRole('heading', { level: 1, name: RETENTION_TEXTS.title }, FIRST_VISIT),
    ).toBeInTheDocument()
    const byMonth = await screen.findByRole('table', { name: 'Retention by month' })
    const card = (label: string) => screen.getByText(label, { selector: 'p' }).parentElement
    expect(card(RETENTION_TEXTS.countRate)).toHaveTextContent('57.1%4 of 7 closed renewals renewed')
    expect(card(RETENTION_TEXTS.premiumRate)).toHaveTextContent('47.9%$4,500 of $9,400 kept')
    expect(card(RETENTION_TEXTS.medianChange)).toHaveTextContent('−2.5%over 4 renewed')
    expect(card(RETENTION_TEXTS.lost)).toHaveTextContent('3$4,900 expiring premium')

    const rows = within(byMonth).getAllByRole('row')
    expect(rows.map((tr) => tr.textContent)).toEqual([
      'MonthClosedRenewedBy countExpiring premiumRetained premiumBy premium',
      'Jan 2025' + '43' + '75%' + '$5,000$4,000' + '80%',
      'Feb 2025' + '31' + '33.3%' + '$4,400$500' + '11.4%',
      'Total' + '74' + '57.1%' + '$9,400$4,500' + '47.9%',
    ])
    for (const name of ['producer', 'carrier', 'line']) {
      expect(screen.getByRole('table', { name: `Retention by ${name}` })).toBeInTheDocument()
    }
    expect(screen.getByRole('link', { name: `${RETENTION_TEXTS.downloadCsv}: By carrier` })).toHaveAttribute(
      'href',
      '/api/renewals/retention.csv?from=2025-01&to=2025-02&table=carrier',
    )

    // The chart loads on its own; its figures are in its label and in the table beside it.
    expect(
      await screen.findByRole(
        'img',
        { name: /^Lost renewals by reason\. Price: 2, Service: 1/ },
        FIRST_VISIT,
      ),
    ).toBeInTheDocument()
    const lost = screen.getByRole('table', { name: 'Lost renewals by reason' })
    expect(within(lost).getAllByRole('row')[1]).toHaveTextContent('Price2$4,500')

    const change = screen.getByRole('table', { name: 'Premium change at renewal by carrier' })
    expect(
      within(change)
        .getAllByRole('row')
        .map((tr) => tr.textContent),
    ).toEqual([
      `CarrierRenewedMedian change${PREMIUM_CHANGE_BANDS.map((band) => band.label).join('')}`,
      'Harbor Mutual4−2.5%020110',
      `${RETENTION_TEXTS.allCarriers}4−2.5%020110`,
    ])
    expect(
      screen.getByRole('link', { name: `${RETENTION_TEXTS.downloadCsv}: Premium change at renewal` }),
    ).toHaveAttribute('href', '/api/renewals/retention.csv?from=2025-01&to=2025-02&table=change')
  })

  it('asks for the months picked, and keeps them in the address', async () => {
    const fetchMock = shell(
      stub(getRetentionCall, ({ url }) => ({
        body: sampleRetention({
          from: url.searchParams.get('from') ?? '2025-01',
          to: url.searchParams.get('to') ?? '2025-02',
        }),
      })),
    )
    const { router } = renderApp('/renewals/retention')
    const from = await screen.findByLabelText(RETENTION_TEXTS.from, {}, FIRST_VISIT)
    await waitFor(() => expect(from).toHaveValue('2025-01'))
    expect(retentionUrls(fetchMock)).toEqual(['/api/renewals/retention'])
    fireEvent.change(from, { target: { value: '2024-07' } })
    await waitFor(() => expect(retentionUrls(fetchMock).at(-1)).toBe('/api/renewals/retention?from=2024-07'))
    fireEvent.change(screen.getByLabelText(RETENTION_TEXTS.to), { target: { value: '2024-12' } })
    await waitFor(() =>
      expect(retentionUrls(fetchMock).at(-1)).toBe('/api/renewals/retention?from=2024-07&to=2024-12'),
    )
    expect(router.state.location.search).toBe('?from=2024-07&to=2024-12')
    expect(
      await screen.findByRole('link', { name: `${RETENTION_TEXTS.downloadCsv}: By month` }),
    ).toHaveAttribute('href', '/api/renewals/retention.csv?from=2024-07&to=2024-12&table=month')
  })

  it('puts the server’s message on the month it refuses', async () => {
    shell(
      stub(getRetentionCall, {
        status: 400,
        body: {
          message: RETENTION_TEXTS.rangeReversed,
          errors: [{ path: 'from', message: RETENTION_TEXTS.rangeReversed }],
        },
      }),
    )
    renderApp('/renewals/retention?from=2025-06&to=2025-01')
    expect(await screen.findByText(RETENTION_TEXTS.rangeReversed, {}, FIRST_VISIT)).toBeInTheDocument()
    expect(screen.getByLabelText(RETENTION_TEXTS.from)).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText(RETENTION_TEXTS.to)).not.toHaveAttribute('aria-invalid')
  })

  it('says so when nothing closed, was lost or changed premium in the range', async () => {
    const none = row('total', 'Total', 0, 0, 0, 0)
    shell(
      stub(getRetentionCall, {
        body: sampleRetention({
          total: none,
          byMonth: [row('2025-01', 'Jan 2025', 0, 0, 0, 0)],
          byProducer: [],
          byCarrier: [],
          byLine: [],
          lostReasons: [{ reason: 'price', count: 0, premium: 0 }],
          premiumChange: { count: 0, median: null, bands: bands([0, 0, 0, 0, 0, 0]), byCarrier: [] },
        }),
      }),
    )
    renderApp('/renewals/retention')
    expect(await screen.findByText(RETENTION_TEXTS.noneLost, {}, FIRST_VISIT)).toBeInTheDocument()
    expect(screen.getByText(RETENTION_TEXTS.noChanges)).toBeInTheDocument()
    expect(screen.getAllByText(RETENTION_TEXTS.nothingClosed)).toHaveLength(3)
    expect(screen.getAllByText('—').length).toBeGreaterThanOrEqual(3)
    expect(screen.queryByRole('img', { name: /Lost renewals/ })).not.toBeInTheDocument()
  })
})
