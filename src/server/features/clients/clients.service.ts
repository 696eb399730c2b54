import type { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import { utcMonthStart } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import { decodeCursor, encodeCursor } from '#server/platform/cursor.ts'
import { isUniqueViolation } from '#server/platform/db-errors.ts'
import {
  CLIENT_MESSAGES,
  type Client,
  type ClientInputSchema,
  type ClientListItem,
  type SensitiveClientField,
} from '#shared/contracts/clients.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { SENSITIVE_COLUMNS, toClient, toClientRow } from './client-mapping.service.ts'
import * as repository from './clients.repository.ts'

/** For the book import: each insured's client, matched by email, then name and ZIP, or created. */
export { type Insured, matchInsureds } from './match-insureds.ts'

type ParsedClient = z.output<typeof ClientInputSchema>
/** An imported row has the import's required fields; the rest may be missing. */
export type ImportedClient = Partial<ParsedClient> &
  Pick<ParsedClient, 'firstName' | 'lastName' | 'email' | 'phone'>
/** What a spreadsheet row fills: the import template's columns, none of them sensitive. */
export type SpreadsheetClient = Pick<ParsedClient, 'firstName' | 'lastName' | 'email' | 'phone'> &
  Partial<
    Pick<ParsedClient, 'dateOfBirth' | 'insuranceType' | 'address' | 'city' | 'state' | 'zipCode' | 'notes'>
  >
/** Many spreadsheet clients as columns: each field of every row in one array literal (array-literal.ts). */
export type SpreadsheetClientColumns = Partial<Record<keyof SpreadsheetClient, string>>

/**
 * What clients shows of their applications. The applications feature keeps them and sits above
 * clients, so its counts are passed in (features/index.ts, and callers above both).
 */
export interface ClientApplications {
  /** How many applications each of these clients has (those with none may be absent). */
  countByClient: (executor: Executor, agencyId: string, clientIds: string[]) => Promise<Map<string, number>>
  /** How many of the agency's clients have an application that is not rejected. */
  countActiveClients: (executor: Executor, agencyId: string) => Promise<number>
}

const notFound = () => new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })

function emailTaken(): AppError {
  return new AppError('CONFLICT', {
    message: CLIENT_MESSAGES.emailTaken,
    fieldErrors: [{ path: 'email', message: CLIENT_MESSAGES.emailTaken }],
  })
}

/** Audit details name the fields changed, never their values (they may be SSNs). */
function changedFields(input: ParsedClient): string[] {
  return Object.entries(input)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key)
}

export async function createClient(
  db: Db,
  cipher: FieldCipher,
  ctx: Ctx,
  input: ParsedClient,
): Promise<Client> {
  try {
    return await db.transaction((tx) => createClientIn(tx, cipher, ctx, input))
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
}

/**
 * Creates a client inside the caller's transaction (the wizard creates the client and the
 * application together). A duplicate email surfaces as a unique violation: see isClientEmailTaken.
 */
export async function createClientIn(
  tx: Executor,
  cipher: FieldCipher,
  ctx: Ctx,
  input: ParsedClient,
): Promise<Client> {
  const { actor } = ctx
  const row = await repository.insertClient(tx, {
    ...(toClientRow(input, cipher) as repository.NewClientRow),
    agencyId: actor.agencyId,
    createdByUserId: actor.userId,
  })
  await recordAudit(tx, ctx, {
    action: 'client.created',
    entity: { type: 'client', id: row.id },
    details: { fields: changedFields(input) },
  })
  return toClient(row, 0)
}

export { isUniqueViolation as isClientEmailTaken }

/** For applications: the client's name and email when it belongs to the agency. */
export async function findClientSummary(executor: Executor, { actor }: Ctx, id: string) {
  const row = await repository.findClient(executor, actor.agencyId, id)
  return row ? { id: row.id, firstName: row.firstName, lastName: row.lastName, email: row.email } : undefined
}

/** A client as a record that names it shows it (an application's list row): no sensitive field. */
export type ClientCard = Awaited<ReturnType<typeof repository.findClientCards>>[number]

/**
 * For lists that name clients (applications): the agency's client cards as a subquery the list's
 * own query joins by id, so a page costs one query (decision 025). Clients of other agencies are
 * not in it, so an inner join leaves their rows out.
 */
export { selectClientCards } from './clients.repository.ts'
export type ClientCardsQuery = ReturnType<typeof repository.selectClientCards>

/** For applications: these clients of the agency by id, for a whole page in one query (others' are absent). */
export async function findClientCards(
  executor: Executor,
  agencyId: string,
  ids: readonly string[],
): Promise<Map<string, ClientCard>> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return new Map()
  const rows = await repository.findClientCards(executor, agencyId, wanted)
  return new Map(rows.map((row) => [row.id, row]))
}

