import type { Db } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import { utcToday } from '#server/platform/calendar.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { Quote } from '#shared/contracts/quotes.contract.ts'
import { findCarrierNames } from '../carriers/carriers.service.ts'
import * as repository from './quotes.repository.ts'
import { lockApplicationForQuote, toQuote } from './quotes.service.ts'

/**
 * A carrier's decline that came by email, letter or phone, entered by the agent with the
 * carrier's reason: a declined quote beside the others, so the comparison shows who said no and
 * why. The application must be the agency's, open, and sent to the carrier. Audited.
 */
export async function recordDecline(
  db: Db,
  ctx: Ctx,
  applicationId: string,
  input: { carrierId: string; reason: string },
): Promise<Quote> {
  const { agencyId, userId } = ctx.actor
  const row = await db.transaction(async (tx) => {
    await lockApplicationForQuote(tx, agencyId, applicationId, input.carrierId)
    const quote = await repository.insertQuote(tx, {
      agencyId,
      applicationId,
      carrierId: input.carrierId,
      status: 'declined',
      source: 'agent',
      declineReason: input.reason,
      createdByUserId: userId,
    })
    await recordAudit(tx, ctx, {
      action: 'quote.declined',
      entity: { type: 'quote', id: quote.id },
      details: { applicationId, carrierId: input.carrierId },
    })
    return quote
  })
  const names = await findCarrierNames(db, [row.carrierId])
  return toQuote(row, names.get(row.carrierId)?.name ?? 'Unknown carrier', utcToday())
}
