import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import { decodeCursor, encodeCursor } from '#server/platform/cursor.ts'
import type {
  ContactCategory,
  ContactPriority,
  SupportMessage,
  SupportMessageSummary,
  SupportStatus,
} from '#shared/contracts/contact.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { findAgencyNames } from '../agencies/find-agency-names.ts'
import { findUserContact } from '../auth/auth.service.ts'
import * as repository from './contact.repository.ts'
import { queueReply } from './contact-mail.service.ts'

// The support inbox is the platform's, not an agency's: only platform staff reach these (the
// routes' roles), and their reads and answers go to the platform's audit chain (agency null).

const notFound = () => new AppError('NOT_FOUND', { message: GENERIC_MESSAGES.notFound })

type Found = { message: repository.ContactMessageRow; agencyName: string | null }

/** Each message with the name of the agency it came from (a visitor's has none), in one more query. */
async function withAgencyNames(
  executor: Executor,
  messages: repository.ContactMessageRow[],
): Promise<Found[]> {
  const agencyIds = messages.flatMap((message) => (message.agencyId ? [message.agencyId] : []))
  const names = await findAgencyNames(executor, agencyIds)
  return messages.map((message) => ({
    message,
    agencyName: message.agencyId ? (names.get(message.agencyId) ?? null) : null,
  }))
}

function toSummary({ message, agencyName }: Found): SupportMessageSummary {
  return {
    id: message.id,
    reference: message.reference,
    name: message.name,
    email: message.email,
    subject: message.subject,
    category: message.category as ContactCategory,
    priority: message.priority as ContactPriority,
    status: message.status as SupportStatus,
    agencyName: agencyName ?? null,
    createdAt: message.createdAt.toISOString(),
  }
}

export async function listSupportMessages(
  db: Executor,
  query: { status: SupportStatus | 'all'; limit: number; cursor?: string },
) {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined
  const rows = await repository.findMessages(db, {
    status: query.status === 'all' ? undefined : query.status,
    limit: query.limit + 1,
    after,
  })
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    data: (await withAgencyNames(db, page)).map(toSummary),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  }
}

async function loadMessage(executor: Executor, id: string): Promise<SupportMessage> {
  const row = await repository.findMessage(executor, id)
  if (!row) throw notFound()
  const [found] = await withAgencyNames(executor, [row])
  const replies = await repository.findReplies(executor, id)
  const { message } = found!
  return {
    ...toSummary(found!),
    phone: message.phone,
    company: message.company,
    message: message.message,
    currentPlan: message.currentPlan,
    browserInfo: message.browserInfo,
    consentToFollow: message.consentToFollow,
    replies: replies.map((reply) => ({
      id: reply.id,
      message: reply.message,
      authorName: reply.authorName,
      createdAt: reply.createdAt.toISOString(),
    })),
  }
}

/** One message with its answers; the read is audited (it holds the sender's contact details). */
export function viewSupportMessage(db: Db, ctx: Ctx, id: string): Promise<SupportMessage> {
  return db.transaction(async (tx) => {
    const message = await loadMessage(tx, id)
    await recordAuditAs(
      tx,
      ctx,
      { agencyId: null, actorUserId: ctx.actor.userId },
      { action: 'support.message_viewed', entity: { type: 'contact_message', id: id } },
    )
    return message
  })
}

/** Records the answer, mails it to the sender and marks the message answered. */
export async function replyToSupportMessage(
  db: Db,
  ctx: Ctx,
  id: string,
  reply: string,
  wake?: () => void,
): Promise<SupportMessage> {
  const answered = await db.transaction(async (tx) => {
    const found = await repository.findMessage(tx, id)
    if (!found) throw notFound()
    const author = await findUserContact(tx, ctx.actor.agencyId, ctx.actor.userId)
    const authorName = author?.name ?? 'Support'
    await repository.insertReply(tx, {
      messageId: id,
      authorUserId: ctx.actor.userId,
      authorName,
      message: reply,
    })
    await repository.setMessageStatus(tx, id, 'answered')
    await queueReply(tx, found, reply, authorName)
    await recordAuditAs(
      tx,
      ctx,
      { agencyId: null, actorUserId: ctx.actor.userId },
      {
        action: 'support.replied',
        entity: { type: 'contact_message', id: id },
        details: { reference: found.reference },
      },
    )
    return loadMessage(tx, id)
  })
  wake?.()
  return answered
}

export function setSupportMessageStatus(db: Db, ctx: Ctx, id: string, status: SupportStatus) {
  return db.transaction(async (tx) => {
    const found = await repository.findMessage(tx, id)
    if (!found) throw notFound()
    await repository.setMessageStatus(tx, id, status)
    await recordAuditAs(
      tx,
      ctx,
      { agencyId: null, actorUserId: ctx.actor.userId },
      {
        action: 'support.status_changed',
        entity: { type: 'contact_message', id: id },
        details: { from: found.status, to: status },
      },
    )
    return loadMessage(tx, id)
  })
}
