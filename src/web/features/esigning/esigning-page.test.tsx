import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { currentUserCall } from '#shared/contracts/current-user.contract.ts'
import {
  acceptConsentCall,
  createSignatureCall,
  getConsentCall,
} from '#shared/contracts/esigning.contract.ts'
import {
  listProvidersCall,
  listSigningDocumentsCall,
  type SigningDocument,
} from '#shared/contracts/esigning-documents.contract.ts'
import { ESIGN_DISCLOSURE, ESIGNING_TEXTS as T } from '#shared/contracts/esigning-texts.ts'
import { unreadCountCall } from '#shared/contracts/notifications.contract.ts'
import { mockApi, SAMPLE_USER, stub } from '#web/testing/mock-api.ts'
import { renderApp } from '#web/testing/render-app.tsx'
import { checkSignatureImage, checkSigningFile } from './check-files.ts'

// jsdom has no canvas: a pad that stays empty.
vi.mock('signature_pad', () => ({
  default: class {
    toData = () => []
    fromData() {}
    isEmpty = () => true
    toDataURL = () => 'data:image/png;base64,AAAA'
    addEventListener() {}
    removeEventListener() {}
    clear() {}
    off() {}
  },
}))

const PENDING: SigningDocument = {
  id: '5f0c7a2e-0000-4000-8000-000000000001',
  name: 'Form W-9 — Riley Chen',
  documentType: 'w9',
  fileName: 'w9.pdf',
  fileSize: 2048,
  mimeType: 'application/pdf',
  status: 'pending_signature',
  provider: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  completedAt: null,
  url: '/api/documents/5f0c7a2e-0000-4000-8000-000000000001/download',
  signedUrl: null,
  signatures: [],
  signers: [],
}

function mockEsigningApi(documents: SigningDocument[], consentAccepted = false) {
  return mockApi(
    stub(currentUserCall, { body: SAMPLE_USER }),
    stub(unreadCountCall, { body: { unreadCount: 0 } }),
    stub(listSigningDocumentsCall, { body: { documents } }),
    stub(listProvidersCall, {
      body: {
        providers: [
          { id: 'email', label: 'Agency Back Office (signing links by email)', configured: true },
          { id: 'hellosign', label: 'Dropbox Sign (HelloSign)', configured: false },
        ],
      },
    }),
    stub(getConsentCall, {
      body: { version: ESIGN_DISCLOSURE.version, accepted: consentAccepted, acceptedAt: null },
    }),
    stub(acceptConsentCall, {
      status: 201,
      body: { version: ESIGN_DISCLOSURE.version, accepted: true, acceptedAt: null },
    }),
    stub(createSignatureCall, { status: 201, body: { success: true, signatureId: 'sig-1' } }),
  )
}

describe('the E-Signing page', () => {
  it('has the six tabs of the spec, in order', async () => {
    mockEsigningApi([])
    renderApp('/esigning-demo')
    const tabs = await screen.findByRole('tablist', { name: 'E-Signing' })
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([T.tabOverview, T.tabBasic, T.tabEnhanced, T.tabDocuments, T.tabThirdParty, T.tabVerification])
  })

  it('asks for a signature before submitting the dialog, and sends nothing', async () => {
    const fetchMock = mockEsigningApi([PENDING])
    renderApp('/esigning-demo?tab=documents')
    const pending = await screen.findByRole('list', { name: 'Pending signature' })
    fireEvent.click(within(pending).getByRole('button', { name: 'Sign' }))
    const dialog = await screen.findByRole('dialog', { name: `Sign ${PENDING.name}` })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Signature' }))
    expect(await screen.findByText(T.signatureRequiredSubmit)).toBeInTheDocument()
    expect(screen.getByText(T.signatureRequiredTitle)).toBeInTheDocument()
    const calls = fetchMock.mock.calls.map(([url]) => String(url))
    expect(
      calls.some((url) => url.includes('/api/esigning/consent') || url.includes('create-signature')),
    ).toBe(false)
  })

  it('refuses Third-Party sending to a provider that is not configured, with the spec’s words', async () => {
    mockEsigningApi([PENDING])
    renderApp('/esigning-demo?tab=third-party')
    const provider = await screen.findByLabelText('Provider')
    await waitFor(() => expect(provider.querySelectorAll('option')).toHaveLength(2))
    fireEvent.change(provider, { target: { value: 'hellosign' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send for Signature' }))
    expect(await screen.findByText(T.providerRequired)).toBeInTheDocument()
    expect(screen.getByText(T.providerRequiredTitle)).toBeInTheDocument()
  })
})

describe('file checks before upload', () => {
  const file = (name: string, size: number, type = '') => new File([new Uint8Array(size)], name, { type })

  it('takes the spec’s extensions up to 10 MB, and names a refused file', () => {
    expect(checkSigningFile(file('w9.PDF', 10))).toBeNull()
    expect(checkSigningFile(file('notes.txt', 10))).toBeNull()
    expect(checkSigningFile(file('photo.gif', 10))).toEqual({
      title: T.invalidFileTitle,
      description:
        'photo.gif is not a supported file type. Allowed types: .pdf, .doc, .docx, .txt, .png, .jpg, .jpeg',
    })
    expect(checkSigningFile(file('big.pdf', 10 * 1024 * 1024 + 1))).toEqual({
      title: T.fileTooLargeTitle,
      description: 'big.pdf exceeds the 10MB limit',
    })
  })

  it('takes a signature image under 2 MB only', () => {
    expect(checkSignatureImage(file('sig.png', 100, 'image/png'))).toBeNull()
    expect(checkSignatureImage(file('sig.pdf', 100, 'application/pdf'))).toEqual({
      title: T.invalidImageTitle,
      description: T.invalidImage,
    })
    expect(checkSignatureImage(file('sig.jpg', 2 * 1024 * 1024 + 1, 'image/jpeg'))).toEqual({
      title: T.imageTooLargeTitle,
      description: T.imageTooLarge,
    })
  })
})
