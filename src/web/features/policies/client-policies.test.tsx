import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { listPoliciesCall } from '#shared/contracts/policies.contract.ts'
import { mockClientsApi } from '#web/features/clients/clients.test-support.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { CLIENT_ID, FIRST_VISIT, listUrls, POLICY_ID, samplePolicyItem } from './policies.test-support.ts'
import { POLICY_WORDS } from './policy-display.ts'

describe('The client page’s policies', () => {
  it('lists the client’s policies, each linking to its page', async () => {
    const fetchMock = mockClientsApi(
      stub(listPoliciesCall, {
        body: {
          policies: [
            samplePolicyItem(),
            samplePolicyItem({
              id: crypto.randomUUID(),
              policyNumber: 'HOME-7',
              lineOfBusiness: 'property',
              status: 'expired',
            }),
          ],
          nextCursor: null,
        },
      }),
    )
    renderApp(`/clients/${CLIENT_ID}`)
    const list = await screen.findByRole('list', { name: 'Client policies' }, FIRST_VISIT)
    expect(within(list).getByRole('link', { name: 'AUTO-1001' })).toHaveAttribute(
      'href',
      `/policies/${POLICY_ID}`,
    )
    expect(within(list).getByRole('link', { name: 'HOME-7' }).closest('li')).toHaveTextContent('Expired')
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('$1,234.56')
    expect(listUrls(fetchMock)).toEqual([`/api/policies?clientId=${CLIENT_ID}&sort=-created&limit=20`])
  })

  it('says when the client has none', async () => {
    mockClientsApi(stub(listPoliciesCall, { body: { policies: [], nextCursor: null } }))
    renderApp(`/clients/${CLIENT_ID}`)
    expect(await screen.findByText(POLICY_WORDS.noClientPolicies, {}, FIRST_VISIT)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Policies' })).toBeInTheDocument()
  })
})
