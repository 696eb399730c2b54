import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { APPOINTMENT_TEXTS, type ProducerProfile } from '#shared/contracts/appointments.contract.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { PREFILLED_NOTE } from './appointment-form.tsx'
import {
  EMPTY_PROFILE,
  mockAppointmentsApi,
  requestsTo,
  sampleAppointment,
} from './appointments-test-data.ts'

const T = APPOINTMENT_TEXTS
/** Every message of spec §5's table a person can cause (the IP address is not typed). */
const FIELD_MESSAGES = [
  T.fullName,
  T.npn,
  T.email,
  T.phone,
  T.stateLicenses,
  T.linesOfAuthority,
  T.eoInsuranceCarrier,
  T.eoInsuranceAmount,
  T.eoExpirationDate,
  T.w9Signed,
  T.eoDocumentSigned,
  T.voidedCheckSubmitted,
  T.eSignature,
  T.termsAccepted,
  T.privacyPolicyAccepted,
  T.consentToElectronicSignature,
]

async function openForm() {
  renderApp('/appointments')
  return screen.findByRole('form', { name: T.tabNew })
}

function stubGeolocation(answer: 'allow' | 'deny') {
  const getCurrentPosition = vi.fn(
    (ok: PositionCallback, fail: PositionErrorCallback, _options?: PositionOptions) => {
      if (answer === 'allow')
        ok({ coords: { latitude: 30.2672, longitude: -97.7431 } } as GeolocationPosition)
      else fail({ code: 1 } as GeolocationPositionError)
    },
  )
  vi.stubGlobal('navigator', {
    ...navigator,
    userAgent: 'TestBrowser/1.0',
    geolocation: { getCurrentPosition },
  })
  return getCurrentPosition
}

function fillValidApplication(form: HTMLElement) {
  // Role queries: label queries over this long form take ~0.4 s each on a busy machine.
  const type = (name: string, value: string) =>
    fireEvent.change(within(form).getByRole('textbox', { name }), { target: { value } })
  const tick = (name: string | RegExp) => fireEvent.click(within(form).getByRole('checkbox', { name }))
  type('Full name', 'Dana Reyes')
  type('NPN (National Producer Number)', '12345678')
  type('Email', 'dana@example.com')
  type('Phone', '(555) 010-2000')
  for (const name of ['TX (Texas)', 'CA (California)', 'Life & Health']) tick(name)
  type('E&O insurance carrier', 'Shield E&O')
  fireEvent.change(within(form).getByRole('combobox', { name: 'E&O amount' }), {
    target: { value: '1000000' },
  })
  fireEvent.change(form.querySelector('input[type="date"]')!, { target: { value: '2027-01-31' } })
  for (const name of [
    /signed the W-9/,
    /signed the E&O/,
    /voided check/,
    /terms of use/,
    /privacy/,
    /sign electronically/,
  ])
    tick(name)
  type('Electronic signature (type your full name)', 'Dana Reyes')
}

