import type { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import type {
  DirectDeposit,
  DirectDepositInputSchema,
} from '#shared/contracts/appointments-direct-deposit.contract.ts'
import * as repository from './appointments.repository.ts'

type DirectDepositInput = z.output<typeof DirectDepositInputSchema>

const masked = (last4: string) => `****${last4}`

function toDirectDeposit(row: repository.DirectDepositRow): DirectDeposit {
  return {
    bankName: row.bankName,
    accountType: row.accountType,
    routingNumberMasked: masked(row.routingNumberLast4),
    accountNumberMasked: masked(row.accountNumberLast4),
    accountHolderName: row.accountHolderName,
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Saves the agent's account (replacing any earlier one), both numbers encrypted; audited without them. */
export async function saveDirectDeposit(
  db: Db,
  cipher: FieldCipher,
  ctx: Ctx,
  input: DirectDepositInput,
): Promise<DirectDeposit> {
  const { agencyId, userId } = ctx.actor
  return db.transaction(async (tx) => {
    const now = new Date()
    const row = await repository.upsertDirectDeposit(tx, {
      agencyId,
      userId,
      bankName: input.bankName,
      accountType: input.accountType,
      routingNumberEncrypted: cipher.encrypt(input.routingNumber),
      routingNumberLast4: input.routingNumber.slice(-4),
      accountNumberEncrypted: cipher.encrypt(input.accountNumber),
      accountNumberLast4: input.accountNumber.slice(-4),
      accountHolderName: input.accountHolderName,
      agreedAt: now,
      updatedAt: now,
    })
    await recordAudit(tx, ctx, {
      action: 'direct_deposit.saved',
      entity: { type: 'direct_deposit', id: userId },
      details: { bankName: input.bankName, accountType: input.accountType },
    })
    return toDirectDeposit(row)
  })
}

export async function getDirectDeposit(executor: Executor, agencyId: string, userId: string) {
  const row = await repository.findDirectDeposit(executor, agencyId, userId)
  return row ? toDirectDeposit(row) : null
}

/** The agent's own numbers in full: each reveal is an audit event, written before they are answered. */
export async function revealDirectDeposit(db: Db, cipher: FieldCipher, ctx: Ctx) {
  const { agencyId, userId } = ctx.actor
  const row = await repository.findDirectDeposit(db, agencyId, userId)
  if (!row) throw new AppError('NOT_FOUND', { message: 'No direct deposit account is saved yet.' })
  await recordAudit(db, ctx, {
    action: 'direct_deposit.revealed',
    entity: { type: 'direct_deposit', id: userId },
    details: { fields: ['routingNumber', 'accountNumber'] },
  })
  return {
    routingNumber: cipher.decrypt(row.routingNumberEncrypted),
    accountNumber: cipher.decrypt(row.accountNumberEncrypted),
  }
}
