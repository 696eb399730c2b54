import { useQueryClient } from '@tanstack/react-query'
import { CheckCircle2, CloudUpload } from 'lucide-react'
import { useState } from 'react'
import { ESIGNING_TEXTS } from '#shared/contracts/esigning-texts.ts'
import { SIGNING_FILE_EXTENSIONS } from '#shared/domain/esigning.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { isApiError } from '#web/lib/api.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { checkSigningFile } from './check-files.ts'
import { EnhancedDocumentRow } from './enhanced-document-row.tsx'
import { esigningKeys, useRemoveDocument } from './esigning.queries.ts'
import { SigningDropZone } from './signing-drop-zone.tsx'
import { uploadForSigning } from './upload-for-signing.ts'
import { useConsentGate } from './use-consent-gate.tsx'
import { type LocalDocument, useEnhancedDocuments } from './use-enhanced-documents.ts'

/** Spec §2 Enhanced E-Signing: upload files, sign each in the browser, Complete Process once all are signed. */
export function EnhancedTab({ onVerify }: { onVerify: (signatureId: string) => void }) {
  const client = useQueryClient()
  const [documents, dispatch] = useEnhancedDocuments()
  const [completed, setCompleted] = useState<LocalDocument[] | null>(null)
  const consent = useConsentGate()
  const remove = useRemoveDocument()
  const waiting = documents.filter((document) => document.status === 'pending' || document.status === 'error')
  const allSigned = documents.length > 0 && documents.every((document) => document.status === 'signed')

  function add(files: File[]) {
    const accepted = files.filter((file) => {
      const refusal = checkSigningFile(file)
      if (refusal) showToast({ ...refusal, variant: 'destructive' })
      return !refusal
    })
    if (accepted.length > 0) dispatch({ kind: 'add', files: accepted })
  }

  async function uploadAll() {
    for (const document of waiting) {
      dispatch({ kind: 'uploading', id: document.id, progress: 0 })
      try {
        const answer = await uploadForSigning({
          file: document.file,
          type: document.type,
          name: document.name,
          onProgress: (progress) => dispatch({ kind: 'uploading', id: document.id, progress }),
        })
        dispatch({ kind: 'uploaded', id: document.id, answer })
        showToast({
          title: ESIGNING_TEXTS.uploadedTitle,
          description: ESIGNING_TEXTS.uploaded,
          variant: 'success',
        })
      } catch (error) {
        const message = isApiError(error) ? error.message : ESIGNING_TEXTS.tryAgain
        dispatch({ kind: 'failed', id: document.id, error: message })
        showToast({ title: ESIGNING_TEXTS.uploadFailed, description: message, variant: 'destructive' })
      }
    }
    await client.invalidateQueries({ queryKey: esigningKeys.documents })
  }

  function removeDocument(document: LocalDocument) {
    // An uploaded file nobody signed is removed on the server too; a signed one stays on record.
    if (document.serverId && document.status === 'uploaded') remove.mutate(document.serverId)
    dispatch({ kind: 'remove', id: document.id })
  }

  if (completed) {
    return (
      <Card>
        <CardHeader>
          <CheckCircle2 aria-hidden="true" className="size-8 text-green-700" />
          <CardTitle>Process complete</CardTitle>
          <CardDescription>
            Every document is signed and sealed. They are listed under Documents.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <ul aria-label="Signed documents" className="grid gap-2 text-sm">
            {completed.map((document) => (
              <li key={document.id} className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">{document.name}</span>
                <a className="text-violet-700 underline" href={document.signedUrl} download>
                  Download signed PDF
                </a>
                <code className="break-all font-mono text-xs text-slate-600">{document.signatureId}</code>
              </li>
            ))}
          </ul>
          <div>
            <Button variant="outline" onClick={() => setCompleted(null)}>
              Sign more documents
            </Button>
          </div>
        </CardContent>
      </Card>
    )
  }

  return (
    <div className="grid gap-4">
      {consent.dialog}
      <Card>
        <CardHeader>
          <CardTitle>Upload documents to sign</CardTitle>
          <CardDescription>PDF, Word, text or image files, up to 10MB each.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <SigningDropZone
            label="Choose documents to sign"
            hint={SIGNING_FILE_EXTENSIONS.join(', ')}
            accept={SIGNING_FILE_EXTENSIONS}
            multiple
            onFiles={add}
          />
          {documents.length > 0 && (
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void uploadAll()} disabled={waiting.length === 0}>
                <CloudUpload aria-hidden="true" />
                Upload All
              </Button>
              {allSigned && (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setCompleted(documents)
                    dispatch({ kind: 'reset' })
                  }}
                >
                  <CheckCircle2 aria-hidden="true" />
                  Complete Process
                </Button>
              )}
            </div>
          )}
        </CardContent>
      </Card>
      {documents.length === 0 ? (
        <Alert>Choose one or more files above; then press Upload All and sign each one.</Alert>
      ) : (
        <ul aria-label="Documents to sign" className="grid gap-3">
          {documents.map((document) => (
            <EnhancedDocumentRow
              key={document.id}
              document={document}
              ensureConsent={consent.ensure}
              onSigned={(answer, signature) =>
                dispatch({
                  kind: 'signed',
                  id: document.id,
                  answer,
                  signatureType: signature.type,
                  signatureData: signature.dataUrl,
                })
              }
              onRemove={() => removeDocument(document)}
              onVerify={onVerify}
            />
          ))}
        </ul>
      )}
    </div>
  )
}
