import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import {
  IMPORT_MAX_BYTES,
  IMPORT_TEXTS,
  type ImportRecord,
  type ImportResult,
  importClientsCall,
  listImportsCall,
} from '#shared/contracts/client-import.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { queryKeys } from '#web/lib/query-keys.ts'
import { mockApi, SAMPLE_USER, type Stub, stub, stubFile } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { TOO_MANY_FILES } from './check-import-files.ts'

const RESULT: ImportResult = {
  success: true,
  totalRows: 3,
  successCount: 2,
  imported: ['Ana Silva <ana@example.com>', 'Omar Haddad <omar@example.com>'],
  duplicates: ['Row 4: maria@example.com'],
  errors: [],
}

const RECORD = {
  importedBy: 'Jane Agent',
  startedAt: '2025-01-05T12:00:00.000Z',
  finishedAt: '2025-01-05T12:00:04.000Z',
  failure: null,
  lastRow: null,
}
const HISTORY: ImportRecord[] = [
  {
    ...RECORD,
    id: 'i3',
    fileName: 'book.xls',
    status: 'interrupted',
    totalRows: null,
    imported: null,
    duplicates: null,
    errors: null,
    lastRow: 18_001,
  },
  {
    ...RECORD,
    id: 'i2',
    fileName: 'notes.txt',
    status: 'failed',
    totalRows: null,
    imported: null,
    duplicates: null,
    errors: null,
    failure: IMPORT_TEXTS.wrongType,
  },
  {
    ...RECORD,
    id: 'i1',
    fileName: 'clients.csv',
    status: 'completed',
    totalRows: 1200,
    imported: 1150,
    duplicates: 40,
    errors: 10,
  },
]

function mockImportApi(...handlers: Stub[]) {
  return mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(listImportsCall, { body: { data: HISTORY } }),
    ...handlers,
  )
}

function fileOf(name: string, size = 20): File {
  const file = new File(['First Name,Last Name,Email,Phone\n'], name)
  Object.defineProperty(file, 'size', { value: size })
  return file
}

const toast = () => document.querySelector('[data-toast]')

async function chooseFile(file: File) {
  fireEvent.change(await screen.findByLabelText('Choose a file to import'), { target: { files: [file] } })
}