describe('Universal Appointment Application', () => {
  it('shows every spec message on an empty submit and sends nothing', async () => {
    const fetchMock = mockAppointmentsApi()
    const form = await openForm()
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Application' }))
    for (const message of FIELD_MESSAGES) expect(await within(form).findByText(message)).toBeInTheDocument()
    expect(within(form).getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true')
    expect(within(form).getByRole('checkbox', { name: /signed the W-9/ })).toHaveAccessibleDescription(
      T.w9Signed,
    )
    expect(requestsTo(fetchMock, 'POST', '/api/appointments')).toHaveLength(0)
  })

  it('offers the 50 states, the eight lines and the five amounts in dollars', async () => {
    mockAppointmentsApi()
    const form = await openForm()
    const states = within(form).getByRole('group', { name: /State licenses/ })
    expect(within(states).getAllByRole('checkbox')).toHaveLength(50)
    expect(within(states).queryByRole('checkbox', { name: /DC/ })).toBeNull()
    expect(
      within(within(form).getByRole('group', { name: /Lines of authority/ })).getAllByRole('checkbox'),
    ).toHaveLength(8)
    const amounts = within(within(form).getByLabelText('E&O amount')).getAllByRole('option')
    expect(amounts.map((option) => option.textContent)).toEqual([
      'Select an amount',
      '$100,000',
      '$250,000',
      '$500,000',
      '$1,000,000',
      '$2,000,000',
    ])
  })

  it('shows the background details box while felony or disciplinary is checked', async () => {
    mockAppointmentsApi()
    const form = await openForm()
    const details = () => within(form).queryByLabelText('Background details')
    expect(details()).toBeNull()
    fireEvent.click(within(form).getByRole('checkbox', { name: /felony/ }))
    expect(details()).toBeInTheDocument()
    fireEvent.click(within(form).getByRole('checkbox', { name: /disciplinary/ }))
    fireEvent.click(within(form).getByRole('checkbox', { name: /felony/ }))
    expect(details()).toBeInTheDocument()
    fireEvent.click(within(form).getByRole('checkbox', { name: /disciplinary/ }))
    expect(details()).toBeNull()
  })

  it('submits with the location, the user agent and no IP lookup, then opens Required Docs', async () => {
    const getCurrentPosition = stubGeolocation('allow')
    const fetchMock = mockAppointmentsApi({
      'POST /api/appointments': { status: 201, body: sampleAppointment() },
    })
    const { router } = renderApp('/appointments')
    const form = await screen.findByRole('form', { name: T.tabNew })
    fillValidApplication(form)
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Application' }))
    expect(await screen.findByText(T.submitted)).toBeInTheDocument()
    const [sent] = requestsTo(fetchMock, 'POST', '/api/appointments')
    expect(sent?.body).toMatchObject({
      fullName: 'Dana Reyes',
      npn: '12345678',
      stateLicenses: ['CA', 'TX'],
      linesOfAuthority: ['Life & Health'],
      eoInsuranceAmount: 1000000,
      eoExpirationDate: '2027-01-31',
      w9Signed: true,
      termsAccepted: true,
      termsVersion: '1.0',
      ipAddress: 'unknown',
      userAgent: 'TestBrowser/1.0',
      geoLocation: '30.267200,-97.743100',
      backgroundDetails: '',
    })
    expect(getCurrentPosition.mock.calls[0]?.[2]).toMatchObject({ timeout: 5000 })
    // Only our own server was asked: no third-party IP service.
    expect(fetchMock.mock.calls.every(([url]) => String(url).startsWith('/api/'))).toBe(true)
    await waitFor(() => expect(router.state.location.search).toBe('?tab=documents'))
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: T.tabDocuments })).toHaveAttribute('aria-selected', 'true'),
    )
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', '/api/appointments/profile')).toHaveLength(2))
    // The form (now in a hidden tab, so read by id) starts over from what was sent, signed again.
    const byId = (id: string) => form.querySelector<HTMLInputElement>(`#appointment-${id}`)
    expect(byId('npn')).toHaveValue('12345678')
    expect(byId('stateLicenses-TX')).toBeChecked()
    expect(byId('termsAccepted')).not.toBeChecked()
    expect(byId('eSignature')).toHaveValue('')
  })

  it('submits with an empty location when geolocation is refused', async () => {
    stubGeolocation('deny')
    const fetchMock = mockAppointmentsApi({
      'POST /api/appointments': { status: 201, body: sampleAppointment() },
    })
    fillValidApplication(await openForm())
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }))
    expect(await screen.findByText(T.submitted)).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'POST', '/api/appointments')[0]?.body.geoLocation).toBe('')
  })

  it("puts the server's field messages on their fields and toasts the failure", async () => {
    stubGeolocation('deny')
    mockAppointmentsApi({
      'POST /api/appointments': {
        status: 400,
        body: { message: 'Invalid input', errors: [{ path: 'npn', message: T.npn }] },
      },
    })
    const form = await openForm()
    fillValidApplication(form)
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Application' }))
    expect(await screen.findByText(T.submitFailed)).toBeInTheDocument()
    expect(within(form).getByLabelText('NPN (National Producer Number)')).toHaveAccessibleDescription(T.npn)
  })

  it('starts prefilled from the producer profile, without the signature or consents', async () => {
    const profile: ProducerProfile = {
      ...EMPTY_PROFILE,
      prefill: {
        fullName: 'Dana Reyes',
        npn: '87654321',
        email: 'dana@example.com',
        phone: '555-010-2000',
        stateLicenses: ['NY'],
        linesOfAuthority: ['Auto Insurance'],
        eoInsuranceCarrier: 'Shield E&O',
        eoInsuranceAmount: 250000,
        eoExpirationDate: '2027-01-31',
        agencyAffiliation: 'Reyes Insurance',
        agencyCode: 'RI-1',
      },
    }
    mockAppointmentsApi({ 'GET /api/appointments/profile': { body: profile } })
    const form = await openForm()
    expect(within(form).getByText(PREFILLED_NOTE)).toBeInTheDocument()
    expect(within(form).getByLabelText('NPN (National Producer Number)')).toHaveValue('87654321')
    expect(within(form).getByRole('checkbox', { name: 'NY (New York)' })).toBeChecked()
    expect(within(form).getByRole('checkbox', { name: 'Auto Insurance' })).toBeChecked()
    expect(within(form).getByLabelText('E&O amount')).toHaveValue('250000')
    expect(within(form).getByLabelText('Electronic signature (type your full name)')).toHaveValue('')
    expect(within(form).getByRole('checkbox', { name: /terms of use/ })).not.toBeChecked()
  })
})
