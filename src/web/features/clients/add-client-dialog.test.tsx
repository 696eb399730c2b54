import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createClientCall } from '#shared/contracts/clients.contract.ts'
import { CLIENT_MESSAGES } from '#shared/contracts/clients-texts.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { fullClient, mockClientsApi, requestsTo } from './clients.test-support.ts'

const REQUIRED_MESSAGES = [
  CLIENT_MESSAGES.firstNameRequired,
  CLIENT_MESSAGES.lastNameRequired,
  CLIENT_MESSAGES.emailInvalid,
  CLIENT_MESSAGES.phoneMin,
  CLIENT_MESSAGES.dateOfBirthRequired,
  CLIENT_MESSAGES.addressRequired,
  CLIENT_MESSAGES.cityRequired,
  CLIENT_MESSAGES.stateMin,
  CLIENT_MESSAGES.zipMin,
]

const VALID: [label: string, value: string][] = [
  ['First name', 'Ana'],
  ['Last name', 'Silva'],
  ['Email', 'ana.silva@example.com'],
  ['Phone', '5550102030'],
  ['Date of birth', '1990-02-14'],
  ['Address', '1 Main Street'],
  ['City', 'Austin'],
  ['State', 'TX'],
  ['ZIP code', '78701'],
]

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add Client' }))
  return screen.findByRole('dialog', { name: 'Add New Client' })
}

function fill(dialog: HTMLElement) {
  for (const [label, value] of VALID) {
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } })
  }
}

describe('Add New Client dialog', () => {
  it('shows the spec message under each empty required field and sends nothing', async () => {
    const fetchMock = mockClientsApi()
    renderApp('/clients')
    const dialog = await openDialog()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Client' }))
    for (const message of REQUIRED_MESSAGES)
      expect(await within(dialog).findByText(message)).toBeInTheDocument()
    expect(within(dialog).getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true')
    expect(requestsTo(fetchMock, 'POST', '/api/clients')).toHaveLength(0)
  })

  it('adds the client, says so, closes and refreshes the list and the summary', async () => {
    const fetchMock = mockClientsApi(stub(createClientCall, { status: 201, body: fullClient() }))
    renderApp('/clients')
    const dialog = await openDialog()
    fill(dialog)
    fireEvent.change(within(dialog).getByLabelText('Notes (optional)'), {
      target: { value: 'Referred by Omar' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Client' }))
    expect(await screen.findByText(CLIENT_MESSAGES.added)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(requestsTo(fetchMock, 'POST', '/api/clients')[0]?.body).toMatchObject({
      firstName: 'Ana',
      email: 'ana.silva@example.com',
      dateOfBirth: '1990-02-14',
      notes: 'Referred by Omar',
    })
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', '/api/clients')).toHaveLength(2))
    expect(requestsTo(fetchMock, 'GET', '/api/clients/summary')).toHaveLength(2)
    const reopened = await openDialog()
    expect(within(reopened).getByLabelText('First name')).toHaveValue('')
  })

  it('puts the duplicate email message on the email field and toasts the failure', async () => {
    mockClientsApi(
      stub(createClientCall, {
        status: 409,
        body: {
          message: CLIENT_MESSAGES.emailTaken,
          errors: [{ path: 'email', message: CLIENT_MESSAGES.emailTaken }],
        },
      }),
    )
    renderApp('/clients')
    const dialog = await openDialog()
    fill(dialog)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Client' }))
    expect(await screen.findByText(CLIENT_MESSAGES.addFailed)).toBeInTheDocument()
    const email = within(dialog).getByLabelText('Email')
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription(CLIENT_MESSAGES.emailTaken)
    expect(screen.getByRole('dialog', { name: 'Add New Client' })).toBeInTheDocument()
  })
})
