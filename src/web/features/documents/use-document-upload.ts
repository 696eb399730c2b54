import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { UPLOAD_TEXTS } from '#shared/contracts/documents.contract.ts'
import type { DocumentType } from '#shared/domain/document-types.ts'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { checkDocumentFile } from './check-document-file.ts'
import { type OnDocumentsChanged, useRefreshDocuments } from './documents.queries.ts'
import { uploadDocument } from './upload-document.ts'

/** Spec §4: idle, uploading (with its progress), uploaded; a refused file never leaves the browser. */
export function useDocumentUpload(
  documentType: DocumentType,
  applicationId: string | undefined,
  onChanged: OnDocumentsChanged,
) {
  const [progress, setProgress] = useState(0)
  const refresh = useRefreshDocuments(onChanged)
  const upload = useMutation({
    mutationFn: (file: File) =>
      uploadDocument({ documentType, applicationId, file, onProgress: setProgress }),
    onSuccess: refresh,
  })

  function start(file: File) {
    const refusal = checkDocumentFile(documentType, file)
    if (refusal) {
      showToast({ ...refusal, variant: 'destructive' })
      return
    }
    setProgress(0)
    upload.mutate(file, {
      onSuccess: (document) =>
        showToast({ title: UPLOAD_TEXTS.uploaded, description: document.fileName, variant: 'success' }),
      onError: (error) =>
        showToast({
          title: UPLOAD_TEXTS.uploadFailed,
          description: isApiError(error) ? error.message : undefined,
          variant: 'destructive',
        }),
    })
  }

  return { start, uploading: upload.isPending, progress }
}
