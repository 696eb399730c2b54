import { Check, X } from 'lucide-react'
import type { OnboardingDocument } from '#shared/contracts/onboarding-records.contract.ts'
import { humanize } from '#shared/contracts/onboarding-texts.ts'
import { canReviewDocument, DOCUMENT_REVIEW } from '#shared/domain/onboarding-records.ts'
import { Button } from '#web/components/button.tsx'
import type { DataColumn } from '#web/components/data-table.tsx'
import { formatDate } from '#web/lib/format.ts'
import { DocumentExpiryFlag, DocumentStatusBadge } from './onboarding-display.tsx'

export type DocumentDecision = (typeof DOCUMENT_REVIEW)[keyof typeof DOCUMENT_REVIEW]

/** The Docs tab's columns; an admin also gets Approve and Reject while a document awaits review. */
export function documentColumns({
  admin,
  reviewing,
  onReview,
  onEdit,
}: {
  admin: boolean
  reviewing: boolean
  onReview: (document: OnboardingDocument, decision: DocumentDecision) => void
  onEdit: (document: OnboardingDocument) => void
}): DataColumn<OnboardingDocument>[] {
  return [
    {
      key: 'agent',
      header: 'Agent',
      cell: (document) => (
        <>
          <p className="font-medium text-slate-900">{document.agentName}</p>
          <p className="text-xs text-slate-600">{document.agentId}</p>
        </>
      ),
    },
    { key: 'document', header: 'Document', cell: (document) => <DocumentName document={document} /> },
    { key: 'type', header: 'Type', cell: (document) => humanize(document.documentType) },
    {
      key: 'expires',
      header: 'Expires',
      cell: (document) => (
        <span className="flex flex-wrap items-center gap-1">
          {document.expirationDate ? formatDate(`${document.expirationDate}T12:00:00`) : '—'}
          <DocumentExpiryFlag expirationDate={document.expirationDate} />
        </span>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (document) => (
        <>
          <DocumentStatusBadge status={document.status} />
          {document.reviewNotes && <p className="text-xs text-slate-600">{document.reviewNotes}</p>}
        </>
      ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      cellClassName: 'text-right',
      cell: (document) => (
        <span className="inline-flex gap-1">
          {admin && canReviewDocument(document.status) && (
            <>
              <Button
                aria-label={`Approve ${document.documentName}`}
                size="sm"
                variant="outline"
                disabled={reviewing}
                onClick={() => onReview(document, DOCUMENT_REVIEW.approve)}
              >
                <Check aria-hidden="true" />
                Approve
              </Button>
              <Button
                aria-label={`Reject ${document.documentName}`}
                size="sm"
                variant="outline"
                disabled={reviewing}
                onClick={() => onReview(document, DOCUMENT_REVIEW.reject)}
              >
                <X aria-hidden="true" />
                Reject
              </Button>
            </>
          )}
          <Button
            aria-label={`Edit ${document.documentName}`}
            size="sm"
            variant="ghost"
            onClick={() => onEdit(document)}
          >
            Edit
          </Button>
        </span>
      ),
    },
  ]
}

function DocumentName({ document }: { document: OnboardingDocument }) {
  return (
    <>
      {document.documentUrl ? (
        <a
          href={document.documentUrl}
          className="font-medium text-violet-700 underline underline-offset-2"
          target={document.file ? undefined : '_blank'}
          rel="noreferrer"
        >
          {document.documentName}
        </a>
      ) : (
        <span className="font-medium text-slate-900">{document.documentName}</span>
      )}
      {!document.isRequired && <p className="text-xs text-slate-600">Optional</p>}
    </>
  )
}
