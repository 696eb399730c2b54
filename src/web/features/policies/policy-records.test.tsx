import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import {
  POLICY_HISTORY_TEXTS,
  policyHistoryCall,
} from '#shared/contracts/compliance-policy-history.contract.ts'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import { getPolicyCall, reinstatePolicyCall } from '#shared/contracts/policies.contract.ts'
import {
  attachPolicyDocumentCall,
  listPolicyDocumentsCall,
  POLICY_DOCUMENT_TEXTS,
  policyDocumentDownloadPath,
} from '#shared/contracts/policies-documents.contract.ts'
import { requestsTo } from '#web/features/clients/clients.test-support.ts'
import { SAMPLE_USER, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import {
  FIRST_VISIT,
  mockPoliciesApi,
  POLICY_ID,
  sampleHistoryRecord,
  samplePolicy,
  samplePolicyDocument,
} from './policies.test-support.ts'

const PATH = `/policies/${POLICY_ID}`
const DOCUMENTS_PATH = `/api/policies/${POLICY_ID}/documents`
const HISTORY_PATH = `/api/compliance/policies/${POLICY_ID}/history`

const QUOTE_LETTER = samplePolicyDocument({
  id: crypto.randomUUID(),
  documentId: crypto.randomUUID(),
  documentType: 'quote',
  fileName: 'Swift quote letter.pdf',
})

async function documentsList() {
  return screen.findByRole('list', { name: 'Documents' }, FIRST_VISIT)
}

describe('A policy’s documents', () => {
  it('lists them with their type and a download link, a page at a time', async () => {
    const fetchMock = mockPoliciesApi(
      stub(listPolicyDocumentsCall, ({ url }) =>
        url.searchParams.get('cursor')
          ? { body: { documents: [QUOTE_LETTER], nextCursor: null } }
          : { body: { documents: [samplePolicyDocument()], nextCursor: 'page-2' } },
      ),
    )
    renderApp(PATH)
    const list = await documentsList()
    const link = within(list).getByRole('link', { name: 'declarations.pdf' })
    // Through the policy: a colleague's upload opens for everyone who may open the policy.
    expect(link).toHaveAttribute('href', policyDocumentDownloadPath(POLICY_ID, samplePolicyDocument().id))
    expect(link.closest('li')).toHaveTextContent('Declarations page')
    expect(link.closest('li')).toHaveTextContent('47 KB · Added')
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    const letter = await within(list).findByRole('link', { name: 'Swift quote letter.pdf' })
    expect(letter.closest('li')).toHaveTextContent('Quote')
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
    expect(
      requestsTo(fetchMock, 'GET', DOCUMENTS_PATH).map(({ url }) => url.searchParams.get('cursor')),
    ).toEqual([null, 'page-2'])
  })

  it('asks for a type and a file before it sends anything', async () => {
    const fetchMock = mockPoliciesApi()
    renderApp(PATH)
    expect(await screen.findByText('No documents yet.', {}, FIRST_VISIT)).toBeInTheDocument()
    const form = screen.getByRole('form', { name: 'Add a document' })
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }))
    await waitFor(() =>
      expect(within(form).getByLabelText('Document type')).toHaveAccessibleDescription(
        POLICY_DOCUMENT_TEXTS.documentType,
      ),
    )
    expect(within(form).getByLabelText('File')).toHaveAccessibleDescription(
      expect.stringContaining(POLICY_DOCUMENT_TEXTS.noFile),
    )
    expect(requestsTo(fetchMock, 'POST', DOCUMENTS_PATH)).toEqual([])
  })

  it('uploads the file with its type, then shows it and asks for the history again', async () => {
    const added = samplePolicyDocument({
      id: crypto.randomUUID(),
      documentType: 'id_card',
      fileName: 'card.png',
    })
    let listed = [samplePolicyDocument()]
    const fetchMock = mockPoliciesApi(
      stub(listPolicyDocumentsCall, () => ({ body: { documents: listed, nextCursor: null } })),
      stub(attachPolicyDocumentCall, () => {
        listed = [added, ...listed]
        return { status: 201, body: added }
      }),
    )
    renderApp(PATH)
    await documentsList()
    const form = screen.getByRole('form', { name: 'Add a document' })
    fireEvent.change(within(form).getByLabelText('Document type'), { target: { value: 'id_card' } })
    const file = new File(['png bytes'], 'card.png', { type: 'image/png' })
    fireEvent.change(within(form).getByLabelText('File'), { target: { files: [file] } })
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }))
    expect(await screen.findByRole('link', { name: 'card.png' })).toBeInTheDocument()
    expect(await screen.findByText(POLICY_DOCUMENT_TEXTS.uploaded)).toBeInTheDocument()
    const [, init] = fetchMock.mock.calls.find(
      ([url, init]) => String(url) === DOCUMENTS_PATH && init?.method === 'POST',
    )!
    const sent = init!.body as FormData
    expect([...sent.keys()]).toEqual(['documentType', 'file'])
    expect(sent.get('documentType')).toBe('id_card')
    expect((sent.get('file') as File).name).toBe('card.png')
    await waitFor(() => expect(requestsTo(fetchMock, 'GET', HISTORY_PATH)).toHaveLength(2))
  })

  it('puts the server’s refusal on the file field', async () => {
    const message = 'File type EXE is not allowed. Allowed types: PDF, JPEG, PNG, Word'
    mockPoliciesApi(
      stub(attachPolicyDocumentCall, {
        status: 415,
        body: { message, errors: [{ path: 'file', message }] },
      }),
    )
    renderApp(PATH)
    await screen.findByText('No documents yet.', {}, FIRST_VISIT)
    const form = screen.getByRole('form', { name: 'Add a document' })
    fireEvent.change(within(form).getByLabelText('Document type'), { target: { value: 'other' } })
    fireEvent.change(within(form).getByLabelText('File'), {
      target: { files: [new File(['MZ'], 'setup.exe')] },
    })
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }))
    await waitFor(() =>
      expect(within(form).getByLabelText('File')).toHaveAccessibleDescription(
        expect.stringContaining(message),
      ),
    )
    expect(screen.queryByRole('link', { name: 'setup.exe' })).toBeNull()
  })
})

