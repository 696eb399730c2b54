import type { Executor } from '#server/db/connect.ts'
import type { SigningDocumentStatus } from '#shared/domain/esigning.ts'
import { type DocumentFile, findDocumentFiles } from '../documents/documents.service.ts'
import * as repository from './esigning.repository.ts'

/** A document for signing with its upload's file name, size and type (the file is the documents feature's). */
export interface SigningDocumentWithFile {
  document: repository.SigningDocumentRow
  file: DocumentFile
}

/** One document for signing with its file; undefined when it is not the agency's (or its file is gone). */
export async function findSigningDocument(
  executor: Executor,
  agencyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<SigningDocumentWithFile | undefined> {
  const document = await repository.findSigningDocument(executor, agencyId, id, options)
  if (!document) return undefined
  const file = (await findDocumentFiles(executor, agencyId, [id])).get(id)
  return file ? { document, file } : undefined
}

/** The newest documents for signing that match, each with its file: two queries for the page. */
export async function listSigningDocumentsWithFiles(
  executor: Executor,
  agencyId: string,
  filter: { ownerUserId?: string; status?: SigningDocumentStatus },
  limit: number,
): Promise<SigningDocumentWithFile[]> {
  const documents = await repository.listSigningDocuments(executor, agencyId, filter, limit)
  const files = await findDocumentFiles(
    executor,
    agencyId,
    documents.map((document) => document.id),
  )
  return documents.flatMap((document) => {
    const file = files.get(document.id)
    return file ? [{ document, file }] : []
  })
}
