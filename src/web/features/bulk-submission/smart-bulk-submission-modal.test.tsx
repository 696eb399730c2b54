import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  listSubmissionsCall,
  recommendationsCall,
  submitCall,
} from '#shared/contracts/bulk-submission.contract.ts'
import { BULK_TEXTS } from '#shared/contracts/bulk-submission-texts.ts'
import { sampleSubmission } from '#web/features/applications/applications.test-support.ts'
import { mockApi, stub } from '#web/testing/mock-api.ts'
import {
  APPLICATION,
  bodiesSentTo,
  RECOMMENDATIONS,
  renderModal,
  sampleResult,
} from './bulk-submission.test-support.tsx'

const RECOMMEND = '/api/bulk-submission/recommendations'
const SUBMIT = '/api/bulk-submission/submit'
const SUBMISSIONS = `/api/applications/${APPLICATION.id}/submissions`

const dialog = () => screen.getByRole('dialog', { name: BULK_TEXTS.title })
const click = (name: string | RegExp) => fireEvent.click(within(dialog()).getByRole('button', { name }))
const toast = (title: string) => screen.findByText(title, { selector: '[data-toast] *' })

function fillProfile(age = '35') {
  fireEvent.change(screen.getByLabelText('Age'), { target: { value: age } })
  fireEvent.change(screen.getByLabelText('State'), { target: { value: 'CA' } })
}

async function reachSelection() {
  fillProfile()
  click('Get Recommendations')
  await within(dialog()).findByRole('heading', { name: 'Cheap Mutual' })
  click('Choose Carriers')
}

