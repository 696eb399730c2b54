import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  importPoliciesCall,
  listPolicyImportsCall,
  type PolicyImportResult,
} from '#shared/contracts/policy-import.contract.ts'
import { POLICY_IMPORT_TEXTS as T } from '#shared/contracts/policy-import-texts.ts'
import { holdAnswer, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { FIRST_VISIT, mockPoliciesApi } from './policies.test-support.ts'

const RESULT: PolicyImportResult = {
  importId: '00000000-0000-4000-9000-000000000077',
  totalRows: 5,
  imported: 2,
  duplicates: [{ row: 4, policyNumber: 'AUT-9', carrier: 'Amberfield Mutual' }],
  errors: [
    { row: 3, field: 'Annual Premium', message: T.invalidPremium },
    { row: 6, field: 'Line of Business', message: T.invalidLine },
  ],
  warnings: [
    { row: 2, field: 'Producer Email', message: 'No user of your agency has the producer email x@y.z' },
  ],
  clientsCreated: 1,
  carriersCreated: 0,
}

async function openDialog() {
  renderApp('/policies')
  fireEvent.click(await screen.findByRole('button', { name: T.open }, FIRST_VISIT))
  return screen.findByRole('dialog', { name: T.title }, FIRST_VISIT)
}

const book = (name = 'book.csv', text = 'Policy Number\n1') => new File([text], name, { type: 'text/csv' })

describe('Import policies dialog', () => {
  it('sends the chosen file, follows the reading, and shows counts with refused rows by number', async () => {
    const held = holdAnswer(importPoliciesCall)
    const fetchMock = mockPoliciesApi(
      held.stub,
      stub(listPolicyImportsCall, {
        body: {
          data: [
            {
              id: RESULT.importId,
              fileName: 'book.csv',
              status: 'running',
              importedBy: 'Casey Morgan',
              startedAt: new Date().toISOString(),
              finishedAt: null,
              totalRows: null,
              imported: null,
              duplicates: null,
              errors: null,
              failure: null,
              lastRow: 1200,
            },
          ],
        },
      }),
    )
    const dialog = await openDialog()
    expect(within(dialog).getByRole('link', { name: T.templateLink })).toHaveAttribute(
      'href',
      '/api/policies/import/template',
    )
    fireEvent.change(within(dialog).getByLabelText(T.chooseFile), { target: { files: [book()] } })
    expect(await within(dialog).findByText(/Row 1,200 read\./)).toBeInTheDocument()
    const sent = fetchMock.mock.calls.find(([url]) => String(url) === '/api/policies/import')
    expect(sent).toBeDefined()
    expect((sent![1]!.body as FormData).get('file')).toBeInstanceOf(File)
    held.release({ body: RESULT })
    expect(await within(dialog).findByText('Imported 2 of 5 policies.')).toBeInTheDocument()
    const refused = within(dialog).getByRole('list', { name: T.errorsTitle })
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Row 3: ${T.invalidPremium}`, `Row 6: ${T.invalidLine}`])
    expect(within(dialog).getByRole('list', { name: T.duplicatesTitle })).toHaveTextContent(
      'Row 4: AUT-9 (Amberfield Mutual)',
    )
    const stat = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent
    expect([stat('Imported'), stat('Duplicates'), stat('Refused rows')]).toEqual(['2', '1', '2'])
  })

  it('refuses a file of the wrong kind before sending, and shows the server’s field message', async () => {
    const fetchMock = mockPoliciesApi(
      stub(importPoliciesCall, {
        status: 400,
        body: { message: T.noHeader, errors: [{ path: 'file', message: T.noHeader }] },
      }),
    )
    const dialog = await openDialog()
    const input = within(dialog).getByLabelText(T.chooseFile)
    fireEvent.change(input, { target: { files: [book('notes.txt')] } })
    expect(await within(dialog).findByText(T.wrongType)).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/policies/import')).toBe(false)
    fireEvent.change(input, { target: { files: [book()] } })
    expect(await within(dialog).findByText(T.noHeader)).toBeInTheDocument()
    await waitFor(() => expect(within(dialog).getByLabelText(T.chooseFile)).not.toBeDisabled())
  })
})
