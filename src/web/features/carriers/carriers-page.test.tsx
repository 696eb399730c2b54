import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  CARRIER_TEXTS,
  createCarrierCall,
  listCarriersCall,
  setCarrierActiveCall,
} from '#shared/contracts/carriers.contract.ts'
import {
  CARRIERS,
  mockApplicationsApi,
  sampleCarrier,
} from '#web/features/applications/applications.test-support.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Carriers' }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)

async function openAddCarrier() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add Carrier' }))
  return screen.findByRole('dialog', { name: 'Add Carrier' })
}

describe('Carriers page', () => {
  it('counts carriers in total and per type', async () => {
    mockApplicationsApi()
    renderApp('/carriers')
    expect(await screen.findByText(CARRIER_TEXTS.subtitle)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByTestId('carrier-count-all')).toHaveTextContent('5'))
    expect(screen.getByTestId('carrier-count-auto')).toHaveTextContent('4')
    expect(screen.getByTestId('carrier-count-property')).toHaveTextContent('1')
    expect(screen.getByTestId('carrier-count-life')).toHaveTextContent('1')
    expect(screen.getByTestId('carrier-count-healthcare')).toHaveTextContent('0')
  })

  it('searches name or code case-insensitively, combined with the type buttons', async () => {
    mockApplicationsApi()
    renderApp('/carriers')
    await screen.findByText('Cheap Mutual')
    const search = screen.getByPlaceholderText(CARRIER_TEXTS.searchPlaceholder)
    fireEvent.change(search, { target: { value: 'pricey' } })
    expect(cardNames()).toEqual(['Pricey Casualty'])
    fireEvent.change(search, { target: { value: 'life' } })
    expect(cardNames()).toEqual(['Dormant Life', 'Life Only'])
    fireEvent.click(screen.getByRole('button', { name: 'Life', pressed: false }))
    expect(cardNames()).toEqual(['Life Only'])
    fireEvent.click(screen.getByRole('button', { name: 'Healthcare' }))
    expect(screen.getByText(CARRIER_TEXTS.empty)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'All Types' }))
    fireEvent.change(search, { target: { value: 'cHeAp' } })
    expect(cardNames()).toEqual(['Cheap Mutual'])
  })

  it('shows three states then +N more, and the active badge', async () => {
    mockApplicationsApi(
      stub(listCarriersCall, {
        body: { data: [sampleCarrier({ name: 'Wide Reach', states: ['AZ', 'CA', 'NV', 'OR', 'WA'] })] },
      }),
    )
    renderApp('/carriers')
    await screen.findByText('Wide Reach')
    expect(screen.getByText('+2 more')).toBeInTheDocument()
    expect(screen.queryByText('OR')).not.toBeInTheDocument()
    expect(screen.getByText('Active')).toBeInTheDocument()
  })

  it('opens details with the integrations and the default ratings', async () => {
    mockApplicationsApi(
      stub(listCarriersCall, {
        body: {
          data: [
            sampleCarrier({
              name: 'Plain Co',
              financialStrength: null,
              consumerConfidenceScore: null,
              contactEmail: 'a@b.co',
            }),
          ],
        },
      }),
    )
    renderApp('/carriers')
    fireEvent.click(await screen.findByRole('button', { name: 'View Details for Plain Co' }))
    const dialog = await screen.findByRole('dialog', { name: 'Plain Co' })
    for (const integration of CARRIER_TEXTS.integrations)
      expect(within(dialog).getByText(integration)).toBeInTheDocument()
    expect(within(dialog).getAllByText('Available')).toHaveLength(3)
    expect(within(dialog).getByText(CARRIER_TEXTS.defaultFinancialStrength)).toBeInTheDocument()
    expect(within(dialog).getByText('4.2 out of 5.0')).toBeInTheDocument()
    expect(within(dialog).getByText('a@b.co')).toBeInTheDocument()
  })

  it('switches a carrier off for the agency', async () => {
    const fetchMock = mockApplicationsApi(
      stub(setCarrierActiveCall, ({ body }) => ({
        body: { ...CARRIERS[0]!, ...body },
      })),
    )
    renderApp('/carriers')
    const toggle = await screen.findByRole('switch', { name: 'Cheap Mutual active for your agency' })
    fireEvent.click(toggle)
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'))
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ isActive: false })
  })
})

describe('Add Carrier dialog', () => {
  it('refuses no insurance type with the Validation Error toast', async () => {
    const fetchMock = mockApplicationsApi()
    renderApp('/carriers')
    const dialog = await openAddCarrier()
    fireEvent.change(within(dialog).getByLabelText('Carrier name'), { target: { value: 'New Co' } })
    fireEvent.change(within(dialog).getByLabelText('Carrier code'), { target: { value: 'nc-1' } })
    expect(within(dialog).getByLabelText('Carrier code')).toHaveValue('NC-1')
    fireEvent.change(within(dialog).getByLabelText('Primary state'), { target: { value: 'TX' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Carrier' }))
    expect(await screen.findByText(CARRIER_TEXTS.validationTitle)).toBeInTheDocument()
    expect(screen.getAllByText(CARRIER_TEXTS.typeRequired).length).toBeGreaterThan(0)
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })

  it('adds a carrier, toasts, closes and resets', async () => {
    const created = sampleCarrier({ name: 'New Co', code: 'NC-1' })
    const fetchMock = mockApplicationsApi(stub(createCarrierCall, { status: 201, body: created }))
    renderApp('/carriers')
    let dialog = await openAddCarrier()
    fireEvent.change(within(dialog).getByLabelText('Carrier name'), { target: { value: 'New Co' } })
    fireEvent.change(within(dialog).getByLabelText('Carrier code'), { target: { value: 'nc-1' } })
    fireEvent.change(within(dialog).getByLabelText('Primary state'), { target: { value: 'TX' } })
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Auto' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Carrier' }))
    expect(await screen.findByText(CARRIER_TEXTS.added)).toBeInTheDocument()
    expect(screen.getByText(CARRIER_TEXTS.addedTitle)).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Carrier' })).toBeNull())
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      name: 'New Co',
      code: 'NC-1',
      state: 'TX',
      states: ['TX'],
      supportedTypes: ['auto'],
      submissionMethod: 'api',
      isActive: true,
    })
    dialog = await openAddCarrier()
    expect(within(dialog).getByLabelText('Carrier name')).toHaveValue('')
  })

  it("shows the server's message for a duplicate code", async () => {
    mockApplicationsApi(stub(createCarrierCall, { status: 409, body: { message: CARRIER_TEXTS.codeTaken } }))
    renderApp('/carriers')
    const dialog = await openAddCarrier()
    fireEvent.change(within(dialog).getByLabelText('Carrier name'), { target: { value: 'Dup' } })
    fireEvent.change(within(dialog).getByLabelText('Carrier code'), { target: { value: 'CHEAP' } })
    fireEvent.change(within(dialog).getByLabelText('Primary state'), { target: { value: 'CA' } })
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Life' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Carrier' }))
    expect(await screen.findByText(CARRIER_TEXTS.codeTaken)).toBeInTheDocument()
    expect(screen.getByText(CARRIER_TEXTS.addFailedTitle)).toBeInTheDocument()
  })
})
