import { z } from 'zod'
import { defineCall } from './call.ts'

/** A document's download (an application packet PDF, an upload); fetched with a plain link. */
export function documentDownloadPath(documentId: string): string {
  return `/api/documents/${documentId}/download`
}

export const deleteDocumentCall = defineCall({
  method: 'DELETE',
  path: '/api/documents/:id',
  params: z.object({ id: z.uuid({ message: 'Not found' }) }),
  response: z.object({ deleted: z.literal(true) }),
})

export const DOCUMENT_TEXTS = {
  sentPacket: 'This packet is the record of what a carrier was sent, so it cannot be deleted.',
} as const
