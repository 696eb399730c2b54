import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { listAppointmentsCall } from '#shared/contracts/appointments.contract.ts'
import {
  getProducerProfileCall,
  type ProducerProfile,
} from '#shared/contracts/appointments-producer-profile.contract.ts'
import {
  deleteDocumentCall,
  listDocumentsCall,
  UPLOAD_TEXTS,
  type UploadedDocument,
} from '#shared/contracts/documents.contract.ts'
import {
  DOCUMENT_DEFINITIONS,
  fileTooLargeMessage,
  invalidFileTypeMessage,
} from '#shared/domain/document-types.ts'
import { FakeUpload, sampleDocument } from '#web/features/documents/documents.test-support.ts'
import { stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import {
  APPOINTMENT_ID,
  EMPTY_PROFILE,
  mockAppointmentsApi,
  requestsTo,
  sampleAppointment,
} from './appointments.test-support.ts'

const MB = 1024 * 1024

function fileOf(name: string, type: string, size: number): File {
  const file = new File(['%PDF-1.7'], name, { type })
  Object.defineProperty(file, 'size', { value: size })
  return file
}

async function openArea(label: string) {
  renderApp('/appointments?tab=documents')
  const documents = await screen.findByRole('list', { name: 'Documents' })
  return within(documents).getByRole('listitem', { name: new RegExp(`^${label}`) })
}

const choose = (area: HTMLElement, label: string, file: File) =>
  fireEvent.change(within(area).getByLabelText(`Choose a file for ${label}`), { target: { files: [file] } })

describe('Required Docs', () => {
  it('has an area per document type, the required ones marked, with their limits', async () => {
    mockAppointmentsApi()
    renderApp('/appointments?tab=documents')
    const documents = await screen.findByRole('list', { name: 'Documents' })
    const areas = within(documents).getAllByRole('listitem')
    expect(areas.map((area) => within(area).getByRole('heading').textContent)).toEqual(
      Object.values(DOCUMENT_DEFINITIONS).map((definition) => definition.label),
    )
    const w9 = areas[0]!
    expect(w9).toHaveTextContent('Required')
    expect(w9).toHaveTextContent('PDF, JPEG, PNG up to 5MB')
    expect(areas[2]).toHaveTextContent('PDF, JPEG, PNG up to 2MB')
    expect(areas[4]).toHaveTextContent('Optional')
    expect(areas[4]).toHaveTextContent('PDF, JPEG, PNG, Word up to 10MB')
  })

  it('refuses a file over the type limit in the browser, before sending it', async () => {
    FakeUpload.install()
    mockAppointmentsApi()
    const label = DOCUMENT_DEFINITIONS.voided_check.label
    const area = await openArea(label)
    choose(area, label, fileOf('check.pdf', 'application/pdf', 2.5 * MB))
    expect(await screen.findByText(UPLOAD_TEXTS.tooLargeTitle)).toBeInTheDocument()
    expect(screen.getByText(fileTooLargeMessage('voided_check', 2.5 * MB))).toBeInTheDocument()
    expect(screen.getByText('File size 2.5MB exceeds maximum size of 2MB')).toBeInTheDocument()
    expect(FakeUpload.sent).toHaveLength(0)
  })

  it('refuses a file of the wrong type in the browser', async () => {
    FakeUpload.install()
    mockAppointmentsApi()
    const label = DOCUMENT_DEFINITIONS.w9.label
    const area = await openArea(label)
    choose(area, label, fileOf('setup.exe', 'application/x-msdownload', 1000))
    expect(await screen.findByText(UPLOAD_TEXTS.invalidTypeTitle)).toBeInTheDocument()
    expect(screen.getByText(invalidFileTypeMessage('w9', 'application/x-msdownload'))).toBeInTheDocument()
    expect(FakeUpload.sent).toHaveLength(0)
  })

  it('uploads the first dropped file with its type and application, showing progress, then the file', async () => {
    FakeUpload.install()
    const uploaded = sampleDocument({ applicationId: APPOINTMENT_ID })
    let listed: UploadedDocument[] = []
    mockAppointmentsApi(
      stub(listAppointmentsCall, { body: { data: [sampleAppointment()] } }),
      stub(listDocumentsCall, () => ({ body: listed })),
    )
    const label = DOCUMENT_DEFINITIONS.w9.label
    const area = await openArea(label)
    const zone = screen.getByTestId('drop-zone-w9')
    fireEvent.dragOver(zone)
    expect(zone).toHaveAttribute('data-dragging', 'true')
    const first = fileOf('w9-signed.pdf', 'application/pdf', 240 * 1024)
    const second = fileOf('other.pdf', 'application/pdf', 1000)
    fireEvent.drop(zone, { dataTransfer: { files: [first, second] } })
    expect(zone).not.toHaveAttribute('data-dragging')
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1))
    const request = FakeUpload.sent[0]!
    expect([request.method, request.url]).toEqual(['POST', '/api/documents/upload'])
    expect([...request.body!.keys()]).toEqual(['documentType', 'applicationId', 'file'])
    expect(request.body!.get('documentType')).toBe('w9')
    expect(request.body!.get('applicationId')).toBe(APPOINTMENT_ID)
    expect((request.body!.get('file') as File).name).toBe('w9-signed.pdf')

    request.progress(60, 100)
    expect(await within(area).findByRole('progressbar', { name: `Uploading ${label}` })).toHaveAttribute(
      'aria-valuenow',
      '60',
    )
    listed = [uploaded]
    request.respond(201, uploaded)
    expect(await screen.findByText(UPLOAD_TEXTS.uploaded)).toBeInTheDocument()
    const link = await within(area).findByRole('link', { name: `Download ${label}` })
    expect(link).toHaveAttribute('href', `/api/documents/${uploaded.id}/download`)
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener')
    expect(area).toHaveTextContent('240 KB · Uploaded Mar 1, 2026')
    expect(within(area).queryByRole('progressbar')).toBeNull()
  })

  it("toasts the server's refusal of an upload", async () => {
    FakeUpload.install()
    mockAppointmentsApi()
    const label = DOCUMENT_DEFINITIONS.w9.label
    const area = await openArea(label)
    choose(area, label, fileOf('renamed.pdf', 'application/pdf', 1000))
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1))
    const message = invalidFileTypeMessage('w9', 'an executable program')
    FakeUpload.sent[0]!.respond(415, { message })
    expect(await screen.findByText(UPLOAD_TEXTS.uploadFailed)).toBeInTheDocument()
    expect(screen.getByText(message)).toBeInTheDocument()
  })

  it('deletes an uploaded document', async () => {
    const document = sampleDocument()
    let listed: UploadedDocument[] = [document]
    const fetchMock = mockAppointmentsApi(
      stub(listDocumentsCall, () => ({ body: listed })),
      stub(deleteDocumentCall, () => {
        listed = []
        return { body: { deleted: true as const } }
      }),
    )
    const label = DOCUMENT_DEFINITIONS.w9.label
    const area = await openArea(label)
    fireEvent.click(await within(area).findByRole('button', { name: `Delete ${label}` }))
    expect(await screen.findByText(UPLOAD_TEXTS.deleted)).toBeInTheDocument()
    await waitFor(() => expect(within(area).queryByText(document.fileName)).toBeNull())
    expect(requestsTo(fetchMock, 'DELETE', `/api/documents/${document.id}`)).toHaveLength(1)
  })

  it('toasts a refused delete', async () => {
    const document = sampleDocument()
    mockAppointmentsApi(
      stub(listDocumentsCall, { body: [document] }),
      stub(deleteDocumentCall, { status: 409, body: { message: 'Still in use' } }),
    )
    const label = DOCUMENT_DEFINITIONS.w9.label
    const area = await openArea(label)
    fireEvent.click(await within(area).findByRole('button', { name: `Delete ${label}` }))
    expect(await screen.findByText(UPLOAD_TEXTS.deleteFailed)).toBeInTheDocument()
    expect(within(area).getByText(document.fileName)).toBeInTheDocument()
  })

  it('says what is on file and flags an expired E&O certificate', async () => {
    const profile: ProducerProfile = {
      ...EMPTY_PROFILE,
      documents: EMPTY_PROFILE.documents.map((entry) =>
        entry.documentType === 'eo_certificate'
          ? {
              ...entry,
              document: {
                id: 'd1',
                fileName: 'eo.pdf',
                fileSize: 1000,
                uploadedAt: '2025-01-10T10:00:00.000Z',
              },
              expiresOn: '2026-01-31',
              expired: true,
            }
          : entry,
      ),
    }
    mockAppointmentsApi(stub(getProducerProfileCall, { body: profile }))
    const area = await openArea(DOCUMENT_DEFINITIONS.eo_certificate.label)
    expect(await within(area).findByText('On file since Jan 10, 2025')).toBeInTheDocument()
    expect(within(area).getByText('Expired Jan 31, 2026')).toBeInTheDocument()
    const w9 = openAreaIn(DOCUMENT_DEFINITIONS.w9.label)
    expect(within(w9).getByText('Not on file yet')).toBeInTheDocument()
  })
})

function openAreaIn(label: string) {
  const documents = screen.getByRole('list', { name: 'Documents' })
  return within(documents).getByRole('listitem', { name: new RegExp(`^${label}`) })
}
