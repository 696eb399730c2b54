import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  FORM_SUGGESTION_TEXTS,
  type FormSuggestion,
  generateFormSuggestionsCall,
  updateFormSuggestionCall,
} from '#shared/contracts/form-suggestions.contract.ts'
import { createQueryClient } from '#web/lib/query-client.ts'
import { getCurrentToast } from '#web/lib/toast-store.ts'
import { mockApi, stub } from '#web/testing/mock-api.ts'
import { FormSuggestionsPanel } from './form-suggestions-panel.tsx'

const suggestion = (fieldName: string, suggestedValue: string, confidence: number): FormSuggestion => ({
  id: `00000000-0000-4000-8000-${String(Math.round(confidence * 100)).padStart(12, '0')}`,
  formType: 'application',
  fieldName,
  suggestedValue,
  confidence,
  basedOn: 'a rule',
  isAccepted: false,
  createdAt: '2025-06-01T00:00:00.000Z',
})

const AUTO = 'applicationData.autoData'
const FIELDS = [
  `${AUTO}.vehicleYear`,
  `${AUTO}.vehicleMake`,
  `${AUTO}.coverageType`,
  `${AUTO}.liabilityLimit`,
]

function setup(values: Record<string, unknown>, announce = false) {
  const fetchMock = mockApi(
    stub(generateFormSuggestionsCall, {
      body: {
        message: 'Form suggestions generated!',
        notes: [],
        suggestions: [
          suggestion(`${AUTO}.vehicleMake`, 'Honda', 0.95),
          suggestion(`${AUTO}.vehicleYear`, '2003', 0.9),
          suggestion(`${AUTO}.coverageType`, 'Liability only', 0.7),
          suggestion(`${AUTO}.liabilityLimit`, '100/300/100', 0.5),
        ],
      },
    }),
    stub(updateFormSuggestionCall, {
      body: { ...suggestion(`${AUTO}.vehicleMake`, 'Honda', 0.95), isAccepted: true },
    }),
  )
  const fill = vi.fn()
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FormSuggestionsPanel
        formType="application"
        fieldNames={FIELDS}
        values={values}
        fill={fill}
        announce={announce}
      />
    </QueryClientProvider>,
  )
  return { fetchMock, fill }
}

describe('form suggestions', () => {
  it('shows at most three, best first, and sends only the fields they come from', async () => {
    const { fetchMock } = setup({
      applicationData: { autoData: { vehicleVin: '1HGCM82633A004352', vehicleModel: 'Accord' } },
      clientData: { ssn: '123-45-6789' },
    })
    const region = await screen.findByRole('region', { name: 'Suggestions' })
    const items = within(region).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Vehicle make: Honda (95% sure)'),
      expect.stringContaining('Vehicle year: 2003 (90% sure)'),
      expect.stringContaining('Coverage type: Liability only (70% sure)'),
    ])
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))
    expect(body).toEqual({
      formType: 'application',
      formData: { 'applicationData.autoData.vehicleVin': '1HGCM82633A004352' },
    })
  })

  it('fills the field and keeps the acceptance', async () => {
    const { fetchMock, fill } = setup({ applicationData: { autoData: { vehicleVin: '1HGCM82633A004352' } } })
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Vehicle make: Honda' }))
    expect(fill).toHaveBeenCalledWith(`${AUTO}.vehicleMake`, 'Honda')
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([, init]) => init?.method === 'PATCH' && init.body === '{"isAccepted":true}',
        ),
      ).toBe(true),
    )
  })

  it('drops a suggestion the field already holds, letting the next one show', async () => {
    setup({ applicationData: { autoData: { vehicleVin: '1HGCM82633A004352', vehicleMake: 'honda' } } })
    await screen.findByRole('button', { name: 'Accept Vehicle year: 2003' })
    expect(screen.queryByRole('button', { name: 'Accept Vehicle make: Honda' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Accept Liability limit: 100/300/100' })).toBeInTheDocument()
  })

  it('says “Form suggestions generated!” when the assistant shows them, and only then', async () => {
    setup({ applicationData: { autoData: { vehicleVin: '1HGCM82633A004352' } } })
    await screen.findByRole('region', { name: 'Suggestions' })
    expect(getCurrentToast()).toBeNull()
    cleanup()
    setup({ applicationData: { autoData: { vehicleVin: '1HGCM82633A004352' } } }, true)
    await waitFor(() => expect(getCurrentToast()?.title).toBe(FORM_SUGGESTION_TEXTS.generated))
  })
})
