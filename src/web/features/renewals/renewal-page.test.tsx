import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { changeRenewalCall, getRenewalCall, RENEWAL_TEXTS } from '#shared/contracts/renewals.contract.ts'
import { MILESTONE_LABELS } from '#shared/contracts/renewals-texts.ts'
import { requestsTo } from '#web/features/clients/clients.test-support.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { fill, RENEWAL_WORDS as W } from './renewal-texts.ts'
import {
  CLIENT_ID,
  COLLEAGUE,
  FIRST_VISIT,
  mockRenewalsApi,
  POLICY_ID,
  RENEWAL_ID,
  sampleRenewal,
  sampleRenewalDetails,
} from './renewals.test-support.ts'

const PATH = `/renewals/${RENEWAL_ID}`
const URL_PATH = `/api/renewals/${RENEWAL_ID}`

async function openPage() {
  return screen.findByRole(
    'heading',
    { level: 1, name: fill(W.titleOf, { policyNumber: 'AUTO-1001' }) },
    FIRST_VISIT,
  )
}

describe('Renewal page', () => {
  it('shows the policy and client, the milestones done, overdue and later, and the history', async () => {
    mockRenewalsApi(
      stub(getRenewalCall, {
        body: sampleRenewalDetails({
          stage: 'in_review',
          nextMilestone: 'remarket_decision',
          dueDate: '2027-01-01',
          overdue: true,
          history: [
            ...sampleRenewalDetails().history,
            {
              id: crypto.randomUUID(),
              kind: 'assigned',
              fromStage: null,
              toStage: null,
              details: { from: null, to: COLLEAGUE.id },
              byName: 'Dana Reyes',
              createdAt: '2026-11-02T15:00:00.000Z',
            },
            {
              id: crypto.randomUUID(),
              kind: 'stage',
              fromStage: 'upcoming',
              toStage: 'in_review',
              details: null,
              byName: 'Dana Reyes',
              createdAt: '2026-11-03T15:00:00.000Z',
            },
          ],
        }),
      }),
    )
    renderApp(PATH)
    await openPage()
    expect(screen.getByRole('link', { name: 'AUTO-1001' })).toHaveAttribute('href', `/policies/${POLICY_ID}`)
    expect(screen.getByRole('link', { name: 'Maria Gonzalez' })).toHaveAttribute(
      'href',
      `/clients/${CLIENT_ID}`,
    )

    const milestones = within(
      screen.getByRole('heading', { name: W.milestones }).closest('div')!.parentElement!,
    )
    const steps = milestones.getAllByRole('listitem')
    expect(steps.map((step) => step.textContent)).toEqual([
      `${MILESTONE_LABELS.review}Dec 1, 2026${W.milestoneDone}`,
      `${MILESTONE_LABELS.remarket_decision}Dec 31, 2026${W.overdue}`,
      `${MILESTONE_LABELS.quotes_compared}Jan 15, 2027${W.milestoneLater}`,
      `${MILESTONE_LABELS.client_contacted}Jan 30, 2027${W.milestoneLater}`,
    ])
    expect(steps[1]).toHaveAttribute('aria-current', 'step')

    const history = within(screen.getByRole('heading', { name: W.history }).closest('div')!.parentElement!)
    await history.findByText(fill(W.eventAssigned, { name: COLLEAGUE.name }))
    expect(history.getAllByRole('listitem').map((item) => item.firstChild!.textContent)).toEqual([
      'Moved from Upcoming to In review',
      fill(W.eventAssigned, { name: COLLEAGUE.name }),
      W.eventEntered,
    ])
  })

  it('says so for a renewal that is not in the book', async () => {
    mockRenewalsApi(stub(getRenewalCall, { status: 404, body: { message: 'Not found' } }))
    renderApp(PATH)
    expect(await screen.findByText(W.notFound, {}, FIRST_VISIT)).toBeInTheDocument()
  })

  it('assigns the renewal as soon as a user is chosen, and shows a refusal on the field', async () => {
    let calls = 0
    const fetchMock = mockRenewalsApi(
      stub(changeRenewalCall, ({ body }) => {
        calls += 1
        if (calls === 1)
          return {
            status: 400,
            body: {
              message: 'Check the highlighted fields',
              errors: [{ path: 'assigneeId', message: RENEWAL_TEXTS.unknownAssignee }],
            },
          }
        return { body: sampleRenewal({ assigneeId: body.assigneeId ?? null, assigneeName: COLLEAGUE.name }) }
      }),
    )
    renderApp(PATH)
    await openPage()
    const picker = screen.getByLabelText(W.assignee)
    await within(picker).findByRole('option', { name: COLLEAGUE.name })
    fireEvent.change(picker, { target: { value: COLLEAGUE.id } })
    expect(await screen.findByText(RENEWAL_TEXTS.unknownAssignee)).toBeInTheDocument()
    expect(picker).toHaveAccessibleDescription(RENEWAL_TEXTS.unknownAssignee)
    fireEvent.change(picker, { target: { value: COLLEAGUE.id } })
    expect(await screen.findByText(W.assigneeSaved)).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'PATCH', URL_PATH).map((request) => request.body)).toEqual([
      { assigneeId: COLLEAGUE.id },
      { assigneeId: COLLEAGUE.id },
    ])
    fireEvent.change(picker, { target: { value: '' } })
    await waitFor(() =>
      expect(requestsTo(fetchMock, 'PATCH', URL_PATH).at(-1)?.body).toEqual({ assigneeId: null }),
    )
  })

  it('asks why before moving a renewal to Lost, then moves it with the reason', async () => {
    const fetchMock = mockRenewalsApi(
      stub(changeRenewalCall, {
        body: sampleRenewal({ stage: 'lost', lostReason: 'price', nextMilestone: null }),
      }),
    )
    renderApp(PATH)
    await openPage()
    fireEvent.click(screen.getByRole('button', { name: W.moveStage }))
    const dialog = await screen.findByRole('dialog', { name: W.moveStage })
    fireEvent.click(within(dialog).getByRole('button', { name: W.moveStage }))
    expect(await within(dialog).findByText(W.stageRequired)).toBeInTheDocument()
    const stage = within(dialog).getByLabelText(W.moveTo)
    expect(within(stage).queryByRole('option', { name: 'Renewed' })).toBeNull()
    expect(within(stage).queryByRole('option', { name: 'Upcoming' })).toBeNull()
    fireEvent.change(stage, { target: { value: 'lost' } })
    fireEvent.click(within(dialog).getByRole('button', { name: W.moveStage }))
    expect(await within(dialog).findByText(RENEWAL_TEXTS.lostReasonRequired)).toBeInTheDocument()
    expect(within(dialog).getByLabelText(W.lostReason)).toHaveAccessibleDescription(
      RENEWAL_TEXTS.lostReasonRequired,
    )
    expect(requestsTo(fetchMock, 'PATCH', URL_PATH)).toEqual([])

    fireEvent.change(within(dialog).getByLabelText(W.lostReason), { target: { value: 'price' } })
    fireEvent.click(within(dialog).getByRole('button', { name: W.moveStage }))
    expect(await screen.findByText(W.moved)).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'PATCH', URL_PATH).map((request) => request.body)).toEqual([
      { stage: 'lost', lostReason: 'price' },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('hides the actions of a closed renewal and says how it ended', async () => {
    mockRenewalsApi(
      stub(getRenewalCall, {
        body: sampleRenewalDetails({
          stage: 'lost',
          lostReason: 'service',
          nextMilestone: null,
          dueDate: null,
        }),
      }),
    )
    renderApp(PATH)
    await openPage()
    expect(screen.getByText(fill(W.closed, { stage: 'Lost' }))).toBeInTheDocument()
    expect(screen.getByText(W.lostReason).nextElementSibling).toHaveTextContent('Service')
    expect(screen.queryByRole('button', { name: W.moveStage })).toBeNull()
    expect(screen.queryByLabelText(W.assignee)).toBeNull()
  })
})
