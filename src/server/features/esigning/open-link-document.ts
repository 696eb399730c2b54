import type { Db } from '#server/db/connect.ts'
import type { RequestMeta } from '#server/platform/context.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { findDocumentInfo, openDocumentContent } from '../documents/documents.service.ts'
import { auditLink, findLinkSigner, linkBlock, refuseBlocked } from './signing-links.service.ts'

/**
 * The document a link's signer reviews: the latest signed version (with the signatures before
 * theirs), or the file as uploaded. Only while the link can sign; each read is audited.
 */
export async function openLinkDocument(db: Db, storage: FileStorage, meta: RequestMeta, token: string) {
  const { signer, signing } = await findLinkSigner(db, token)
  refuseBlocked(linkBlock(signer, signing.document.status))
  const id = signing.document.signedDocumentId ?? signing.document.id
  const info = await findDocumentInfo(db, signer.agencyId, id)
  const content = await openDocumentContent(db, storage, signer.agencyId, id)
  try {
    await db.transaction((tx) =>
      auditLink(tx, meta, signer, 'esign.link_document_viewed', { documentId: id }),
    )
  } catch (error) {
    content.destroy()
    throw error
  }
  return {
    fileName: info!.filename,
    sizeBytes: info!.sizeBytes,
    contentType: signing.document.signedDocumentId ? 'application/pdf' : signing.file.contentType,
    content,
  }
}