describe('A policy’s history', () => {
  it('shows what was done and by whom, newest first, and asks again after a change', async () => {
    const reinstated = sampleHistoryRecord({
      id: crypto.randomUUID(),
      actionDescription: 'Reinstated a policy',
      event: 'policy.reinstated',
      createdAt: '2026-07-10T15:00:00.000Z',
      sequence: 30,
    })
    let records = [
      sampleHistoryRecord({
        actorName: null,
        actionDescription: 'A policy’s status changed with the calendar',
      }),
    ]
    const fetchMock = mockPoliciesApi(
      stub(getPolicyCall, {
        body: samplePolicy({ status: 'cancelled', cancellationDate: '2026-07-01', canReinstate: true }),
      }),
      stub(policyHistoryCall, () => ({ body: { data: records, nextCursor: null } })),
      stub(reinstatePolicyCall, () => {
        records = [reinstated, ...records]
        return { body: samplePolicy() }
      }),
    )
    renderApp(PATH)
    const history = await screen.findByRole('list', { name: 'History' }, FIRST_VISIT)
    expect(within(history).getByRole('listitem')).toHaveTextContent(
      'A policy’s status changed with the calendar',
    )
    expect(within(history).getByRole('listitem')).toHaveTextContent('System')
    expect(screen.getByText(POLICY_HISTORY_TEXTS.everyone)).toBeInTheDocument()
    fireEvent.click(screen.getByRole('button', { name: 'Reinstate' }))
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2))
    expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent('Reinstated a policy')
    expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent('Dana Reyes')
    expect(requestsTo(fetchMock, 'GET', HISTORY_PATH)).toHaveLength(2)
  })

  it('tells an agent they see only their own changes', async () => {
    mockPoliciesApi(
      stub(currentUserCall, { body: { ...SAMPLE_USER, role: 'agent' } }),
      stub(policyHistoryCall, { body: { data: [], nextCursor: null } }),
    )
    renderApp(PATH)
    expect(await screen.findByText(POLICY_HISTORY_TEXTS.ownOnly, {}, FIRST_VISIT)).toBeInTheDocument()
    expect(await screen.findByText(POLICY_HISTORY_TEXTS.empty)).toBeInTheDocument()
  })
})
