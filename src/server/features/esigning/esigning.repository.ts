import { and, asc, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import type { SigningDocumentStatus } from '#shared/domain/esigning.ts'
import { esignConsents, esignSignatures, esignSigners, signingDocuments } from './esigning.table.ts'

export type SigningDocumentRow = typeof signingDocuments.$inferSelect
export type SignatureRow = typeof esignSignatures.$inferSelect
export type SignerRow = typeof esignSigners.$inferSelect
export type ConsentRow = typeof esignConsents.$inferSelect

export async function insertSigningDocument(
  executor: Executor,
  values: typeof signingDocuments.$inferInsert,
) {
  await executor.insert(signingDocuments).values(values)
}

/** A signing document (its upload's file comes from documents: signing-documents.service.ts). */
export async function findSigningDocument(
  executor: Executor,
  agencyId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = executor
    .select()
    .from(signingDocuments)
    .where(and(eq(signingDocuments.agencyId, agencyId), eq(signingDocuments.id, id)))
  const [row] = options.forUpdate ? await query.for('update') : await query
  return row
}

export async function listSigningDocuments(
  executor: Executor,
  agencyId: string,
  filter: { ownerUserId?: string; status?: SigningDocumentStatus },
  limit: number,
) {
  const conditions: SQL[] = [eq(signingDocuments.agencyId, agencyId)]
  if (filter.ownerUserId) conditions.push(eq(signingDocuments.ownerUserId, filter.ownerUserId))
  if (filter.status) conditions.push(eq(signingDocuments.status, filter.status))
  return executor
    .select()
    .from(signingDocuments)
    .where(and(...conditions))
    .orderBy(desc(signingDocuments.createdAt), desc(signingDocuments.id))
    .limit(limit)
}

export async function updateSigningDocument(
  executor: Executor,
  agencyId: string,
  id: string,
  values: Partial<typeof signingDocuments.$inferInsert>,
) {
  await executor
    .update(signingDocuments)
    .set(values)
    .where(and(eq(signingDocuments.agencyId, agencyId), eq(signingDocuments.id, id)))
}

export async function deleteSigningDocument(executor: Executor, agencyId: string, id: string) {
  await executor
    .delete(signingDocuments)
    .where(and(eq(signingDocuments.agencyId, agencyId), eq(signingDocuments.id, id)))
}

/** A document sent through a provider, by the provider's request id (its callbacks name no agency). */
export async function findByProviderRequest(executor: Executor, provider: string, requestId: string) {
  const [row] = await executor
    .select()
    .from(signingDocuments)
    .where(
      and(
        eq(signingDocuments.provider, provider as 'hellosign'),
        eq(signingDocuments.providerRequestId, requestId),
      ),
    )
  return row
}

export async function insertConsent(executor: Executor, values: typeof esignConsents.$inferInsert) {
  const [row] = await executor.insert(esignConsents).values(values).returning()
  return row!
}

/** The latest consent that matches every condition (consents are only ever added). */
async function latestConsent(executor: Executor, conditions: SQL[]) {
  const [row] = await executor
    .select()
    .from(esignConsents)
    .where(and(...conditions))
    .orderBy(desc(esignConsents.acceptedAt))
    .limit(1)
  return row
}

/** The user's latest acceptance of this version for this signer's email. */
export function findUserConsent(
  executor: Executor,
  agencyId: string,
  userId: string,
  signerEmail: string,
  version: string,
) {
  return latestConsent(executor, [
    eq(esignConsents.agencyId, agencyId),
    eq(esignConsents.userId, userId),
    eq(esignConsents.signerEmail, signerEmail),
    eq(esignConsents.version, version),
  ])
}

export function findSignerConsent(executor: Executor, agencyId: string, signerId: string, version: string) {
  return latestConsent(executor, [
    eq(esignConsents.agencyId, agencyId),
    eq(esignConsents.signerId, signerId),
    eq(esignConsents.version, version),
  ])
}

export async function findConsentsByIds(executor: Executor, agencyId: string, ids: string[]) {
  if (ids.length === 0) return []
  return executor
    .select()
    .from(esignConsents)
    .where(and(eq(esignConsents.agencyId, agencyId), inArray(esignConsents.id, ids)))
}

export async function insertSignature(executor: Executor, values: typeof esignSignatures.$inferInsert) {
  await executor.insert(esignSignatures).values(values)
}

export async function findSignature(executor: Executor, agencyId: string, id: string) {
  const [row] = await executor
    .select()
    .from(esignSignatures)
    .where(and(eq(esignSignatures.agencyId, agencyId), eq(esignSignatures.id, id)))
  return row
}

/** A signature by id in any agency: only for the public page, which answers validity, name and time. */
export async function findSignatureAnywhere(executor: Executor, id: string) {
  const [row] = await executor.select().from(esignSignatures).where(eq(esignSignatures.id, id))
  return row
}

export function findDocumentSignatures(executor: Executor, agencyId: string, signingDocumentId: string) {
  return executor
    .select()
    .from(esignSignatures)
    .where(
      and(eq(esignSignatures.agencyId, agencyId), eq(esignSignatures.signingDocumentId, signingDocumentId)),
    )
    .orderBy(asc(esignSignatures.signedAt), asc(esignSignatures.id))
}

export function findSignaturesOfDocuments(executor: Executor, agencyId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([])
  return executor
    .select()
    .from(esignSignatures)
    .where(and(eq(esignSignatures.agencyId, agencyId), inArray(esignSignatures.signingDocumentId, ids)))
    .orderBy(asc(esignSignatures.signedAt), asc(esignSignatures.id))
}

/** Signatures whose sealed PDF has this SHA-256, in any agency (the public verify page). */
export function findSignaturesBySealedSha(executor: Executor, sha256: string) {
  return executor.select().from(esignSignatures).where(eq(esignSignatures.sealedSha256, sha256))
}

export async function insertSigners(executor: Executor, values: (typeof esignSigners.$inferInsert)[]) {
  if (values.length > 0) await executor.insert(esignSigners).values(values)
}

export function findSigners(executor: Executor, agencyId: string, signingDocumentIds: string[]) {
  if (signingDocumentIds.length === 0) return Promise.resolve([])
  return executor
    .select()
    .from(esignSigners)
    .where(
      and(eq(esignSigners.agencyId, agencyId), inArray(esignSigners.signingDocumentId, signingDocumentIds)),
    )
    .orderBy(asc(esignSigners.signingOrder))
}

export async function findSignerByTokenHash(
  executor: Executor,
  tokenHash: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = executor.select().from(esignSigners).where(eq(esignSigners.tokenHash, tokenHash))
  const [row] = options.forUpdate ? await query.for('update') : await query
  return row
}

export async function updateSigner(
  executor: Executor,
  agencyId: string,
  id: string,
  values: Partial<typeof esignSigners.$inferInsert>,
) {
  await executor
    .update(esignSigners)
    .set(values)
    .where(and(eq(esignSigners.agencyId, agencyId), eq(esignSigners.id, id)))
}

/** The first signer of a document who has not signed, by order. */
export async function findNextSigner(executor: Executor, agencyId: string, signingDocumentId: string) {
  const [row] = await executor
    .select()
    .from(esignSigners)
    .where(
      and(
        eq(esignSigners.agencyId, agencyId),
        eq(esignSigners.signingDocumentId, signingDocumentId),
        isNull(esignSigners.signedAt),
      ),
    )
    .orderBy(asc(esignSigners.signingOrder))
    .limit(1)
  return row
}
