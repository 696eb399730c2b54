import { useQuery } from '@tanstack/react-query'
import { Check, FilePlus, X } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { OnboardingDocument } from '#shared/contracts/onboarding-records.contract.ts'
import { humanize, ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { canReviewDocument, DOCUMENT_REVIEW } from '#shared/domain/onboarding-records.ts'
import { Button } from '#web/components/button.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { isApiError } from '#web/lib/api.ts'
import { formatDate } from '#web/lib/format.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useOpenedOnce } from '#web/lib/use-opened-once.ts'
import { documentsQuery, useUpdateDocument } from './onboarding.queries.ts'
import { DocumentExpiryFlag, DocumentStatusBadge, EmptyState, LoadError } from './onboarding-display.tsx'

const DocumentDialog = lazy(() =>
  import('./document-dialog.tsx').then((m) => ({ default: m.DocumentDialog })),
)

const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase'
const td = 'px-3 py-2 align-middle'

/** Docs: the agents' documents, approved or rejected by an admin while pending review. */
export function DocumentsTab({ admin }: { admin: boolean }) {
  const { data, isError } = useQuery(documentsQuery())
  const update = useUpdateDocument()
  const [editing, setEditing] = useState<OnboardingDocument | 'new' | null>(null)
  const mounted = useOpenedOnce(editing !== null)
  const review = (
    document: OnboardingDocument,
    decision: (typeof DOCUMENT_REVIEW)[keyof typeof DOCUMENT_REVIEW],
  ) =>
    update.mutate(
      { id: document.id, body: { ...decision, reviewedAt: new Date().toISOString() } },
      {
        onSuccess: () => showToast({ title: T.documentUpdated, variant: 'success' }),
        onError: (error) =>
          showToast({
            title: T.documentUpdateFailed,
            description: isApiError(error) ? error.message : undefined,
            variant: 'destructive',
          }),
      },
    )
  return (
    <section aria-labelledby="documents-heading" className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="documents-heading" className="text-lg font-semibold text-slate-900">
          Documents
        </h2>
        <Button onClick={() => setEditing('new')}>
          <FilePlus aria-hidden="true" />
          Add Document
        </Button>
      </div>
      {isError ? (
        <LoadError message={T.fetchDocuments} />
      ) : !data ? (
        <Spinner label="Loading documents" />
      ) : data.length === 0 ? (
        <EmptyState>{T.noDocuments}</EmptyState>
      ) : (
        <div className="relative min-w-0 overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full min-w-[760px] text-sm">
            <caption className="sr-only">Onboarding documents</caption>
            <thead className="bg-slate-50">
              <tr>
                {['Agent', 'Document', 'Type', 'Expires', 'Status'].map((label) => (
                  <th key={label} scope="col" className={th}>
                    {label}
                  </th>
                ))}
                <th scope="col" className={th}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.map((document) => (
                <tr key={document.id}>
                  <td className={td}>
                    <p className="font-medium text-slate-900">{document.agentName}</p>
                    <p className="text-xs text-slate-600">{document.agentId}</p>
                  </td>
                  <td className={td}>
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
                  </td>
                  <td className={td}>{humanize(document.documentType)}</td>
                  <td className={td}>
                    <span className="flex flex-wrap items-center gap-1">
                      {document.expirationDate ? formatDate(`${document.expirationDate}T12:00:00`) : '—'}
                      <DocumentExpiryFlag expirationDate={document.expirationDate} />
                    </span>
                  </td>
                  <td className={td}>
                    <DocumentStatusBadge status={document.status} />
                    {document.reviewNotes && <p className="text-xs text-slate-600">{document.reviewNotes}</p>}
                  </td>
                  <td className={`${td} text-right`}>
                    <span className="inline-flex gap-1">
                      {admin && canReviewDocument(document.status) && (
                        <>
                          <Button
                            aria-label={`Approve ${document.documentName}`}
                            size="sm"
                            variant="outline"
                            disabled={update.isPending}
                            onClick={() => review(document, DOCUMENT_REVIEW.approve)}
                          >
                            <Check aria-hidden="true" />
                            Approve
                          </Button>
                          <Button
                            aria-label={`Reject ${document.documentName}`}
                            size="sm"
                            variant="outline"
                            disabled={update.isPending}
                            onClick={() => review(document, DOCUMENT_REVIEW.reject)}
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
                        onClick={() => setEditing(document)}
                      >
                        Edit
                      </Button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {mounted && (
        <Suspense fallback={null}>
          <DocumentDialog
            document={editing === 'new' ? null : editing}
            open={editing !== null}
            onOpenChange={(open) => !open && setEditing(null)}
          />
        </Suspense>
      )}
    </section>
  )
}
