import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  type CarrierConnection,
  CONNECTION_TEXTS,
  getCarrierConnectionCall,
  updateCarrierConnectionCall,
} from '#shared/contracts/carrier-delivery.contract.ts'
import { CARRIERS, mockApplicationsApi } from '#web/features/applications/applications.test-support.ts'
import { type MockAnswer, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { CONNECTION_NOTES } from './carrier-connection.tsx'

const CARRIER = CARRIERS[0]!
const PATH = `/api/carriers/${CARRIER.id}/connection`
const SAVED: CarrierConnection = {
  carrierId: CARRIER.id,
  apiEndpoint: null,
  hasSecret: false,
  webhookUrl: `https://agency.example/api/webhooks/carriers/${CARRIER.id}`,
}

async function openConnection(
  put: (body: unknown) => MockAnswer<typeof updateCarrierConnectionCall>,
  saved: CarrierConnection = SAVED,
) {
  const fetchMock = mockApplicationsApi(
    stub(getCarrierConnectionCall, { body: saved }),
    stub(updateCarrierConnectionCall, ({ body }) => put(body)),
  )
  renderApp('/carriers')
  fireEvent.click(await screen.findByRole('button', { name: `View Details for ${CARRIER.name}` }))
  const dialog = await screen.findByRole('dialog', { name: CARRIER.name })
  await within(dialog).findByLabelText('API endpoint')
  const puts = () =>
    fetchMock.mock.calls
      .filter(([url, init]) => String(url) === PATH && init?.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init?.body)))
  return { dialog, puts }
}

describe('Carrier connection', () => {
  it('shows the webhook address to copy and saves the API endpoint, keeping the secret', async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const connected = { ...SAVED, apiEndpoint: 'https://api.old.example/v1', hasSecret: true }
    const { dialog, puts } = await openConnection(
      (body) => ({ body: { ...connected, apiEndpoint: (body as { apiEndpoint: string }).apiEndpoint } }),
      connected,
    )
    expect(within(dialog).getByLabelText('API endpoint')).toHaveValue(connected.apiEndpoint)
    expect(within(dialog).getByLabelText('Webhook URL')).toHaveValue(SAVED.webhookUrl)
    expect(within(dialog).getByLabelText('Webhook URL')).toHaveAttribute('readonly')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy Webhook URL' }))
    expect(await within(dialog).findByRole('button', { name: 'Copied Webhook URL' })).toBeInTheDocument()
    expect(writeText).toHaveBeenCalledWith(SAVED.webhookUrl)
    fireEvent.change(within(dialog).getByLabelText('API endpoint'), {
      target: { value: ' https://api.cheap.example/v1 ' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Connection saved')).toBeInTheDocument()
    expect(puts()).toEqual([{ apiEndpoint: 'https://api.cheap.example/v1' }])
    expect(within(dialog).getByText(/A shared secret is set/)).toBeInTheDocument()
    expect(within(dialog).queryByLabelText('Shared secret')).toBeNull()
  })

  it("puts the server's refusal under the endpoint", async () => {
    const { dialog } = await openConnection(() => ({
      status: 400,
      body: {
        message: CONNECTION_TEXTS.endpointPrivate,
        errors: [{ path: 'apiEndpoint', message: CONNECTION_TEXTS.endpointPrivate }],
      },
    }))
    const input = within(dialog).getByLabelText('API endpoint')
    fireEvent.change(input, { target: { value: 'https://10.0.0.5/submit' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }))
    expect(await within(dialog).findByText(CONNECTION_TEXTS.endpointPrivate)).toHaveAttribute(
      'id',
      `${input.id}-error`,
    )
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveValue('https://10.0.0.5/submit')
  })

  it('shows a new secret once, right after it is generated, sending only the rotation', async () => {
    const connected = { ...SAVED, apiEndpoint: 'https://api.cheap.example/v1' }
    const { dialog, puts } = await openConnection(
      () => ({ body: { ...connected, hasSecret: true, secret: 'whsec_abc123' } }),
      connected,
    )
    expect(within(dialog).getByText(/No shared secret yet/)).toBeInTheDocument()
    // An unsaved edit of the endpoint is not sent with the rotation.
    fireEvent.change(within(dialog).getByLabelText('API endpoint'), {
      target: { value: 'https://api.typed-not-saved.example' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate new secret' }))
    expect(await within(dialog).findByLabelText('Shared secret')).toHaveValue('whsec_abc123')
    expect(within(dialog).getByText(CONNECTION_NOTES.secretOnce)).toBeInTheDocument()
    expect(within(dialog).getByText(/A shared secret is set/)).toBeInTheDocument()
    expect(puts()).toEqual([{ rotateSecret: true }])

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    fireEvent.click(screen.getByRole('button', { name: `View Details for ${CARRIER.name}` }))
    const reopened = await screen.findByRole('dialog', { name: CARRIER.name })
    expect(await within(reopened).findByText(/A shared secret is set/)).toBeInTheDocument()
    expect(within(reopened).queryByLabelText('Shared secret')).toBeNull()
    expect(screen.queryByDisplayValue('whsec_abc123')).toBeNull()
  })

  it('asks for the endpoint on its field when a secret is generated before any connection', async () => {
    const { dialog, puts } = await openConnection(() => ({
      status: 400,
      body: {
        message: CONNECTION_TEXTS.endpointRequired,
        errors: [{ path: 'apiEndpoint', message: CONNECTION_TEXTS.endpointRequired }],
      },
    }))
    const input = within(dialog).getByLabelText('API endpoint')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate new secret' }))
    expect(await within(dialog).findByText(CONNECTION_TEXTS.endpointRequired)).toHaveAttribute(
      'id',
      `${input.id}-error`,
    )
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).queryByLabelText('Shared secret')).toBeNull()
    expect(puts()).toEqual([{ rotateSecret: true }])
  })
})