describe('Smart Bulk Submission modal', () => {
  it('asks for the profile first when the age is missing', async () => {
    const fetchMock = mockApi(stub(recommendationsCall, { body: RECOMMENDATIONS }))
    renderModal()
    click('Get Recommendations')
    const title = await toast(BULK_TEXTS.profileRequiredTitle)
    expect(title.closest('[data-toast]')).toHaveTextContent(BULK_TEXTS.profileRequired)
    expect(screen.getByRole('group', { name: 'Client profile' })).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows the coverage choices with their defaults and the application type', () => {
    mockApi()
    renderModal()
    const coverage = screen.getByLabelText('Coverage amount') as HTMLSelectElement
    expect([...coverage.options].map((option) => option.text)).toEqual([
      '$100,000',
      '$250,000',
      '$500,000',
      '$1,000,000',
      '$2,000,000+',
    ])
    expect(coverage.value).toBe('500000')
    expect(screen.getByLabelText('Urgency')).toHaveValue('medium')
    expect(screen.getByLabelText('Insurance type')).toHaveValue(APPLICATION.insuranceType)
  })

  it('sends the profile and shows each recommendation with score, level, quote and reasons', async () => {
    const fetchMock = mockApi(stub(recommendationsCall, { body: RECOMMENDATIONS }))
    renderModal()
    fillProfile()
    fireEvent.change(screen.getByLabelText('Credit score (optional)'), { target: { value: '720' } })
    fireEvent.change(screen.getByLabelText('Smoking status'), { target: { value: 'former_smoker' } })
    fireEvent.change(screen.getByLabelText('Coverage amount'), { target: { value: '2000000' } })
    click('Get Recommendations')
    const card = (await screen.findByRole('heading', { name: 'Cheap Mutual' })).closest('article')!
    expect(within(card).getByText('92/100')).toBeInTheDocument()
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '92')
    expect(within(card).getByText('Excellent')).toBeInTheDocument()
    expect(within(card).getByText('$1,235/year')).toBeInTheDocument()
    expect(within(card).getByText('Instant to 1 business day')).toBeInTheDocument()
    expect(within(card).getByText('Licensed in CA')).toBeInTheDocument()
    expect(bodiesSentTo(fetchMock, RECOMMEND)).toEqual([
      {
        clientProfile: {
          age: 35,
          creditScore: 720,
          state: 'CA',
          insuranceHistory: { yearsInsured: 0, claimsHistory: 0 },
          riskFactors: { smokingStatus: 'former_smoker' },
        },
        coverageRequirements: { insuranceType: 'auto', coverageAmount: 2_000_000, urgency: 'medium' },
        filters: {},
      },
    ])
  })

  it('says so when no carrier matches', async () => {
    mockApi(stub(recommendationsCall, { body: [] }))
    renderModal()
    fillProfile()
    click('Get Recommendations')
    expect(await screen.findByText(BULK_TEXTS.noRecommendations)).toBeInTheDocument()
    expect(within(dialog()).getByRole('button', { name: 'Choose Carriers' })).toBeDisabled()
  })

  it('shows a missing state under its field instead of asking the server', async () => {
    const fetchMock = mockApi()
    renderModal()
    fireEvent.change(screen.getByLabelText('Age'), { target: { value: '40' } })
    click('Get Recommendations')
    expect(await screen.findByText('Choose a state', { selector: 'p' })).toHaveAttribute(
      'id',
      'bulk-state-error',
    )
    expect(screen.getByLabelText('State')).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('keeps the entered profile and the selection when going back', async () => {
    mockApi(stub(recommendationsCall, { body: RECOMMENDATIONS }))
    renderModal()
    await reachSelection()
    fireEvent.click(screen.getByLabelText('Steady Casualty'))
    click('Back')
    click('Back')
    expect(screen.getByLabelText('Age')).toHaveValue('35')
    expect(screen.getByLabelText('State')).toHaveValue('CA')
    click('Get Recommendations')
    await within(dialog()).findByRole('heading', { name: 'Cheap Mutual' })
    click('Choose Carriers')
    expect(screen.getByLabelText('Steady Casualty')).toBeChecked()
    expect(screen.getByText('1 of 3 selected')).toBeInTheDocument()
  })

  it('refuses to submit with no carrier selected', async () => {
    const fetchMock = mockApi(stub(recommendationsCall, { body: RECOMMENDATIONS }))
    renderModal()
    await reachSelection()
    click('Submit to 0 carriers')
    const title = await toast(BULK_TEXTS.noCarriersTitle)
    expect(title.closest('[data-toast]')).toHaveTextContent(BULK_TEXTS.noCarriers)
    expect(bodiesSentTo(fetchMock, SUBMIT)).toEqual([])
  })

  it('submits the chosen carriers once, with a key, and lists the results', async () => {
    const results = [
      sampleResult(RECOMMENDATIONS[0]!, { confirmationNumber: 'CM-77' }),
      sampleResult(RECOMMENDATIONS[1]!, { status: 'failed', deliveryStatus: 'failed', message: 'Timed out' }),
    ]
    const fetchMock = mockApi(
      stub(recommendationsCall, { body: RECOMMENDATIONS }),
      stub(submitCall, { body: results }),
    )
    const { onCompleted } = renderModal()
    await reachSelection()
    click('Select recommended (excellent and good)')
    expect(screen.getByLabelText('Cheap Mutual')).toBeChecked()
    expect(screen.getByLabelText('Last Resort')).not.toBeChecked()
    const submit = within(dialog()).getByRole('button', { name: 'Submit to 2 carriers' })
    fireEvent.click(submit)
    fireEvent.click(submit)
    const list = await screen.findByRole('list', { name: 'Submission results' })
    const sent = bodiesSentTo(fetchMock, SUBMIT)
    expect(sent).toEqual([
      {
        applicationId: APPLICATION.id,
        submissionType: 'specific_carriers',
        carrierIds: [RECOMMENDATIONS[0]!.carrier.id, RECOMMENDATIONS[1]!.carrier.id],
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ])
    const success = within(list).getByRole('listitem', { name: 'Cheap Mutual' })
    expect(success).toHaveTextContent('Success')
    expect(success).toHaveTextContent('Confirmation CM-77')
    expect(within(list).getByRole('listitem', { name: 'Steady Casualty' })).toHaveTextContent(
      'FailedTimed out',
    )
    const title = await toast(BULK_TEXTS.completed)
    expect(title.closest('[data-toast]')).toHaveTextContent('1 of 2 submissions successful')
    expect(onCompleted).toHaveBeenCalledWith(results)
  })

  it('follows pending deliveries until they settle', async () => {
    const pending = sampleResult(RECOMMENDATIONS[0]!, {
      status: 'pending',
      deliveryStatus: 'queued',
      message: 'Queued for delivery',
    })
    let status: 'queued' | 'sent' = 'queued'
    const fetchMock = mockApi(
      stub(recommendationsCall, { body: RECOMMENDATIONS }),
      stub(submitCall, { body: [pending] }),
      stub(listSubmissionsCall, () => {
        const answer = sampleSubmission({
          id: pending.submissionId,
          status,
          message: status === 'sent' ? 'Delivered on retry' : 'Queued for delivery',
          confirmationNumber: status === 'sent' ? 'CM-9' : null,
        })
        status = 'sent'
        return { body: { submissions: [answer] } }
      }),
    )
    const { onCompleted } = renderModal()
    await reachSelection()
    fireEvent.click(screen.getByLabelText('Cheap Mutual'))
    click('Submit to 1 carrier')
    const row = await screen.findByRole('listitem', { name: 'Cheap Mutual' })
    expect(row).toHaveTextContent('Pending')
    const first = await toast(BULK_TEXTS.completed)
    expect(first.closest('[data-toast]')).toHaveTextContent(
      '0 of 1 submissions successful (1 still being delivered)',
    )
    await waitFor(() => expect(row).toHaveTextContent('Success'), { timeout: 3000 })
    expect(row).toHaveTextContent('Delivered on retry')
    expect(row).toHaveTextContent('Confirmation CM-9')
    // The outcome is told again once the pending delivery has settled.
    await screen.findByText('1 of 1 submissions successful', { selector: '[data-toast] *' })
    expect(onCompleted).toHaveBeenCalledTimes(2)
    expect(onCompleted).toHaveBeenLastCalledWith([
      expect.objectContaining({ status: 'success', confirmationNumber: 'CM-9' }),
    ])
    const polls = () => fetchMock.mock.calls.filter(([url]) => String(url) === SUBMISSIONS).length
    const settled = polls()
    await new Promise((resolve) => setTimeout(resolve, 1300))
    expect(polls()).toBe(settled)
  })

  it('lets a toast over the modal be dismissed without closing the modal', async () => {
    mockApi(stub(recommendationsCall, { body: RECOMMENDATIONS }))
    const { onClose } = renderModal()
    await reachSelection()
    click('Submit to 0 carriers')
    const title = await toast(BULK_TEXTS.noCarriersTitle)
    // Hidden from the accessibility tree while the modal is open (it hides all else); the pointer
    // still reaches it.
    const dismiss = within(title.closest('[data-toast]') as HTMLElement).getByRole('button', {
      name: 'Dismiss',
      hidden: true,
    })
    fireEvent.pointerDown(dismiss)
    fireEvent.click(dismiss)
    await waitFor(() => expect(screen.queryByText(BULK_TEXTS.noCarriersTitle)).not.toBeInTheDocument())
    expect(onClose).not.toHaveBeenCalled()
    expect(dialog()).toBeInTheDocument()
  })

  it('toasts the server message when the submit is refused', async () => {
    mockApi(
      stub(recommendationsCall, { body: RECOMMENDATIONS }),
      stub(submitCall, { status: 409, body: { message: BULK_TEXTS.alreadySubmitted } }),
    )
    renderModal()
    await reachSelection()
    click('Select all')
    click('Submit to 3 carriers')
    const title = await toast(BULK_TEXTS.failedTitle)
    expect(title.closest('[data-toast]')).toHaveTextContent(BULK_TEXTS.alreadySubmitted)
    expect(within(dialog()).getByRole('button', { name: 'Submit to 3 carriers' })).toBeEnabled()
  })

  it('retries a lost connection with the same key, then falls back to the generic message', async () => {
    const fetchMock = mockApi(stub(recommendationsCall, { body: RECOMMENDATIONS }))
    const answer = fetchMock.getMockImplementation()!
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === SUBMIT) throw new TypeError('Failed to fetch')
      return answer(input, init)
    })
    renderModal()
    await reachSelection()
    fireEvent.click(screen.getByLabelText('Cheap Mutual'))
    click('Submit to 1 carrier')
    const title = await toast(BULK_TEXTS.failedTitle)
    expect(title.closest('[data-toast]')).toHaveTextContent(BULK_TEXTS.failedFallback)
    const keys = bodiesSentTo(fetchMock, SUBMIT).map(
      (body) => (body as { idempotencyKey: string }).idempotencyKey,
    )
    expect(keys).toHaveLength(3)
    expect(new Set(keys).size).toBe(1)
  })
})
