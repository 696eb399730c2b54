import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createPolicyCall, listPoliciesCall, POLICY_TEXTS } from '#shared/contracts/policies.contract.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import {
  CARRIER,
  CLIENT_ID,
  FIRST_VISIT,
  listUrls,
  mockPoliciesApi,
  POLICY_ID,
  PRODUCER,
  samplePolicy,
  samplePolicyItem,
} from './policies.test-support.ts'
import { POLICY_WORDS } from './policy-display.ts'
import { NO_MATCHES, NO_POLICIES } from './policy-list.tsx'

describe('Policies page', () => {
  it('lists policies with their dollars and status, a page at a time', async () => {
    const fetchMock = mockPoliciesApi(
      stub(listPoliciesCall, ({ url }) =>
        url.searchParams.get('cursor')
          ? {
              body: {
                policies: [
                  samplePolicyItem({ id: crypto.randomUUID(), policyNumber: 'HOME-2', status: 'cancelled' }),
                ],
                nextCursor: null,
              },
            }
          : { body: { policies: [samplePolicyItem()], nextCursor: 'next-page' } },
      ),
    )
    renderApp('/policies')
    const link = await screen.findByRole('link', { name: 'AUTO-1001' }, FIRST_VISIT)
    expect(link).toHaveAttribute('href', `/policies/${POLICY_ID}`)
    const row = link.closest('tr')!
    expect(row).toHaveTextContent('$1,234.56')
    expect(row).toHaveTextContent('Active')
    expect(within(row).getByRole('link', { name: 'Maria Gonzalez' })).toHaveAttribute(
      'href',
      `/clients/${CLIENT_ID}`,
    )
    // It opens on the active policies; the status filter says so and offers every status.
    expect(listUrls(fetchMock)).toEqual(['/api/policies?status=active&limit=25'])
    expect(screen.getByLabelText('Status')).toHaveValue('active')
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(await screen.findByRole('link', { name: 'HOME-2' })).toBeInTheDocument()
    expect(listUrls(fetchMock).at(-1)).toBe('/api/policies?status=active&limit=25&cursor=next-page')
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } })
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toBe('/api/policies?limit=25'))
  })

  it('says so when the book is empty', async () => {
    mockPoliciesApi(stub(listPoliciesCall, { body: { policies: [], nextCursor: null } }))
    renderApp('/policies')
    expect(await screen.findByText(NO_POLICIES, {}, FIRST_VISIT)).toBeInTheDocument()
  })

  it('sends each filter, the sort and the search to the list and to the export link', async () => {
    const fetchMock = mockPoliciesApi(stub(listPoliciesCall, { body: { policies: [], nextCursor: null } }))
    const { router } = renderApp('/policies')
    await screen.findByText(NO_POLICIES, {}, FIRST_VISIT)
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending_cancellation' } })
    fireEvent.change(screen.getByLabelText('Line of business'), { target: { value: 'property' } })
    await screen.findByRole('option', { name: CARRIER.name })
    fireEvent.change(screen.getByLabelText('Carrier'), { target: { value: CARRIER.id } })
    await screen.findByRole('option', { name: PRODUCER.name })
    fireEvent.change(screen.getByLabelText('Producer'), { target: { value: PRODUCER.id } })
    fireEvent.change(screen.getByLabelText('Expiring within'), { target: { value: '60' } })
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: '-premium' } })
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search policies' }), {
      target: { value: ' Gonz ' },
    })
    const expected =
      `q=Gonz&status=pending_cancellation&line=property&carrierId=${CARRIER.id}` +
      `&producerUserId=${PRODUCER.id}&expiringWithinDays=60&sort=-premium`
    await waitFor(() => expect(listUrls(fetchMock).at(-1)).toBe(`/api/policies?${expected}&limit=25`))
    expect(await screen.findByText(NO_MATCHES)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/policies/export?${expected}`,
    )
    expect(router.state.location.search).toContain('expiringWithinDays=60')
  })

  it('reads the filters from the address and drops what it does not know', async () => {
    const fetchMock = mockPoliciesApi()
    renderApp('/policies?status=active&line=boats&expiringWithinDays=30&carrierId=nope')
    await screen.findByRole('link', { name: 'AUTO-1001' }, FIRST_VISIT)
    expect(listUrls(fetchMock)).toEqual(['/api/policies?status=active&expiringWithinDays=30&limit=25'])
    expect(screen.getByLabelText('Expiring within')).toHaveValue('30')
  })

  it('adds a policy, showing the server’s field message on its field first', async () => {
    let attempts = 0
    const fetchMock = mockPoliciesApi(
      stub(createPolicyCall, ({ body }) => {
        attempts += 1
        if (attempts === 1)
          return {
            status: 400,
            body: {
              message: 'Check the highlighted fields',
              errors: [{ path: 'policyNumber', message: POLICY_TEXTS.policyNumberTaken }],
            },
          }
        return { status: 201, body: samplePolicy({ policyNumber: body.policyNumber }) }
      }),
    )
    const { router } = renderApp('/policies')
    fireEvent.click(await screen.findByRole('button', { name: 'Add policy' }, FIRST_VISIT))
    const dialog = await screen.findByRole('dialog', { name: 'Add policy' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add policy' }))
    expect(await within(dialog).findByText(POLICY_TEXTS.policyNumberRequired)).toBeInTheDocument()
    expect(within(dialog).getByText(POLICY_TEXTS.unknownClient)).toBeInTheDocument()

    fireEvent.change(within(dialog).getByLabelText('Policy number'), { target: { value: 'AUTO-1001' } })
    fireEvent.change(within(dialog).getByLabelText('Line of business'), { target: { value: 'auto' } })
    await within(dialog).findByRole('option', { name: /Maria Gonzalez/ })
    fireEvent.change(within(dialog).getByLabelText('Client'), { target: { value: CLIENT_ID } })
    await within(dialog).findByRole('option', { name: CARRIER.name })
    fireEvent.change(within(dialog).getByLabelText('Carrier'), { target: { value: CARRIER.id } })
    fireEvent.change(within(dialog).getByLabelText('Effective date'), { target: { value: '2026-03-01' } })
    fireEvent.change(within(dialog).getByLabelText('Expiration date'), { target: { value: '2027-03-01' } })
    fireEvent.change(within(dialog).getByLabelText('Annual premium ($)'), { target: { value: '1,200.50' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add policy' }))
    expect(await within(dialog).findByText(POLICY_TEXTS.policyNumberTaken)).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Policy number')).toHaveAccessibleDescription(
      POLICY_TEXTS.policyNumberTaken,
    )

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add policy' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/policies/${POLICY_ID}`))
    expect(await screen.findByText(POLICY_WORDS.added)).toBeInTheDocument()
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(posts.at(-1)![1]!.body))).toEqual({
      policyNumber: 'AUTO-1001',
      clientId: CLIENT_ID,
      carrierId: CARRIER.id,
      lineOfBusiness: 'auto',
      effectiveDate: '2026-03-01',
      expirationDate: '2027-03-01',
      annualPremium: 1200.5,
      producerUserId: null,
    })
  })
})
