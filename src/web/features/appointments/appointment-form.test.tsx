import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  APPOINTMENT_TEXTS,
  createAppointmentCall,
  FORM_FIELD_MESSAGES,
} from '#shared/contracts/appointments.contract.ts'
import {
  getProducerProfileCall,
  type ProducerProfile,
} from '#shared/contracts/appointments-producer-profile.contract.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { PREFILLED_NOTE } from './appointment-form.tsx'
import {
  EMPTY_PROFILE,
  mockAppointmentsApi,
  requestsTo,
  sampleAppointment,
} from './appointments.test-support.ts'

const T = APPOINTMENT_TEXTS
/** Every message of spec §5's table a person can cause (the IP address is not typed). */
const FIELD_MESSAGES = FORM_FIELD_MESSAGES

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
  // By the fields' names: role and label queries compute every accessible name of this long form
  // on each call (~0.5 s each on a busy machine); the accessible names have their own tests above.
  const field = (selector: string) => {
    const element = form.querySelector<HTMLInputElement | HTMLSelectElement>(selector)
    if (!element) throw new Error(`No field ${selector}`)
    return element
  }
  const type = (name: string, value: string) =>
    fireEvent.change(field(`[name="${name}"]`), { target: { value } })
  const tick = (name: string, value?: string) => {
    // By property, not a [value=…] selector: jsdom's selector engine misreads 'Life & Health'.
    const boxes = [...form.querySelectorAll<HTMLInputElement>(`[name="${name}"]`)]
    const box = value === undefined ? boxes[0] : boxes.find((each) => each.value === value)
    if (!box) throw new Error(`No checkbox ${name} ${value ?? ''}`)
    fireEvent.click(box)
  }
  type('fullName', 'Dana Reyes')
  type('npn', '12345678')
  type('email', 'dana@example.com')
  type('phone', '(555) 010-2000')
  tick('stateLicenses', 'TX')
  tick('stateLicenses', 'CA')
  tick('linesOfAuthority', 'Life & Health')
  type('eoInsuranceCarrier', 'Shield E&O')
  type('eoInsuranceAmount', '1000000')
  type('eoExpirationDate', '2027-01-31')
  for (const name of [
    'w9Signed',
    'eoDocumentSigned',
    'voidedCheckSubmitted',
    'termsAccepted',
    'privacyPolicyAccepted',
    'consentToElectronicSignature',
  ])
    tick(name)
  type('eSignature', 'Dana Reyes')
}

describe('Universal Appointment Application', () => {
  it('shows every spec message on an empty submit and sends nothing', async () => {
    const fetchMock = mockAppointmentsApi()
    const form = await openForm()
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Application' }))
    await within(form).findByText(FIELD_MESSAGES[0])
    // One read of the messages shown, not a query per message over this long form.
    const shown = [...form.querySelectorAll('[id$="-error"], [role="alert"], p')].map(
      (each) => each.textContent,
    )
    for (const message of FIELD_MESSAGES) expect(shown).toContain(message)
    expect(form.querySelector('[name="fullName"]')).toHaveAttribute('aria-invalid', 'true')
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
    const details = () => form.querySelector('[name="backgroundDetails"]')
    const felony = form.querySelector<HTMLInputElement>('[name="felonyConviction"]')!
    const disciplinary = form.querySelector<HTMLInputElement>('[name="disciplinaryAction"]')!
    expect(details()).toBeNull()
    fireEvent.click(felony)
    expect(details()).toBeInTheDocument()
    fireEvent.click(disciplinary)
    fireEvent.click(felony)
    expect(details()).toBeInTheDocument()
    fireEvent.click(disciplinary)
    expect(details()).toBeNull()
  })

  it('submits with the location, the user agent and no IP lookup, then opens Required Docs', async () => {
    const getCurrentPosition = stubGeolocation('allow')
    const fetchMock = mockAppointmentsApi(
      stub(createAppointmentCall, { status: 201, body: sampleAppointment() }),
    )
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
    const fetchMock = mockAppointmentsApi(
      stub(createAppointmentCall, { status: 201, body: sampleAppointment() }),
    )
    fillValidApplication(await openForm())
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }))
    expect(await screen.findByText(T.submitted)).toBeInTheDocument()
    expect(requestsTo(fetchMock, 'POST', '/api/appointments')[0]?.body.geoLocation).toBe('')
  })

  it("puts the server's field messages on their fields and toasts the failure", async () => {
    stubGeolocation('deny')
    mockAppointmentsApi(
      stub(createAppointmentCall, {
        status: 400,
        body: { message: 'Invalid input', errors: [{ path: 'npn', message: T.npn }] },
      }),
    )
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
    mockAppointmentsApi(stub(getProducerProfileCall, { body: profile }))
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
