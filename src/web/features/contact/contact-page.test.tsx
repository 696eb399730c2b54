import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  getContactInfoCall,
  RESPONSE_TIMES,
  sendContactMessageCall,
  CONTACT_TEXTS as T,
} from '#shared/contracts/contact.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { type MockAnswer, mockApi, SAMPLE_USER, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'

function open(send: MockAnswer<typeof sendContactMessageCall>) {
  const fetchMock = mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(getContactInfoCall, {
      body: { supportEmail: 'help@example.com', companyName: 'Agency Back Office' },
    }),
    stub(sendContactMessageCall, send),
  )
  renderApp('/contact')
  return fetchMock
}

async function fillValid() {
  await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue(SAMPLE_USER.email))
  fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Import question' } })
  fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'support' } })
  fireEvent.change(screen.getByLabelText('Priority'), { target: { value: 'low' } })
  fireEvent.change(screen.getByLabelText('Message'), {
    target: { value: 'My import stopped at row 40, why?' },
  })
}

describe('Contact', () => {
  it('shows the four response times and each field’s message', async () => {
    open({ status: 201, body: { success: true, reference: 'SUP-7K3QX9ZA', message: T.sent } })
    const times = within(await screen.findByRole('region', { name: 'Response times' }))
    for (const { title, time } of RESPONSE_TIMES) {
      expect(times.getByRole('heading', { name: title })).toBeInTheDocument()
      expect(times.getByText(time)).toBeInTheDocument()
    }
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Dana Reyes'))
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'D' } })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    for (const message of [T.name, T.email, T.subject, T.category, T.priority, T.message])
      expect(await screen.findByText(message)).toBeInTheDocument()
  })

  it('replaces the form with a confirmation and the reference', async () => {
    const fetchMock = open({
      status: 201,
      body: { success: true, reference: 'SUP-7K3QX9ZA', message: T.sent },
    })
    await fillValid()
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText('SUP-7K3QX9ZA')).toBeInTheDocument()
    expect(screen.queryByRole('form', { name: 'Contact support' })).not.toBeInTheDocument()
    const sent = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/contact'))
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({
      name: 'Dana Reyes',
      email: SAMPLE_USER.email,
      currentPlan: 'free',
      agentId: SAMPLE_USER.id,
      consentToFollow: true,
      website: '',
    })
  })

  it('says where to write directly when sending fails', async () => {
    open({ status: 500, body: { message: 'Something went wrong on our side. Please try again.' } })
    await fillValid()
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }))
    expect(await screen.findByText(T.failedTitle)).toBeInTheDocument()
    expect(await screen.findByText(T.failed.replace('{email}', 'help@example.com'))).toBeInTheDocument()
  })
})
