import { DocumentSchema, UPLOAD_PATH, type UploadedDocument } from '#shared/contracts/documents.contract.ts'
import type { DocumentType } from '#shared/domain/document-types.ts'
import { ApiError, ApiResponseShapeError, apiErrorOf } from '#web/lib/api.ts'

interface UploadInput {
  documentType: DocumentType
  applicationId?: string
  file: File
  /** 0 to 100 as the bytes leave the browser. */
  onProgress: (percent: number) => void
}

/**
 * POST /api/documents/upload through XMLHttpRequest: fetch reports no upload progress. The fields
 * go in this order because the server reads the multipart stream once: it must know the type
 * (its size limit) and the application before the file's bytes arrive.
 */
export function uploadDocument({ documentType, applicationId, file, onProgress }: UploadInput) {
  const body = new FormData()
  body.append('documentType', documentType)
  if (applicationId) body.append('applicationId', applicationId)
  body.append('file', file)
  return new Promise<UploadedDocument>((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', UPLOAD_PATH)
    request.withCredentials = true
    request.setRequestHeader('Accept', 'application/json')
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
    }
    request.onerror = () => reject(new ApiError(0, 'The upload did not reach the server. Try again.'))
    request.onload = async () => {
      const { status, statusText, responseText } = request
      if (status < 200 || status > 299) {
        return reject(await apiErrorOf(new Response(responseText, { status, statusText })))
      }
      const parsed = DocumentSchema.safeParse(parseJson(responseText))
      if (parsed.success) resolve(parsed.data)
      else reject(new ApiResponseShapeError(UPLOAD_PATH, parsed.error))
    }
    request.send(body)
  })
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
