import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createApplicationCall } from '#shared/contracts/applications.contract.ts'
import { APPLICATION_TEXTS } from '#shared/contracts/applications-texts.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { CARRIERS, mockApplicationsApi, sampleApplication } from '../applications.test-support.ts'
import { matchingCountLabel } from './carrier-preview.tsx'
import { button, fillClient, next, queryButton, walkToCarriers, wizardDialog } from './wizard.test-support.ts'

const submitFiltered = (n: number) => APPLICATION_TEXTS.submitFiltered.replace('{n}', String(n))

function postedApplications(fetchMock: ReturnType<typeof mockApplicationsApi>) {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url) === '/api/applications' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)))
}

describe('New Application wizard: step gates', () => {
  it('enables Next only when each step condition holds, and hides Previous and Next at the ends', async () => {
    mockApplicationsApi()
    renderApp('/applications?new=1')
    const dialog = await wizardDialog()
    expect(within(dialog).getByText(/Step 1 of 4: Insurance Type/)).toBeInTheDocument()
    expect(button(dialog, 'Cancel')).toBeEnabled()
    expect(queryButton(dialog, /Previous/)).not.toBeInTheDocument()
    expect(button(dialog, 'Next')).toBeDisabled()

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Auto' }))
    next(dialog)
    expect(button(dialog, 'Next')).toBeDisabled()
    expect(button(dialog, /Previous/)).toBeInTheDocument()
    fillClient(dialog, [
      ['First name', 'Ana'],
      ['Last name', 'Lopez'],
      ['Email', 'ana@example.com'],
    ])
    expect(button(dialog, 'Next')).toBeDisabled()
    fillClient(dialog, [['Phone', '5550102030']])
    expect(button(dialog, 'Next')).toBeEnabled()

    // The four present is enough to enable Next; the rest is checked with the spec's messages.
    fireEvent.click(button(dialog, 'Next'))
    for (const message of [
      APPLICATION_TEXTS.dateOfBirthRequired,
      APPLICATION_TEXTS.ssnRequired,
      APPLICATION_TEXTS.addressRequired,
      APPLICATION_TEXTS.cityRequired,
      APPLICATION_TEXTS.stateRequired,
      APPLICATION_TEXTS.zipRequired,
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument()
    }
    fillClient(dialog)
    next(dialog)
    await within(dialog).findByText('Auto details')
    expect(button(dialog, 'Next')).toBeEnabled()
    next(dialog)
    await within(dialog).findByText('Submission type')
    expect(queryButton(dialog, 'Next')).not.toBeInTheDocument()

    fireEvent.click(within(dialog).getByRole('radio', { name: /Specific carriers/ }))
    const submit = button(dialog, APPLICATION_TEXTS.submitSpecific)
    expect(submit).toBeDisabled()
    fireEvent.change(within(dialog).getByLabelText('Primary carrier'), { target: { value: CARRIERS[0]!.id } })
    expect(submit).toBeEnabled()
  })

  it('clears stored application, form and insurance keys when it opens', async () => {
    mockApplicationsApi()
    localStorage.setItem('applicationDraft', 'x')
    sessionStorage.setItem('insurance-form', 'x')
    localStorage.setItem('theme', 'dark')
    renderApp('/applications?new=1')
    await wizardDialog()
    expect(localStorage.getItem('applicationDraft')).toBeNull()
    expect(sessionStorage.getItem('insurance-form')).toBeNull()
    expect(localStorage.getItem('theme')).toBe('dark')
    localStorage.clear()
  })
})

describe('New Application wizard: carrier selection', () => {
  it('names the submit button for each submission type', async () => {
    mockApplicationsApi()
    renderApp('/applications?new=1')
    const dialog = await wizardDialog()
    await walkToCarriers(dialog)
    expect(await within(dialog).findByRole('button', { name: submitFiltered(1) })).toBeInTheDocument()
    fireEvent.click(within(dialog).getByRole('radio', { name: /All carriers/ }))
    expect(button(dialog, APPLICATION_TEXTS.submitAll)).toBeEnabled()
    expect(within(dialog).getByText(matchingCountLabel(3))).toBeInTheDocument()
    fireEvent.click(within(dialog).getByRole('radio', { name: /Specific carriers/ }))
    expect(button(dialog, APPLICATION_TEXTS.submitSpecific)).toBeInTheDocument()
  })

  it('recounts the matching carriers as a slider moves', async () => {
    mockApplicationsApi()
    renderApp('/applications?new=1')
    const dialog = await wizardDialog()
    await walkToCarriers(dialog)
    expect(await within(dialog).findByText(matchingCountLabel(1))).toBeInTheDocument()
    const price = within(dialog).getByLabelText('Maximum monthly price')
    expect(price).toHaveValue('200')
    fireEvent.change(price, { target: { value: '1000' } })
    expect(within(dialog).getByText('$1000+', { selector: 'output' })).toBeInTheDocument()
    expect(within(dialog).getByText(matchingCountLabel(2))).toBeInTheDocument()
    expect(button(dialog, submitFiltered(2))).toBeEnabled()
    fireEvent.change(within(dialog).getByLabelText('Minimum coverage rating'), { target: { value: '5' } })
    expect(within(dialog).getByText(matchingCountLabel(1))).toBeInTheDocument()
    fireEvent.change(within(dialog).getByLabelText('Minimum consumer confidence'), { target: { value: '5' } })
    expect(within(dialog).getByText(matchingCountLabel(0))).toBeInTheDocument()
    expect(button(dialog, submitFiltered(0))).toBeDisabled()
    expect(within(dialog).getByText(APPLICATION_TEXTS.noMatchingCarriers)).toBeInTheDocument()
  })
})

describe('New Application wizard: submission', () => {
  it('sends the filtered split, toasts, closes and refreshes the list', async () => {
    const fetchMock = mockApplicationsApi(
      stub(createApplicationCall, { status: 201, body: sampleApplication() }),
    )
    renderApp('/applications?new=1')
    const dialog = await wizardDialog()
    await walkToCarriers(dialog)
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'A+' }))
    fireEvent.click(button(dialog, submitFiltered(1)))
    expect(await screen.findByText(APPLICATION_TEXTS.createdTitle)).toBeInTheDocument()
    expect(screen.getByText(APPLICATION_TEXTS.created)).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: APPLICATION_TEXTS.dialogTitle })).toBeNull(),
    )
    const [body] = postedApplications(fetchMock)
    expect(body).toMatchObject({
      clientData: { firstName: 'Ana', lastName: 'Lopez', ssn: '123-45-6789', zipCode: '78701' },
      insuranceType: 'auto',
      isBulkSubmission: true,
      bulkSubmissionType: 'filtered_carriers',
      carrierFilters: {
        maxPrice: 200,
        minCoverageRating: 3,
        minConsumerConfidence: 3.5,
        preferredFinancialStrength: ['A+'],
      },
      applicationData: { autoData: {} },
    })
    expect(body.clientId).toBeUndefined()
    expect(body.carrierId).toBeUndefined()
    const listCalls = fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/applications?'))
    expect(listCalls.length).toBeGreaterThanOrEqual(2)
  })

  it('keeps the plan-limit refusal on screen with a way to upgrade', async () => {
    const message = APPLICATION_TEXTS.planLimit.replace('{plan}', 'Free').replace('{limit}', '5')
    mockApplicationsApi(stub(createApplicationCall, { status: 402, body: { message } }))
    renderApp('/applications?new=1')
    const dialog = await wizardDialog()
    await walkToCarriers(dialog)
    fireEvent.click(within(dialog).getByRole('radio', { name: /All carriers/ }))
    fireEvent.click(button(dialog, APPLICATION_TEXTS.submitAll))
    expect(await within(dialog).findByText(message)).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'View plans and upgrade' })).toHaveAttribute(
      'href',
      '/subscription',
    )
    expect(screen.getAllByText(APPLICATION_TEXTS.createFailed).length).toBeGreaterThan(0)
  })

  it('puts a 400 field message back on its field and step', async () => {
    mockApplicationsApi(
      stub(createApplicationCall, {
        status: 400,
        body: {
          message: 'Invalid input',
          errors: [{ path: 'clientData.email', message: 'Email is taken here' }],
        },
      }),
    )
    renderApp('/applications?new=1')
    const dialog = await wizardDialog()
    await walkToCarriers(dialog)
    fireEvent.click(button(dialog, submitFiltered(1)))
    expect(await within(dialog).findByText('Email is taken here')).toBeInTheDocument()
    expect(within(dialog).getByText(/Step 2 of 4: Client Info/)).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
  })
})
