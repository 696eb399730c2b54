import { randomInt } from 'node:crypto'
import { millisecondsInHour } from 'date-fns/constants'
import type { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAuditAs } from '#server/platform/audit.ts'
import type { Actor, RequestMeta } from '#server/platform/context.ts'
import { isUniqueViolation } from '#server/platform/db-errors.ts'
import {
  CONTACT_HOURLY_LIMIT,
  CONTACT_TEXTS,
  ContactInputSchema,
  HONEYPOT_FIELD,
} from '#shared/contracts/contact.contract.ts'
import * as repository from './contact.repository.ts'
import { queueConfirmation, queueSupportCopy } from './contact-mail.service.ts'

type ContactInput = z.output<typeof ContactInputSchema>

export interface ContactSettings {
  /** SUPPORT_EMAIL: where messages are mailed. */
  supportEmail: string
  /** Ask the worker to run now (the mail was queued). */
  wake?: () => void
}

// Crockford's base 32: no I, L, O or U to misread when a sender quotes it.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

export function newReference(): string {
  let code = ''
  for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(ALPHABET.length)]
  return `SUP-${code}`
}

/**
 * Stores the message, mails it to support and the confirmation to the sender, in one transaction.
 * Anyone may write, signed in or not; each address and each email may send CONTACT_HOURLY_LIMIT an
 * hour. A message with the hidden honeypot field filled is from a bot: it is answered as if sent,
 * and nothing is stored or mailed.
 */
export async function sendContactMessage(
  db: Db,
  settings: ContactSettings,
  from: { actor: Actor | null; meta: RequestMeta },
  input: ContactInput,
): Promise<{ reference: string }> {
  if (input[HONEYPOT_FIELD]?.trim()) return { reference: newReference() }
  const { actor, meta } = from
  const since = new Date(Date.now() - millisecondsInHour)
  const recent = await repository.countRecentMessages(
    db,
    { ipAddress: meta.ipAddress, email: input.email },
    since,
  )
  if (recent.fromAddress >= CONTACT_HOURLY_LIMIT || recent.fromEmail >= CONTACT_HOURLY_LIMIT) {
    throw new AppError('TOO_MANY_REQUESTS', {
      message: CONTACT_TEXTS.throttled.replace('{email}', settings.supportEmail),
      headers: { 'retry-after': '3600' },
    })
  }
  const { [HONEYPOT_FIELD]: _honeypot, ...fields } = input
  const reference = await db.transaction(async (tx) => {
    const row = await insertWithFreshReference(tx, {
      ...fields,
      agencyId: actor?.agencyId ?? null,
      userId: actor?.userId ?? null,
      ipAddress: meta.ipAddress,
    })
    await queueSupportCopy(tx, settings.supportEmail, row)
    await queueConfirmation(tx, row)
    await recordAuditAs(
      tx,
      meta,
      { agencyId: actor?.agencyId ?? null, actorUserId: actor?.userId ?? null },
      {
        action: 'contact.message_sent',
        entity: { type: 'contact_message', id: row.id },
        details: { reference: row.reference, category: row.category, priority: row.priority },
      },
    )
    return row.reference
  })
  settings.wake?.()
  return { reference }
}

/** A reference is random; the one-in-a-trillion clash with an earlier one draws again. */
async function insertWithFreshReference(
  tx: Executor,
  row: Omit<repository.NewContactMessageRow, 'reference'>,
): Promise<repository.ContactMessageRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await tx.transaction((inner) =>
        repository.insertContactMessage(inner, { ...row, reference: newReference() }),
      )
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error
    }
  }
}

/**
 * The demo's sample message: stored as if sent from the demo agency, without mailing anyone (a
 * demo start must not write to a real support address).
 */
export function recordDemoMessage(db: Db, ctx: { actor: Actor }, input: z.input<typeof ContactInputSchema>) {
  const { [HONEYPOT_FIELD]: _honeypot, ...fields } = ContactInputSchema.parse(input)
  return db.transaction((tx) =>
    insertWithFreshReference(tx, {
      ...fields,
      agencyId: ctx.actor.agencyId,
      userId: ctx.actor.userId,
      ipAddress: null,
    }),
  )
}
