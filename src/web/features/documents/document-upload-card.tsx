import { Download, FileText, Trash2 } from 'lucide-react'
import type { ProducerProfile } from '#shared/contracts/appointments-producer-profile.contract.ts'
import {
  documentDownloadPath,
  UPLOAD_TEXTS,
  type UploadedDocument,
} from '#shared/contracts/documents.contract.ts'
import { DOCUMENT_DEFINITIONS, type DocumentType } from '#shared/domain/document-types.ts'
import { Badge } from '#web/components/badge.tsx'
import { Button, buttonClasses } from '#web/components/button.tsx'
import { Progress } from '#web/components/progress.tsx'
import { isApiError } from '#web/lib/api.ts'
import { formatDate, formatFileSize } from '#web/lib/format.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { limitsText } from './document-display.ts'
import { DocumentDropZone } from './document-drop-zone.tsx'
import { DocumentOnFile } from './document-on-file.tsx'
import { type OnDocumentsChanged, useDeleteDocument } from './documents.queries.ts'
import { useDocumentUpload } from './use-document-upload.ts'

interface DocumentUploadCardProps {
  documentType: DocumentType
  /** The newest upload of this type, if any. */
  uploaded: UploadedDocument | undefined
  onFile: ProducerProfile['documents'][number] | undefined
  applicationId: string | undefined
  /** What the page built from the documents, refreshed after an upload or a delete. */
  onChanged: OnDocumentsChanged
}

/** One document type: what it is, its limits, whether it is on file, and its upload area. */
export function DocumentUploadCard({
  documentType,
  uploaded,
  onFile,
  applicationId,
  onChanged,
}: DocumentUploadCardProps) {
  const definition = DOCUMENT_DEFINITIONS[documentType]
  const upload = useDocumentUpload(documentType, applicationId, onChanged)
  const headingId = `document-${documentType}-heading`
  return (
    <li
      aria-labelledby={headingId}
      className="grid content-start gap-3 rounded-lg border border-slate-200 p-4"
    >
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {definition.label}
          </h3>
          <Badge tone={definition.required ? 'violet' : 'neutral'}>
            {definition.required ? 'Required' : 'Optional'}
          </Badge>
        </div>
        <p className="text-sm text-slate-600">{definition.description}</p>
        <p className="text-xs text-slate-600">{limitsText(documentType)}</p>
        <DocumentOnFile onFile={onFile} />
      </div>
      {uploaded && <UploadedFile document={uploaded} label={definition.label} onChanged={onChanged} />}
      <DocumentDropZone
        documentType={documentType}
        label={definition.label}
        disabled={upload.uploading}
        onFile={upload.start}
      />
      {upload.uploading && (
        <div className="grid gap-1">
          <p className="flex justify-between text-sm text-slate-700">
            <span>Uploading</span>
            <span aria-hidden="true">{upload.progress}%</span>
          </p>
          <Progress label={`Uploading ${definition.label}`} value={upload.progress} />
        </div>
      )}
    </li>
  )
}

function UploadedFile({
  document,
  label,
  onChanged,
}: {
  document: UploadedDocument
  label: string
  onChanged: OnDocumentsChanged
}) {
  const remove = useDeleteDocument(onChanged)
  function deleteDocument() {
    remove.mutate(document.id, {
      onSuccess: () => showToast({ title: UPLOAD_TEXTS.deleted, description: document.fileName }),
      onError: (error) =>
        showToast({
          title: UPLOAD_TEXTS.deleteFailed,
          description: isApiError(error) ? error.message : undefined,
          variant: 'destructive',
        }),
    })
  }
  return (
    <div className="grid gap-2 rounded-md border border-green-200 bg-green-50 p-3 text-sm">
      <p className="flex min-w-0 items-center gap-2 font-medium text-slate-900">
        <FileText aria-hidden="true" className="size-4 shrink-0 text-green-700" />
        <span className="truncate">{document.fileName}</span>
      </p>
      <p className="text-xs text-slate-700">
        {formatFileSize(document.fileSize)} · Uploaded {formatDate(document.uploadedAt)}
      </p>
      <div className="flex flex-wrap gap-2">
        <a
          href={documentDownloadPath(document.id)}
          target="_blank"
          rel="noopener"
          className={buttonClasses('outline', 'sm')}
          aria-label={`Download ${label}`}
        >
          <Download aria-hidden="true" />
          Download
        </a>
        <Button
          size="sm"
          variant="ghost"
          disabled={remove.isPending}
          onClick={deleteDocument}
          aria-label={`Delete ${label}`}
        >
          <Trash2 aria-hidden="true" />
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </div>
  )
}