/** For a carrier packet: the client's stored record (sensitive fields still encrypted), when the agency's. */
export function findClientRecord(executor: Executor, agencyId: string, id: string) {
  return repository.findClient(executor, agencyId, id)
}

export async function updateClient(
  db: Db,
  cipher: FieldCipher,
  ctx: Ctx,
  id: string,
  input: ParsedClient,
  applications: ClientApplications,
): Promise<Client> {
  const { actor } = ctx
  try {
    return await db.transaction(async (tx) => {
      const row = await repository.updateClient(tx, actor.agencyId, id, toClientRow(input, cipher))
      if (!row) throw notFound()
      await recordAudit(tx, ctx, {
        action: 'client.updated',
        entity: { type: 'client', id: id },
        details: { fields: changedFields(input) },
      })
      const counts = await applications.countByClient(tx, actor.agencyId, [id])
      return toClient(row, counts.get(id) ?? 0)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
}

/** The full record, masked. Viewing a client's details is audited. */
export function getClient(db: Db, ctx: Ctx, id: string, applications: ClientApplications): Promise<Client> {
  const { actor } = ctx
  return db.transaction(async (tx) => {
    const row = await repository.findClient(tx, actor.agencyId, id)
    if (!row) throw notFound()
    await recordAudit(tx, ctx, { action: 'client.viewed', entity: { type: 'client', id: id } })
    const counts = await applications.countByClient(tx, actor.agencyId, [id])
    return toClient(row, counts.get(id) ?? 0)
  })
}

/** One sensitive value in the clear, for a user who asked to see it; audited with the field name. */
export function revealClientField(
  db: Db,
  cipher: FieldCipher,
  ctx: Ctx,
  id: string,
  field: SensitiveClientField,
): Promise<{ field: SensitiveClientField; value: string | null }> {
  const { actor } = ctx
  return db.transaction(async (tx) => {
    const row = await repository.findClient(tx, actor.agencyId, id)
    if (!row) throw notFound()
    const stored = row[SENSITIVE_COLUMNS[field].encrypted]
    await recordAudit(tx, ctx, {
      action: 'client.sensitive_revealed',
      entity: { type: 'client', id: id },
      details: { field },
    })
    return { field, value: stored ? cipher.decrypt(stored) : null }
  })
}

export async function listClients(
  db: Executor,
  { actor }: Ctx,
  query: { q?: string; limit: number; cursor?: string },
  applications: ClientApplications,
): Promise<{ data: ClientListItem[]; nextCursor: string | null }> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined
  if (query.cursor && !after)
    throw new AppError('INVALID_INPUT', { message: 'The page cursor is not valid.' })
  const rows = await repository.findClients(db, actor.agencyId, {
    q: query.q || undefined,
    limit: query.limit + 1,
    after,
  })
  const page = rows.slice(0, query.limit)
  const counts = await applications.countByClient(
    db,
    actor.agencyId,
    page.map((row) => row.id),
  )
  return {
    data: page.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      applicationCount: counts.get(row.id) ?? 0,
    })),
    nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!) : null,
  }
}

export async function summarizeClients(
  db: Executor,
  { actor }: Ctx,
  applications: ClientApplications,
  now = new Date(),
) {
  const monthStart = utcMonthStart(now)
  const [totals, active] = await Promise.all([
    repository.summarizeClients(db, actor.agencyId, monthStart),
    applications.countActiveClients(db, actor.agencyId),
  ])
  return { ...totals, active }
}

/** Writes many clients at once (the demo agency's), skipping emails the agency has; answers those written. */
export function insertImportedClients(
  executor: Executor,
  cipher: FieldCipher,
  ctx: Ctx,
  inputs: ImportedClient[],
) {
  const rows = inputs.map((input) => ({
    ...(toClientRow(input, cipher) as repository.NewClientRow),
    agencyId: ctx.actor.agencyId,
    createdByUserId: ctx.actor.userId,
  }))
  return rows.length === 0 ? Promise.resolve([]) : repository.insertClientsSkippingDuplicates(executor, rows)
}

/**
 * For the import: writes a batch given as columns, skipping emails already in the agency (the
 * fields need no mapping: none is sensitive). Answers the emails written.
 */
export function insertSpreadsheetClients(
  executor: Executor,
  { actor }: Ctx,
  columns: SpreadsheetClientColumns,
): Promise<string[]> {
  return repository.insertClientColumnsSkippingDuplicates(
    executor,
    { agencyId: actor.agencyId, createdByUserId: actor.userId },
    columns,
  )
}

/**
 * For the import: a batch transaction that waits for its commit must not wait on other
 * transactions for long (see IMPORT_LOCK_WAIT_MS); past `ms` its insert fails with 55P03.
 */
export function limitImportLockWait(tx: Executor, ms: number): Promise<void> {
  return repository.limitLockWait(tx, ms)
}
