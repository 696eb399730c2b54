import { vi } from 'vitest'
import type { UploadedDocument } from '#shared/contracts/documents.contract.ts'

/** An uploaded W-9, as GET /api/documents lists it. */
export function sampleDocument(overrides: Partial<UploadedDocument> = {}): UploadedDocument {
  return {
    id: '00000000-0000-4000-8000-000000000600',
    fileName: 'w9-signed.pdf',
    fileSize: 245_760,
    mimeType: 'application/pdf',
    uploadedAt: '2026-03-01T10:00:00.000Z',
    documentType: 'w9',
    applicationId: null,
    ...overrides,
  }
}

/** A stand-in for XMLHttpRequest: records each upload, and the test answers it. */
export class FakeUpload {
  static sent: FakeUpload[] = []
  method = ''
  url = ''
  status = 0
  statusText = ''
  responseText = ''
  withCredentials = false
  body: FormData | null = null
  headers: Record<string, string> = {}
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null

  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: FormData) {
    this.body = body
    FakeUpload.sent.push(this)
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent)
  }
  respond(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }

  static install() {
    FakeUpload.sent = []
    vi.stubGlobal('XMLHttpRequest', FakeUpload)
  }
}
