import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { recommendationsCall } from '#shared/contracts/bulk-submission.contract.ts'
import { BULK_TEXTS } from '#shared/contracts/bulk-submission-texts.ts'
import { sampleListItem } from '#web/features/applications/applications.test-support.ts'
import { mockApi, stub } from '#web/testing/mock-api.ts'
import { bodiesSentTo, RECOMMENDATIONS, renderModal } from './bulk-submission.test-support.tsx'

const RECOMMEND = '/api/bulk-submission/recommendations'

function applicationFor(state: string | null, zipCode: string | null, age: number | null = null) {
  const application = sampleListItem()
  return { ...application, client: { ...application.client, state, zipCode, age } }
}

describe('Smart Bulk Submission profile stage', () => {
  it("starts from the client's age, stored state and ZIP code and sends them", async () => {
    const fetchMock = mockApi(stub(recommendationsCall, { body: RECOMMENDATIONS }))
    renderModal(applicationFor(' tx ', '78701-1234', 35))
    expect(screen.getByLabelText('Age')).toHaveValue('35')
    expect(screen.getByLabelText('State')).toHaveValue('TX')
    expect(screen.getByLabelText('ZIP code')).toHaveValue('78701-1234')
    fireEvent.click(screen.getByRole('button', { name: 'Get Recommendations' }))
    const dialog = screen.getByRole('dialog', { name: BULK_TEXTS.title })
    await within(dialog).findByRole('heading', { name: RECOMMENDATIONS[0]!.carrier.name })
    expect(bodiesSentTo(fetchMock, RECOMMEND)).toEqual([
      expect.objectContaining({
        clientProfile: expect.objectContaining({ age: 35, state: 'TX', zipCode: '78701-1234' }),
      }),
    ])
  })

  it.each(['Texas', 'ZZ'])(
    'leaves the state to choose when the stored %s is not a US state code',
    async (state) => {
      const fetchMock = mockApi()
      renderModal(applicationFor(state, '78701'))
      expect(screen.getByLabelText('State')).toHaveValue('')
      expect(screen.getByLabelText('ZIP code')).toHaveValue('78701')
      fireEvent.change(screen.getByLabelText('Age'), { target: { value: '35' } })
      fireEvent.click(screen.getByRole('button', { name: 'Get Recommendations' }))
      expect(await screen.findByText('Choose a state', { selector: 'p' })).toBeInTheDocument()
      expect(fetchMock).not.toHaveBeenCalled()
    },
  )

  it('leaves them empty when the client has no address or date of birth', () => {
    mockApi()
    renderModal(applicationFor(null, null))
    expect(screen.getByLabelText('Age')).toHaveValue('')
    expect(screen.getByLabelText('State')).toHaveValue('')
    expect(screen.getByLabelText('ZIP code')).toHaveValue('')
  })
})
