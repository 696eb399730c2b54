import { UPLOAD_PATH } from '#shared/contracts/documents.contract.ts'
import { type SigningUpload, SigningUploadSchema } from '#shared/contracts/esigning.contract.ts'
import { ApiError, ApiResponseShapeError, apiErrorOf } from '#web/lib/api.ts'

interface UploadInput {
  file: File
  /** The sender's label (w9, license_copy…), sent as the spec's `type`. */
  type: string
  name: string
  onProgress?: (percent: number) => void
}

/**
 * POST /api/documents/upload in the e-signing shape, through XMLHttpRequest for its progress
 * events. type and name go before the file: the server could read them after it too, but then it
 * learns what the upload is only once the whole file has arrived.
 */
export function uploadForSigning({ file, type, name, onProgress }: UploadInput): Promise<SigningUpload> {
  const body = new FormData()
  body.append('type', type)
  body.append('name', name)
  body.append('file', file)
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', UPLOAD_PATH)
    request.withCredentials = true
    request.setRequestHeader('Accept', 'application/json')
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100))
    }
    request.onerror = () => reject(new ApiError(0, 'The upload did not reach the server. Try again.'))
    request.onload = async () => {
      const { status, statusText, responseText } = request
      if (status < 200 || status > 299) {
        return reject(await apiErrorOf(new Response(responseText, { status, statusText })))
      }
      let parsed: unknown
      try {
        parsed = JSON.parse(responseText)
      } catch {
        parsed = undefined
      }
      const answer = SigningUploadSchema.safeParse(parsed)
      if (answer.success) resolve(answer.data)
      else reject(new ApiResponseShapeError(UPLOAD_PATH, answer.error))
    }
    request.send(body)
  })
}
