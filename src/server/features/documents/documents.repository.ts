import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { documents } from './documents.table.ts'

export type DocumentRow = typeof documents.$inferSelect

export async function insertDocument(
  executor: Executor,
  values: typeof documents.$inferInsert,
): Promise<{ createdAt: Date }> {
  const [row] = await executor.insert(documents).values(values).returning({ createdAt: documents.createdAt })
  return row!
}

/** The name, size and type of each of these documents of the agency. */
export function findDocumentFiles(executor: Executor, agencyId: string, ids: string[]) {
  return executor
    .select({
      id: documents.id,
      filename: documents.filename,
      sizeBytes: documents.sizeBytes,
      contentType: documents.contentType,
    })
    .from(documents)
    .where(and(eq(documents.agencyId, agencyId), inArray(documents.id, ids)))
}

export async function findDocument(
  executor: Executor,
  agencyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<Omit<DocumentRow, 'legacyContent'> | undefined> {
  const { legacyContent: _bytes, ...columns } = getTableColumns(documents)
  const query = executor
    .select(columns)
    .from(documents)
    .where(and(eq(documents.agencyId, agencyId), eq(documents.id, id)))
  const [row] = options.forUpdate ? await query.for('update') : await query
  return row
}

export async function deleteDocumentRow(executor: Executor, agencyId: string, id: string): Promise<void> {
  await executor.delete(documents).where(and(eq(documents.agencyId, agencyId), eq(documents.id, id)))
}

/** Which of these ids still have a row (any agency: the storage sweep works across them). */
export async function findExistingIds(executor: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  const rows = await executor.select({ id: documents.id }).from(documents).where(inArray(documents.id, ids))
  return new Set(rows.map((row) => row.id))
}

/** A few rows whose bytes are still in the database, from before file storage. */
export function findLegacyDocuments(executor: Executor, limit: number) {
  return executor
    .select({
      id: documents.id,
      agencyId: documents.agencyId,
      contentType: documents.contentType,
      content: documents.legacyContent,
    })
    .from(documents)
    .where(and(isNull(documents.storageKey), isNotNull(documents.legacyContent)))
    .limit(limit)
}

export async function setStorageKey(executor: Executor, id: string, storageKey: string): Promise<void> {
  await executor.update(documents).set({ storageKey, legacyContent: null }).where(eq(documents.id, id))
}

/** What a list of uploads shows of each (never the bytes). */
const uploadColumns = {
  id: documents.id,
  filename: documents.filename,
  contentType: documents.contentType,
  sizeBytes: documents.sizeBytes,
  sha256: documents.sha256,
  storageKey: documents.storageKey,
  documentType: documents.documentType,
  applicationId: documents.applicationId,
  createdAt: documents.createdAt,
}

/** One user's own uploads: rows of this agency of kind 'upload' that this user uploaded. */
const uploadsOf = (agencyId: string, userId: string) =>
  and(
    eq(documents.agencyId, agencyId),
    eq(documents.uploadedByUserId, userId),
    eq(documents.kind, 'upload'),
    isNotNull(documents.documentType),
    isNotNull(documents.storageKey),
  )

/** A user's uploads, newest first (the index on agency, uploader, type and time serves it). */
export function findUploads(executor: Executor, agencyId: string, userId: string, limit: number) {
  return executor
    .select(uploadColumns)
    .from(documents)
    .where(uploadsOf(agencyId, userId))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(limit)
}

/** The newest upload of each document type a user has uploaded. */
export function findLatestUploads(executor: Executor, agencyId: string, userId: string) {
  return executor
    .selectDistinctOn([documents.documentType], uploadColumns)
    .from(documents)
    .where(uploadsOf(agencyId, userId))
    .orderBy(asc(documents.documentType), desc(documents.createdAt), desc(documents.id))
}
