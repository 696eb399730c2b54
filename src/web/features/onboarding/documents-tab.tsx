import { useQuery } from '@tanstack/react-query'
import { FilePlus } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import type { OnboardingDocument } from '#shared/contracts/onboarding-records.contract.ts'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { Button } from '#web/components/button.tsx'
import { DataTable } from '#web/components/data-table.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { useOpenedOnce } from '#web/lib/use-opened-once.ts'
import { type DocumentDecision, documentColumns } from './document-columns.tsx'
import { documentsQuery, useUpdateDocument } from './onboarding.queries.ts'
import { EmptyState, LoadError } from './onboarding-display.tsx'

const DocumentDialog = lazy(() =>
  import('./document-dialog.tsx').then((m) => ({ default: m.DocumentDialog })),
)

/** Docs: the agents' documents, approved or rejected by an admin while pending review. */
export function DocumentsTab({ admin }: { admin: boolean }) {
  const { data, isError } = useQuery(documentsQuery())
  const update = useUpdateDocument()
  const [editing, setEditing] = useState<OnboardingDocument | 'new' | null>(null)
  const mounted = useOpenedOnce(editing !== null)
  const review = (document: OnboardingDocument, decision: DocumentDecision) =>
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
        <DataTable
          label="Onboarding documents"
          columns={documentColumns({
            admin,
            reviewing: update.isPending,
            onReview: review,
            onEdit: setEditing,
          })}
          rows={data}
          rowKey={(document) => document.id}
          className="rounded-lg border border-slate-200 bg-white"
          tableClassName="min-w-[760px]"
        />
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