describe('Client Import page', () => {
  it('lists recent imports with who, when, figures and how each ended', async () => {
    mockImportApi()
    renderApp('/client-import')
    const list = await screen.findByRole('list', { name: IMPORT_TEXTS.recentTitle })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((item) => item.querySelector('span')?.textContent)).toEqual([
      'book.xls',
      'notes.txt',
      'clients.csv',
    ])
    expect(items[0]).toHaveTextContent('Interrupted')
    expect(items[0]).toHaveTextContent('The server stopped after reading row 18,001.')
    expect(items[1]).toHaveTextContent('Failed')
    expect(items[1]).toHaveTextContent(IMPORT_TEXTS.wrongType)
    expect(items[2]).toHaveTextContent('Completed')
    expect(items[2]).toHaveTextContent('1,200 rows · 1,150 imported · 40 duplicates · 10 errors')
    expect(items[2]).toHaveTextContent('Jane Agent')
  })

  it('says so when the agency has imported nothing yet', async () => {
    mockImportApi(stub(listImportsCall, { body: { data: [] } }))
    renderApp('/client-import')
    expect(await screen.findByText(IMPORT_TEXTS.recentEmpty)).toBeInTheDocument()
  })

  it('explains the steps and offers two tabs that arrow keys move between', async () => {
    mockImportApi()
    renderApp('/client-import')
    expect(await screen.findByRole('heading', { level: 1, name: IMPORT_TEXTS.heading })).toBeInTheDocument()
    expect(screen.getByText('Getting Started')).toBeInTheDocument()
    expect(
      screen.getAllByRole('listitem').filter((item) => /^Step \d/.test(item.textContent ?? '')),
    ).toHaveLength(3)
    const upload = screen.getByRole('tab', { name: IMPORT_TEXTS.uploadTab })
    const template = screen.getByRole('tab', { name: IMPORT_TEXTS.templateTab })
    expect(upload).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel', { name: IMPORT_TEXTS.uploadTab })).toHaveTextContent(
      IMPORT_TEXTS.sizeHint,
    )
    upload.focus()
    fireEvent.keyDown(upload, { key: 'ArrowRight' })
    expect(template).toHaveFocus()
    expect(template).toHaveAttribute('aria-selected', 'true')
    expect(template).toHaveAttribute('tabindex', '0')
    expect(upload).toHaveAttribute('tabindex', '-1')
    expect(screen.getByRole('tabpanel', { name: IMPORT_TEXTS.templateTab })).toBeVisible()
    fireEvent.keyDown(template, { key: 'ArrowRight' })
    expect(upload).toHaveFocus()
  })

  it.each([
    ['a text file', [fileOf('clients.txt')], IMPORT_TEXTS.wrongType],
    ['a file over 10 MB', [fileOf('big.csv', IMPORT_MAX_BYTES + 1)], IMPORT_TEXTS.tooLarge],
  ])('refuses %s in the browser', async (_case, files, message) => {
    const fetchMock = mockImportApi()
    renderApp('/client-import')
    await chooseFile(files[0]!)
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/clients/import')).toBe(false)
  })

  it('refuses a drop of two files', async () => {
    mockImportApi()
    renderApp('/client-import')
    const zone = await screen.findByTestId('import-drop-zone')
    fireEvent.drop(zone, { dataTransfer: { files: [fileOf('a.csv'), fileOf('b.csv')] } })
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY_FILES)
  })

  it('imports a file, shows the results, toasts and refreshes the clients queries', async () => {
    const fetchMock = mockImportApi(stub(importClientsCall, { body: RESULT }))
    const { queryClient } = renderApp('/client-import')
    queryClient.setQueryData(queryKeys.clients.summary, { total: 1, active: 1, newThisMonth: 0 })
    await chooseFile(fileOf('clients.csv'))
    expect(await screen.findByText('Successfully imported 2 out of 3 clients.')).toBeInTheDocument()
    expect(screen.getByText(IMPORT_TEXTS.completeTitle)).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    )
    expect(screen.getByText('Success Rate').nextSibling).toHaveTextContent('67%')
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/clients/import')!
    expect((init!.body as FormData).get('file')).toBeInstanceOf(File)
    expect(queryClient.getQueryState(queryKeys.clients.summary)?.isInvalidated).toBe(true)
  })

  it.each([
    ['the server message', { status: 413, body: { message: IMPORT_TEXTS.tooLarge } }, IMPORT_TEXTS.tooLarge],
    [
      'the server message',
      { status: 415, body: { message: IMPORT_TEXTS.wrongType } },
      IMPORT_TEXTS.wrongType,
    ],
    [
      "'Import failed' for an unsuccessful answer",
      { body: { ...RESULT, success: false } },
      IMPORT_TEXTS.failedNoSuccess,
    ],
  ])('toasts Import Failed with %s', async (_case, answer, description) => {
    mockImportApi(stub(importClientsCall, answer))
    renderApp('/client-import')
    await chooseFile(fileOf('clients.csv'))
    await waitFor(() => expect(toast()).toHaveTextContent(IMPORT_TEXTS.failedTitle))
    expect(toast()).toHaveTextContent(description)
  })

  it('says An error occurred during import when the request never gets an answer', async () => {
    const fetchMock = mockImportApi()
    renderApp('/client-import')
    const input = await screen.findByLabelText('Choose a file to import')
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    fireEvent.change(input, { target: { files: [fileOf('clients.csv')] } })
    expect(await screen.findByText(IMPORT_TEXTS.failed)).toBeInTheDocument()
  })

  it('downloads each template under its spec name, and says when it fails', async () => {
    mockImportApi(
      stubFile('GET', '/api/clients/import/template', { body: 'First Name,Last Name,Email,Phone' }),
    )
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:template', revokeObjectURL: () => {} }),
    )
    const names: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    renderApp('/client-import')
    fireEvent.click(await screen.findByRole('tab', { name: IMPORT_TEXTS.templateTab }))
    const panel = screen.getByRole('tabpanel', { name: IMPORT_TEXTS.templateTab })
    fireEvent.click(within(panel).getByRole('button', { name: /CSV/ }))
    expect(await screen.findByText(IMPORT_TEXTS.templateDownloaded)).toBeInTheDocument()
    fireEvent.click(within(panel).getByRole('button', { name: /Excel/ }))
    await waitFor(() => expect(names).toEqual(['client-import-template.csv', 'client-import-template.xlsx']))

    mockImportApi(stubFile('GET', '/api/clients/import/template', { status: 500, body: { message: 'Boom' } }))
    fireEvent.click(within(panel).getByRole('button', { name: /CSV/ }))
    expect(await screen.findByText(IMPORT_TEXTS.downloadFailedTitle)).toBeInTheDocument()
    expect(screen.getByText(IMPORT_TEXTS.downloadFailed)).toBeInTheDocument()
  })
})
