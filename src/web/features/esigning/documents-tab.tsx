import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { SigningDocument } from '#shared/contracts/esigning-documents.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { Skeleton } from '#web/components/skeleton.tsx'
import { isApiError } from '#web/lib/api.ts'
import { DocumentCard } from './document-card.tsx'
import { signingDocumentsQuery } from './esigning.queries.ts'
import { SignatureDialog } from './signature-dialog.tsx'
import { useConsentGate } from './use-consent-gate.tsx'

interface DocumentSectionProps {
  title: string
  empty: string
  documents: SigningDocument[]
  onSign: (document: SigningDocument) => void
  onVerify: (signatureId: string) => void
}

function DocumentSection({ title, empty, documents, onSign, onVerify }: DocumentSectionProps) {
  return (
    <section className="grid gap-3">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {documents.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul aria-label={title} className="grid gap-3">
          {documents.map((document) => (
            <DocumentCard
              key={document.id}
              document={document}
              onSign={() => onSign(document)}
              onVerify={onVerify}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

/** Spec §2 Documents: the agency's pending and signed documents; Sign opens the signature dialog. */
export function DocumentsTab({ onVerify }: { onVerify: (signatureId: string) => void }) {
  const documents = useQuery(signingDocumentsQuery)
  const [signing, setSigning] = useState<SigningDocument | null>(null)
  const consent = useConsentGate()
  if (documents.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    )
  }
  if (documents.isError) {
    const reason = isApiError(documents.error) ? ` (${documents.error.message})` : ''
    return (
      <Alert tone="error">{`Your documents could not be loaded${reason}. Reload the page to try again.`}</Alert>
    )
  }
  const pending = documents.data.filter((document) => document.status === 'pending_signature')
  const completed = documents.data.filter((document) => document.status === 'completed')
  return (
    <div className="grid gap-6">
      {consent.dialog}
      <SignatureDialog
        document={signing}
        ensureConsent={consent.ensure}
        onClose={() => setSigning(null)}
        onSigned={() => setSigning(null)}
      />
      <DocumentSection
        title="Pending signature"
        empty="No documents are waiting for a signature. Upload one under Basic Upload or Enhanced E-Signing."
        documents={pending}
        onSign={setSigning}
        onVerify={onVerify}
      />
      <DocumentSection
        title="Signed"
        empty="No signed documents yet."
        documents={completed}
        onSign={setSigning}
        onVerify={onVerify}
      />
    </div>
  )
}
