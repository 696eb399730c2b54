import type { Db, Executor } from '#server/db/connect.ts'
import type { Ctx } from '#server/platform/context.ts'
import { decodeCursor, encodeCursor } from '#server/platform/cursor.ts'
import type { PolicyDocument } from '#shared/contracts/policies-documents.contract.ts'
import { findUserNames } from '../auth/find-user-names.ts'
import { findDocumentFiles } from '../documents/documents.service.ts'
import * as policiesRepository from './policies.repository.ts'
import { notFound } from './policies.service.ts'
import * as repository from './policy-documents.repository.ts'

/**
 * A page of links as the policy's page shows them: each file named by the documents feature and
 * each uploader by auth, one query each. A link whose document is gone is left out.
 */
export async function toPolicyDocuments(
  executor: Executor,
  agencyId: string,
  rows: repository.PolicyDocumentRow[],
): Promise<PolicyDocument[]> {
  const [files, users] = await Promise.all([
    findDocumentFiles(
      executor,
      agencyId,
      rows.map((row) => row.documentId),
    ),
    findUserNames(
      executor,
      rows.flatMap((row) => (row.uploadedByUserId ? [row.uploadedByUserId] : [])),
    ),
  ])
  return rows.flatMap((row) => {
    const file = files.get(row.documentId)
    if (!file) return []
    const user = row.uploadedByUserId ? users.get(row.uploadedByUserId) : undefined
    return [
      {
        id: row.id,
        documentId: row.documentId,
        documentType: row.documentType,
        fileName: file.filename,
        fileSize: file.sizeBytes,
        contentType: file.contentType,
        uploadedByName: user ? `${user.firstName} ${user.lastName}`.trim() : null,
        uploadedAt: row.createdAt.toISOString(),
      },
    ]
  })
}

/** The policy's documents, newest first, a page at a time; 404 for a policy not the agency's. */
export async function listPolicyDocuments(
  db: Db,
  ctx: Ctx,
  policyId: string,
  query: { limit: number; cursor?: string },
) {
  const { agencyId } = ctx.actor
  if (!(await policiesRepository.findPolicy(db, agencyId, policyId))) throw notFound()
  const rows = await repository.findPolicyDocuments(db, agencyId, policyId, {
    limit: query.limit + 1,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
  })
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    documents: await toPolicyDocuments(db, agencyId, page),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  }
}
