import { useInfiniteQuery } from '@tanstack/react-query'
import { FileText } from 'lucide-react'
import {
  type PolicyDocument,
  policyDocumentDownloadPath,
} from '#shared/contracts/policies-documents.contract.ts'
import { POLICY_DOCUMENT_LABELS } from '#shared/domain/policy-documents.ts'
import { Badge } from '#web/components/badge.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { LoadMoreButton } from '#web/components/load-more-button.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { formatDateTime, formatFileSize } from '#web/lib/format.ts'
import { PolicyDocumentUpload } from './policy-document-upload.tsx'
import { policyDocumentsQuery } from './policy-records.queries.ts'

/** The files kept with the policy (the bound quote's letter among them), and a form to add one. */
export function PolicyDocuments({ policyId }: { policyId: string }) {
  const list = useInfiniteQuery(policyDocumentsQuery(policyId))
  const documents = list.data?.pages.flatMap((page) => page.documents) ?? []
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle id="policy-documents">Documents</CardTitle>
        <CardDescription>Declarations, ID cards, notices and the quote it was bound from</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!list.data ? (
          list.isError ? (
            <p role="alert" className="text-sm text-red-700">
              The documents could not be loaded. Reload the page to try again.
            </p>
          ) : (
            <Spinner label="Loading the documents" />
          )
        ) : documents.length === 0 ? (
          <p className="text-sm text-slate-600">No documents yet.</p>
        ) : (
          <ul aria-labelledby="policy-documents" className="grid divide-y divide-slate-100">
            {documents.map((document) => (
              <DocumentRow key={document.id} policyId={policyId} document={document} />
            ))}
          </ul>
        )}
        <LoadMoreButton list={list} />
        <PolicyDocumentUpload policyId={policyId} />
      </CardContent>
    </Card>
  )
}

function DocumentRow({ policyId, document }: { policyId: string; document: PolicyDocument }) {
  return (
    <li className="flex min-w-0 items-start gap-3 py-3">
      <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
      <div className="grid min-w-0 gap-1">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <a
            href={policyDocumentDownloadPath(policyId, document.id)}
            className="min-w-0 font-medium break-words text-violet-700 hover:underline"
          >
            {document.fileName}
          </a>
          <Badge tone="violet">{POLICY_DOCUMENT_LABELS[document.documentType]}</Badge>
        </div>
        <p className="text-xs text-slate-600">
          {formatFileSize(document.fileSize)} · Added {formatDateTime(document.uploadedAt)}
          {document.uploadedByName ? ` by ${document.uploadedByName}` : ''}
        </p>
      </div>
    </li>
  )
}
