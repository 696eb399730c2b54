import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { ConsentState } from '#shared/contracts/esigning.contract.ts'
import { ESIGN_DISCLOSURE, ESIGNING_TEXTS } from '#shared/contracts/esigning-texts.ts'
import { findUserContact } from '../auth/auth.service.ts'
import * as repository from './esigning.repository.ts'

/** Who signs in a user's session: the user, unless they name someone else (a client at their desk). */
export async function signerIdentity(
  executor: Executor,
  ctx: Ctx,
  named: { signerName?: string; signerEmail?: string },
) {
  const contact = await findUserContact(executor, ctx.actor.agencyId, ctx.actor.userId)
  if (!contact) throw new AppError('UNAUTHORIZED', { message: 'Unauthorized' })
  return {
    signerName: named.signerName ?? contact.name,
    signerEmail: (named.signerEmail ?? contact.email).toLowerCase(),
    user: contact,
  }
}

function stateOf(row: repository.ConsentRow | undefined): ConsentState {
  return {
    version: ESIGN_DISCLOSURE.version,
    accepted: row !== undefined,
    acceptedAt: row?.acceptedAt.toISOString() ?? null,
  }
}

/** Whether this user accepted the current disclosure for this signer (themselves by default). */
export async function getConsent(db: Db, ctx: Ctx, signerEmail?: string): Promise<ConsentState> {
  const signer = await signerIdentity(db, ctx, { signerEmail })
  return stateOf(
    await repository.findUserConsent(
      db,
      ctx.actor.agencyId,
      ctx.actor.userId,
      signer.signerEmail,
      ESIGN_DISCLOSURE.version,
    ),
  )
}

/** Records the acceptance (version, time, IP, user agent) and audits it. */
export async function acceptConsent(
  db: Db,
  ctx: Ctx,
  input: { version: string; signerName?: string; signerEmail?: string },
): Promise<ConsentState> {
  if (input.version !== ESIGN_DISCLOSURE.version) {
    throw new AppError('CONFLICT', { message: ESIGNING_TEXTS.consentOutdated })
  }
  const { agencyId, userId } = ctx.actor
  return db.transaction(async (tx) => {
    const signer = await signerIdentity(tx, ctx, input)
    const row = await repository.insertConsent(tx, {
      agencyId,
      userId,
      signerName: signer.signerName,
      signerEmail: signer.signerEmail,
      version: input.version,
      acceptedAt: new Date(),
      ipAddress: ctx.ipAddress,
      userAgent: ctx.userAgent?.slice(0, 512) ?? null,
    })
    await recordAudit(tx, ctx, {
      action: 'esign.consent_accepted',
      entity: { type: 'esign_consent', id: row.id },
      details: { version: row.version, signerEmail: row.signerEmail },
    })
    return stateOf(row)
  })
}

/** The consent a signature rests on; without one, signing is refused (409) and the browser asks. */
export async function requireUserConsent(executor: Executor, ctx: Ctx, signerEmail: string) {
  const row = await repository.findUserConsent(
    executor,
    ctx.actor.agencyId,
    ctx.actor.userId,
    signerEmail,
    ESIGN_DISCLOSURE.version,
  )
  if (!row) throw new AppError('CONFLICT', { message: ESIGNING_TEXTS.consentRequired })
  return row
}
