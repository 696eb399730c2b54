import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  ClientInputSchema,
  getClientCall,
  revealClientFieldCall,
  updateClientCall,
} from '#shared/contracts/clients.contract.ts'
import { CLIENT_MESSAGES } from '#shared/contracts/clients-texts.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { NO_APPLICATIONS } from './client-applications.tsx'
import { CLIENT_NOT_FOUND } from './client-details-page.tsx'
import { CLIENT_UPDATED } from './client-edit-form.tsx'
import { CLIENT_FIELDS, CLIENT_SECTIONS } from './client-fields.ts'
import { KEEP_ON_FILE_HINT } from './client-form-field.tsx'
import { CLIENT_ID, fullClient, mockClientsApi, requestsTo } from './clients.test-support.ts'

const PATH = `/clients/${CLIENT_ID}`

function shownFor(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' })
  return term.nextElementSibling as HTMLElement
}

describe('Client details page', () => {
  it('lists every field of the contract once, in the spec groups', () => {
    expect(CLIENT_FIELDS.map((spec) => spec.name).sort()).toEqual(Object.keys(ClientInputSchema.shape).sort())
    expect(CLIENT_SECTIONS.map((section) => section.title)).toEqual([
      'Core',
      'Address',
      'Work',
      'Banking',
      'Insurance history',
      'Driving',
      'Health',
      'Home',
      'Preferences',
      'Notes',
    ])
  })

  it('shows the record grouped, with a dash for what is not on file', async () => {
    mockClientsApi()
    renderApp(PATH)
    expect(await screen.findByRole('heading', { level: 1, name: 'Maria Gonzalez' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Clients' })).toHaveAttribute('href', '/clients')
    for (const { title } of CLIENT_SECTIONS)
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument()
    expect(shownFor('Date of birth')).toHaveTextContent('Mar 12, 1984')
    expect(shownFor('Budget range (per month)')).toHaveTextContent('$100-200')
    expect(shownFor('Smoker')).toHaveTextContent('No')
    expect(shownFor('Accidents in the last 5 years')).toHaveTextContent('1')
    expect(shownFor('Employer')).toHaveTextContent('—')
    expect(shownFor('SSN')).toHaveTextContent('***-**-6789')
    expect(shownFor('Spouse SSN')).toHaveTextContent('—')
    expect(screen.getByText(NO_APPLICATIONS)).toBeInTheDocument()
  })

  it('reveals a sensitive value on request and hides it again', async () => {
    const fetchMock = mockClientsApi(
      stub(revealClientFieldCall, ({ body }) => ({
        body: { field: body.field, value: '123-45-6789' },
      })),
    )
    renderApp(PATH)
    await screen.findByRole('heading', { level: 1, name: 'Maria Gonzalez' })
    fireEvent.click(screen.getByRole('button', { name: 'Reveal SSN' }))
    await waitFor(() => expect(shownFor('SSN')).toHaveTextContent('123-45-6789'))
    expect(requestsTo(fetchMock, 'POST', `/api/clients/${CLIENT_ID}/reveal`).map(({ body }) => body)).toEqual(
      [{ field: 'ssn' }],
    )
    fireEvent.click(screen.getByRole('button', { name: 'Hide SSN' }))
    expect(shownFor('SSN')).toHaveTextContent('***-**-6789')
    expect(shownFor('SSN')).not.toHaveTextContent('123-45-6789')
  })

  it('saves every field but never sends a masked value back', async () => {
    const fetchMock = mockClientsApi(
      stub(updateClientCall, ({ body }) => ({ body: fullClient(body as object) })),
    )
    renderApp(PATH)
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }))
    const form = screen.getByRole('form', { name: 'Edit client' })
    const ssn = within(form).getByLabelText('SSN')
    expect(ssn).toHaveValue('')
    expect(ssn).toHaveAccessibleDescription(`${KEEP_ON_FILE_HINT} (***-**-6789).`)
    expect(within(form).getByLabelText('First name')).toHaveValue('Maria')
    expect(within(form).getByLabelText('Marital status')).toHaveValue('Married')
    fireEvent.change(within(form).getByLabelText('Employer'), { target: { value: 'Acme Freight' } })
    fireEvent.click(within(form).getByLabelText('Smoker'))
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText(CLIENT_UPDATED)).toBeInTheDocument()
    const [put] = requestsTo(fetchMock, 'PUT', `/api/clients/${CLIENT_ID}`)
    expect(put?.body).toMatchObject({
      employer: 'Acme Freight',
      smoker: true,
      middleName: '',
      firstName: 'Maria',
    })
    for (const field of ['ssn', 'spouseSsn', 'driversLicenseNumber', 'mortgageAccount'])
      expect(put?.body).not.toHaveProperty(field)
    expect(JSON.stringify(put?.body)).not.toContain('*')
    expect(await screen.findByRole('button', { name: 'Edit' })).toBeInTheDocument()
  })

  it('sends a sensitive field the user typed, and refuses a malformed one', async () => {
    const fetchMock = mockClientsApi(stub(updateClientCall, { body: fullClient() }))
    renderApp(PATH)
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }))
    const form = screen.getByRole('form', { name: 'Edit client' })
    fireEvent.change(within(form).getByLabelText('SSN'), { target: { value: '12-3' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }))
    expect(await within(form).findByText(CLIENT_MESSAGES.ssnFormat)).toBeInTheDocument()
    fireEvent.change(within(form).getByLabelText('SSN'), { target: { value: '987-65-4321' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(requestsTo(fetchMock, 'PUT', `/api/clients/${CLIENT_ID}`)).toHaveLength(1))
    expect(requestsTo(fetchMock, 'PUT', `/api/clients/${CLIENT_ID}`)[0]?.body).toMatchObject({
      ssn: '987-65-4321',
    })
  })

  it('toasts the update failure with the server message', async () => {
    mockClientsApi(
      stub(updateClientCall, {
        status: 409,
        body: {
          message: CLIENT_MESSAGES.emailTaken,
          errors: [{ path: 'email', message: CLIENT_MESSAGES.emailTaken }],
        },
      }),
    )
    renderApp(PATH)
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText(CLIENT_MESSAGES.updateFailed)).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(CLIENT_MESSAGES.emailTaken)
  })

  it('says so when the client is not on file', async () => {
    mockClientsApi(stub(getClientCall, { status: 404, body: { message: 'Not found' } }))
    renderApp(PATH)
    expect(await screen.findByText(CLIENT_NOT_FOUND)).toBeInTheDocument()
  })
})
