import { useQueryClient } from '@tanstack/react-query'
import { CheckCircle2 } from 'lucide-react'
import { useState } from 'react'
import type { SigningUpload } from '#shared/contracts/esigning.contract.ts'
import { ESIGNING_TEXTS } from '#shared/contracts/esigning-texts.ts'
import { SCAN_EXTENSIONS } from '#shared/domain/esigning.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Progress } from '#web/components/progress.tsx'
import { isApiError } from '#web/lib/api.ts'
import { formatFileSize } from '#web/lib/format.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { checkSigningFile } from './check-files.ts'
import { esigningKeys } from './esigning.queries.ts'
import { SigningDropZone } from './signing-drop-zone.tsx'
import { uploadForSigning } from './upload-for-signing.ts'

const CARDS = [
  {
    type: 'client_document',
    title: 'Client Documents',
    description: 'Documents from your clients for signing, such as a W-9 or an application.',
  },
  { type: 'license_copy', title: 'Agent License Copies', description: 'Copies of your state licenses.' },
] as const

/** One of Basic Upload's cards: files go up at once and wait, pending signature, in Documents. */
function UploadCard({ type, title, description }: (typeof CARDS)[number]) {
  const client = useQueryClient()
  const [progress, setProgress] = useState<number | null>(null)
  const [uploaded, setUploaded] = useState<SigningUpload[]>([])

  async function take(files: File[]) {
    for (const file of files) {
      const refusal = checkSigningFile(file, SCAN_EXTENSIONS)
      if (refusal) {
        showToast({ ...refusal, variant: 'destructive' })
        continue
      }
      setProgress(0)
      try {
        const answer = await uploadForSigning({ file, type, name: file.name, onProgress: setProgress })
        setUploaded((current) => [answer, ...current])
        showToast({
          title: ESIGNING_TEXTS.uploadedTitle,
          description: ESIGNING_TEXTS.uploaded,
          variant: 'success',
        })
        await client.invalidateQueries({ queryKey: esigningKeys.documents })
      } catch (error) {
        showToast({
          title: ESIGNING_TEXTS.uploadFailed,
          description: isApiError(error) ? error.message : undefined,
          variant: 'destructive',
        })
      } finally {
        setProgress(null)
      }
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <SigningDropZone
          label={`Choose files for ${title}`}
          hint="PDF, JPEG and PNG, up to 10MB"
          accept={SCAN_EXTENSIONS}
          multiple
          disabled={progress !== null}
          onFiles={(files) => void take(files)}
        />
        {progress !== null && <Progress value={progress} label={`Uploading to ${title}`} />}
        {uploaded.length > 0 && (
          <ul aria-label={`Uploaded to ${title}`} className="grid gap-2">
            {uploaded.map((document) => (
              <li key={document.id} className="flex items-center gap-2 text-sm text-slate-800">
                <CheckCircle2 aria-hidden="true" className="size-4 shrink-0 text-green-700" />
                <span className="min-w-0 flex-1 truncate">{document.fileName}</span>
                <span className="text-slate-600">{formatFileSize(document.size)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

/** Spec §2 Basic Upload: two upload cards; what is uploaded waits in Documents to be signed. */
export function BasicUploadTab() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {CARDS.map((card) => (
        <UploadCard key={card.type} {...card} />
      ))}
    </div>
  )
}
