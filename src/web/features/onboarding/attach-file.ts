import {
  attachDocumentFileCall,
  OnboardingDocumentSchema,
} from '#shared/contracts/onboarding-records.contract.ts'
import { ApiResponseShapeError, apiErrorOf, buildUrl } from '#web/lib/api.ts'

/** POST …/documents/{id}/file: the file as multipart (field `file`); answers the document. */
export async function attachFile(documentId: string, file: File) {
  const body = new FormData()
  body.append('file', file)
  const path = buildUrl(attachDocumentFileCall.path, { id: documentId })
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    body,
  })
  if (!response.ok) throw await apiErrorOf(response)
  const parsed = OnboardingDocumentSchema.safeParse(await response.json())
  if (!parsed.success) throw new ApiResponseShapeError(path, parsed.error)
  return parsed.data
}
