import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { listRenewalsCall, type Renewal } from '#shared/contracts/renewals.contract.ts'
import { sampleRenewal } from '#web/features/renewals/renewals.test-support.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { FIRST_VISIT, mockPoliciesApi, POLICY_ID } from './policies.test-support.ts'
import { POLICY_WORDS } from './policy-display.ts'

const OPEN_ID = crypto.randomUUID()
const linkName = (stage: string) => POLICY_WORDS.renewalLink.replace('{stage}', stage)

/** The policy's renewals as the list answers them: a closed one at risk sorts first. */
function renewalsOfPolicy(renewals: Renewal[]) {
  return stub(listRenewalsCall, ({ url }) => ({
    body: { renewals: url.searchParams.get('policyId') === POLICY_ID ? renewals : [], nextCursor: null },
  }))
}

describe('Policy page’s renewal link', () => {
  it('links the open renewal with its stage, past a closed one of an earlier term', async () => {
    const fetchMock = mockPoliciesApi(
      renewalsOfPolicy([
        sampleRenewal({ id: crypto.randomUUID(), policyId: POLICY_ID, stage: 'lost', atRisk: true }),
        sampleRenewal({ id: OPEN_ID, policyId: POLICY_ID, stage: 'in_review' }),
      ]),
    )
    renderApp(`/policies/${POLICY_ID}`)
    const link = await screen.findByRole('link', { name: linkName('In review') }, FIRST_VISIT)
    expect(link).toHaveAttribute('href', `/renewals/${OPEN_ID}`)
    const asked = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.startsWith('/api/renewals?'))
    expect(asked).toEqual([`/api/renewals?policyId=${POLICY_ID}&limit=20`])
  })

  it('shows no link when the policy has no open renewal', async () => {
    const fetchMock = mockPoliciesApi(
      renewalsOfPolicy([sampleRenewal({ policyId: POLICY_ID, stage: 'renewed', nextMilestone: null })]),
    )
    renderApp(`/policies/${POLICY_ID}`)
    await screen.findByRole('heading', { level: 1, name: 'Policy AUTO-1001' }, FIRST_VISIT)
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/renewals?'))).toBe(true),
    )
    expect(screen.queryByRole('link', { name: /^Renewal:/ })).toBeNull()
  })
})
