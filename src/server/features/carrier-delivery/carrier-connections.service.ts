import type { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import { invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import {
  type CarrierConnection,
  CONNECTION_TEXTS,
  type updateCarrierConnectionCall,
} from '#shared/contracts/carrier-delivery.contract.ts'
import { getCarrier } from '../carriers/carriers.service.ts'
import * as repository from './carrier-connections.repository.ts'
import { generateSecret } from './signing.service.ts'
import { type AllowList, checkEndpoint } from './ssrf.service.ts'

export interface ConnectionSettings {
  allowList: AllowList
  /** Where this install is reached from outside, for the webhook address carriers are given. */
  publicUrl: string
}

export interface ConnectionSecret {
  apiEndpoint: string | null
  secret: string | null
}

/** The endpoint and the decrypted shared secret, for delivery and webhook checks. */
export async function findConnectionSecret(
  executor: Executor,
  cipher: FieldCipher,
  agencyId: string,
  carrierId: string,
): Promise<ConnectionSecret | null> {
  const row = await repository.findConnection(executor, agencyId, carrierId)
  if (!row) return null
  return {
    apiEndpoint: row.apiEndpoint,
    secret: row.secretEncrypted ? cipher.decrypt(row.secretEncrypted) : null,
  }
}

/** The decrypted secret of every agency connected to this carrier: who may have signed its webhook. */
export async function findCarrierSecrets(
  executor: Executor,
  cipher: FieldCipher,
  carrierId: string,
): Promise<{ agencyId: string; secret: string }[]> {
  const rows = await repository.findSignedConnectionsOf(executor, carrierId)
  return rows.map((row) => ({ agencyId: row.agencyId, secret: cipher.decrypt(row.secretEncrypted!) }))
}

function toConnection(
  carrierId: string,
  row: Pick<repository.ConnectionRow, 'apiEndpoint' | 'secretEncrypted'> | undefined,
  settings: ConnectionSettings,
): CarrierConnection {
  return {
    carrierId,
    apiEndpoint: row?.apiEndpoint ?? null,
    hasSecret: Boolean(row?.secretEncrypted),
    webhookUrl: `${settings.publicUrl.replace(/\/$/, '')}/api/carrier-webhooks/${carrierId}`,
  }
}

export async function getConnection(
  db: Db,
  ctx: Ctx,
  carrierId: string,
  settings: ConnectionSettings,
): Promise<CarrierConnection> {
  await getCarrier(db, ctx, carrierId)
  return toConnection(carrierId, await repository.findConnection(db, ctx.actor.agencyId, carrierId), settings)
}

const PROBLEM_TEXTS = {
  invalid: CONNECTION_TEXTS.endpointInvalid,
  private: CONNECTION_TEXTS.endpointPrivate,
  unresolvable: CONNECTION_TEXTS.endpointUnresolvable,
} as const

/** Left out, the endpoint keeps what is saved; null clears it. */
export type ConnectionUpdate = z.output<NonNullable<(typeof updateCarrierConnectionCall)['body']>>

/**
 * Changes what the admin gave and keeps the rest: a new endpoint (checked against the SSRF guard),
 * a new shared secret, or both. A first connection needs an endpoint. The secret is stored
 * encrypted and shown in this answer only; the audit names what changed, never the secret.
 */
export async function updateConnection(
  db: Db,
  cipher: FieldCipher,
  ctx: Ctx,
  carrierId: string,
  input: ConnectionUpdate,
  settings: ConnectionSettings,
): Promise<CarrierConnection> {
  await getCarrier(db, ctx, carrierId)
  if (input.apiEndpoint) {
    const problem = await checkEndpoint(input.apiEndpoint, settings.allowList)
    if (problem) throw invalidField('apiEndpoint', PROBLEM_TEXTS[problem])
  }
  const { agencyId } = ctx.actor
  return db.transaction(async (tx) => {
    const current = await repository.findConnection(tx, agencyId, carrierId, { forUpdate: true })
    if (!current && !input.apiEndpoint) {
      throw invalidField('apiEndpoint', CONNECTION_TEXTS.endpointRequired)
    }
    const endpointChanged = input.apiEndpoint !== undefined && input.apiEndpoint !== current?.apiEndpoint
    if (!endpointChanged && !input.rotateSecret) return toConnection(carrierId, current, settings)
    const secret = input.rotateSecret ? generateSecret() : undefined
    const row = await repository.upsertConnection(tx, agencyId, carrierId, {
      ...(endpointChanged ? { apiEndpoint: input.apiEndpoint } : {}),
      ...(secret ? { secretEncrypted: cipher.encrypt(secret) } : {}),
    })
    await recordAudit(tx, ctx, {
      action: 'carrier.connection_updated',
      entity: { type: 'carrier', id: carrierId },
      details: {
        apiEndpoint: row.apiEndpoint,
        ...(endpointChanged ? { previousEndpoint: current?.apiEndpoint ?? null } : {}),
        endpointChanged,
        secretRotated: Boolean(secret),
      },
    })
    return { ...toConnection(carrierId, row, settings), ...(secret ? { secret } : {}) }
  })
}
