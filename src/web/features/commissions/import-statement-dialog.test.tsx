import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  getStatementCall,
  importStatementCall,
  listStatementsCall,
  previewStatementCall,
  STATEMENT_TEXTS as T,
} from '#shared/contracts/commissions-statements.contract.ts'
import { FIRST_VISIT } from '#web/features/policies/policies.test-support.ts'
import { holdAnswer, type Stub, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { seriousViolations } from './axe.test-support.ts'
import { fill } from './statement-texts.ts'
import {
  mockStatementsApi,
  STATEMENT_CARRIER,
  STATEMENT_ID,
  sampleLine,
  sampleStatement,
} from './statements.test-support.ts'

const PREVIEW = {
  headers: ['Pol #', 'Insured Name', 'Trans', 'Eff Date', 'Premium', 'Comm Amount'],
  sampleRows: [
    ['AB-000123', 'Jane Doe', 'NEW', '03/01/2026', '1200.00', '144.00'],
    ['AB-000124', 'John Roe', 'REN', '03/02/2026', '800.00', '80.00'],
  ],
  suggestedMapping: { policyNumber: 'Pol #', insured: 'Insured Name', commission: 'Comm Amount' },
  mappingSource: 'saved' as const,
  totalRows: 2,
}

const IMPORTED = { ...sampleStatement({ lineCount: 2, matched: 2, exceptions: 0 }), duplicate: false }
const statementFile = () => new File(['Pol #,Comm Amount\nAB-1,1\n'], 'march.csv', { type: 'text/csv' })

function mockImportApi(...handlers: Stub[]) {
  return mockStatementsApi(
    stub(listStatementsCall, { body: { statements: [] } }),
    stub(previewStatementCall, { body: PREVIEW }),
    stub(importStatementCall, { status: 201, body: IMPORTED }),
    stub(getStatementCall, { body: { ...sampleStatement(), lines: [sampleLine(1)] } }),
    ...handlers,
  )
}

async function openDialog() {
  const view = renderApp('/commissions?tab=statements')
  fireEvent.click(await screen.findByRole('button', { name: 'Import statement' }, FIRST_VISIT))
  const dialog = await screen.findByRole('dialog', { name: 'Import a statement' })
  await within(dialog).findByRole('option', { name: STATEMENT_CARRIER.name })
  return { ...view, dialog }
}

/** Chooses the carrier and the file and asks for the columns: the mapping step's heading. */
async function readColumns(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByLabelText('Carrier'), { target: { value: STATEMENT_CARRIER.id } })
  fireEvent.change(within(dialog).getByLabelText('Statement file'), { target: { files: [statementFile()] } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Read the columns' }))
  return within(dialog).findByRole('heading', { name: 'Step 2 of 2: the columns' })
}

function sentForm(fetchMock: ReturnType<typeof mockImportApi>, path: string) {
  const call = fetchMock.mock.calls.find(([url, init]) => String(url) === path && init?.method === 'POST')
  return call?.[1]?.body as FormData | undefined
}

describe('Import statement dialog', () => {
  it('reads the columns, shows the remembered mapping, imports, and opens the statement', async () => {
    const fetchMock = mockImportApi()
    const { dialog, router } = await openDialog()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Read the columns' }))
    expect(await within(dialog).findByText(T.chooseCarrier)).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Statement file')).toHaveAccessibleDescription(T.noFile)
    expect(sentForm(fetchMock, '/api/commissions/statements/preview')).toBeUndefined()

    const heading = await readColumns(dialog)
    expect(heading).toHaveFocus()
    const preview = sentForm(fetchMock, '/api/commissions/statements/preview')!
    expect(preview.get('carrierId')).toBe(STATEMENT_CARRIER.id)
    expect((preview.get('file') as File).name).toBe('march.csv')
    expect(within(dialog).getByText('Columns remembered')).toBeInTheDocument()
    const sample = within(dialog).getByRole('table', { name: 'The file’s first rows' })
    expect(within(sample).getAllByRole('row')[1]).toHaveTextContent(
      'AB-000123Jane DoeNEW03/01/20261200.00144.00',
    )
    expect(within(dialog).getByLabelText('Policy number')).toHaveValue('Pol #')
    expect(within(dialog).getByLabelText('Commission')).toHaveValue('Comm Amount')
    expect(within(dialog).getByLabelText('Commission')).toHaveAccessibleDescription('First row: 144.00')
    expect(within(dialog).getByLabelText('Premium')).toHaveValue('')

    fireEvent.change(within(dialog).getByLabelText('Commission'), { target: { value: '' } })
    fireEvent.change(within(dialog).getByLabelText('Stated total (optional)'), {
      target: { value: '12.345' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }))
    expect(await within(dialog).findByText(T.commissionColumnMissing)).toBeInTheDocument()
    expect(within(dialog).getByText(T.statedTotalInvalid)).toBeInTheDocument()
    expect(sentForm(fetchMock, '/api/commissions/statements')).toBeUndefined()

    fireEvent.change(within(dialog).getByLabelText('Commission'), { target: { value: 'Comm Amount' } })
    fireEvent.change(within(dialog).getByLabelText('Premium'), { target: { value: 'Premium' } })
    fireEvent.change(within(dialog).getByLabelText('Stated total (optional)'), {
      target: { value: '$1,234.50' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }))
    expect(await screen.findByText(T.imported)).toBeInTheDocument()
    const sent = sentForm(fetchMock, '/api/commissions/statements')!
    expect(sent.get('carrierId')).toBe(STATEMENT_CARRIER.id)
    expect(JSON.parse(String(sent.get('mapping')))).toEqual({
      policyNumber: 'Pol #',
      insured: 'Insured Name',
      premium: 'Premium',
      commission: 'Comm Amount',
    })
    expect(sent.get('statedTotal')).toBe('1234.50')
    expect((sent.get('file') as File).name).toBe('march.csv')
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/commissions/statements/${STATEMENT_ID}`),
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('asks for the one identity column when neither the policy number nor the insured is chosen', async () => {
    mockImportApi(
      stub(previewStatementCall, { body: { ...PREVIEW, suggestedMapping: {}, mappingSource: 'headers' } }),
    )
    const { dialog } = await openDialog()
    await readColumns(dialog)
    expect(within(dialog).queryByText('Columns remembered')).toBeNull()
    fireEvent.change(within(dialog).getByLabelText('Commission'), { target: { value: 'Comm Amount' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }))
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Policy number')).toHaveAccessibleDescription(
        T.identityColumnMissing,
      ),
    )
  })

  it('shows a refused file’s row and reason in the dialog, and lets the person fix the columns', async () => {
    const refusal = fill(T.amountInvalid, { row: 7, column: 'Comm Amount' })
    const held = holdAnswer(importStatementCall)
    mockImportApi(held.stub)
    const { dialog } = await openDialog()
    await readColumns(dialog)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }))
    expect(await within(dialog).findByRole('button', { name: 'Importing...' })).toBeDisabled()
    held.release({ status: 400, body: { message: refusal, errors: [{ path: 'file', message: refusal }] } })
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Row 7: “Comm Amount” is not an amount',
    )
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeEnabled()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }))
    expect(await within(dialog).findByLabelText('Carrier')).toHaveValue(STATEMENT_CARRIER.id)
    expect(within(dialog).getByText(/march\.csv/)).toBeInTheDocument()
  })

  it('shows a file the preview refuses with its row', async () => {
    const refusal = fill(T.nulByte, { row: 3 })
    mockImportApi(
      stub(previewStatementCall, {
        status: 400,
        body: { message: refusal, errors: [{ path: 'file', message: refusal }] },
      }),
    )
    const { dialog } = await openDialog()
    fireEvent.change(within(dialog).getByLabelText('Carrier'), { target: { value: STATEMENT_CARRIER.id } })
    fireEvent.change(within(dialog).getByLabelText('Statement file'), {
      target: { files: [statementFile()] },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Read the columns' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Row 3: the file holds a NUL byte')
    fireEvent.change(within(dialog).getByLabelText('Statement file'), {
      target: { files: [statementFile()] },
    })
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull())
  })

  it('says when the statement was imported before', async () => {
    mockImportApi(stub(importStatementCall, { status: 201, body: { ...IMPORTED, duplicate: true } }))
    const { dialog } = await openDialog()
    await readColumns(dialog)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }))
    expect(await screen.findByText(T.alreadyImported)).toBeInTheDocument()
  })

  it('has no serious or critical axe violations in either step', async () => {
    mockImportApi()
    const { dialog } = await openDialog()
    expect(await seriousViolations(dialog)).toEqual([])
    await readColumns(dialog)
    expect(await seriousViolations(dialog)).toEqual([])
  })
})
