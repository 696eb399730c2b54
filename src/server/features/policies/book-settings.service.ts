import type { Db, Executor } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { BookSettings } from '#shared/contracts/policies-book-settings.contract.ts'
import { DEFAULT_REINSTATEMENT_WINDOW_DAYS } from '#shared/domain/policy-ledger.ts'
import { isAgencyAdmin } from '#shared/domain/roles.ts'
import * as repository from './book-settings.repository.ts'

/** The settings an agency that never changed them has. */
export const DEFAULT_BOOK_SETTINGS: BookSettings = {
  reinstatementWindowDays: DEFAULT_REINSTATEMENT_WINDOW_DAYS,
}

function toSettings(row: repository.BookSettingsRow | undefined): BookSettings {
  return row ? { reinstatementWindowDays: row.reinstatementWindowDays } : DEFAULT_BOOK_SETTINGS
}

/** The agency's book settings, its defaults where it set none (reinstatement, and later renewals). */
export async function findBookSettings(executor: Executor, agencyId: string): Promise<BookSettings> {
  return toSettings(await repository.findBookSettings(executor, agencyId))
}

/** Everyone in the agency reads them; agency admins change them. */
export async function getBookSettings(db: Db, ctx: Ctx) {
  return {
    settings: await findBookSettings(db, ctx.actor.agencyId),
    canEdit: isAgencyAdmin(ctx.actor.role),
  }
}

/** Agency admins only (the route); audited with the values it replaced. */
export function updateBookSettings(db: Db, ctx: Ctx, input: BookSettings) {
  const { agencyId, userId } = ctx.actor
  return db.transaction(async (tx) => {
    const before = toSettings(await repository.findBookSettings(tx, agencyId, { forUpdate: true }))
    const row = await repository.upsertBookSettings(tx, agencyId, { ...input, updatedByUserId: userId })
    const after = toSettings(row)
    await recordAudit(tx, ctx, {
      action: 'settings.book_updated',
      entity: { type: 'agency', id: agencyId },
      details: { from: before, to: after },
    })
    return { settings: after, canEdit: true }
  })
}
