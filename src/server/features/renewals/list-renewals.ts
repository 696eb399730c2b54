import type { Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { RenewalFilters } from '#shared/contracts/renewals.contract.ts'
import * as repository from './renewals.repository.ts'
import { toRenewals } from './renewals.service.ts'

const badCursor = () => new AppError('INVALID_INPUT', { message: 'The page cursor is not valid.' })

function encodeCursor(cursor: repository.RenewalCursor): string {
  return Buffer.from(`${cursor.risk}|${cursor.due}|${cursor.id}`).toString('base64url')
}

function decodeCursor(value: string): repository.RenewalCursor {
  const [risk, due, id] = Buffer.from(value, 'base64url').toString('utf8').split('|')
  if (
    (risk !== '0' && risk !== '1') ||
    !due ||
    !/^\d{4}-\d{2}-\d{2}$/.test(due) ||
    !id ||
    !/^[0-9a-f-]{36}$/.test(id)
  )
    throw badCursor()
  return { risk: Number(risk), due, id }
}

/** A page of the agency's renewals: at risk first, then by the next milestone; closed ones last. */
export async function listRenewals(
  db: Executor,
  ctx: Ctx,
  query: RenewalFilters & { limit: number; cursor?: string },
  today: string,
) {
  const rows = await repository.findRenewals(db, ctx.actor.agencyId, query, {
    limit: query.limit + 1,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
  })
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    renewals: await toRenewals(db, ctx.actor.agencyId, page, today),
    nextCursor: rows.length > query.limit && last ? encodeCursor(repository.cursorOf(last)) : null,
  }
}
