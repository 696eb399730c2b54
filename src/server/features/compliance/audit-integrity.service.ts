import type { Db } from '#server/db/connect.ts'
import { recordAudit } from '#server/platform/audit.ts'
import { readLastEvent } from '#server/platform/audit-chain.ts'
import { verifyAuditChain } from '#server/platform/audit-verify.ts'
import type { Ctx } from '#server/platform/context.ts'
import {
  AUDIT_CHECKPOINT_MESSAGES,
  type AuditChainVerification,
  type AuditCheckpoint,
  type CheckpointVerification,
} from '#shared/contracts/compliance.contract.ts'
import type { CheckpointSigner } from './checkpoint-signer.service.ts'

const actorOf = ({ actor }: Ctx) => ({ agencyId: actor.agencyId, actorUserId: actor.userId })

/** 'Verify integrity': walks the caller's agency's chain, then records that it did and what it found. */
export async function verifyAgencyAuditChain(db: Db, ctx: Ctx): Promise<AuditChainVerification> {
  const result = await verifyAuditChain(db, ctx.actor.agencyId)
  await recordAudit(db, ctx, {
    ...actorOf(ctx),
    action: 'audit.chain_verified',
    details: result.ok
      ? { ok: true, events: result.events, headHash: result.headHash }
      : { ok: false, verifiedEvents: result.verifiedEvents, firstBadEvent: result.firstBadEvent },
  })
  return result
}

/** The agency's chain head now, signed. The export is audited after it (a download). */
export async function exportAuditCheckpoint(
  db: Db,
  signer: CheckpointSigner,
  ctx: Ctx,
): Promise<AuditCheckpoint> {
  const { agencyId } = ctx.actor
  const head = await readLastEvent(db, agencyId)
  const checkpoint = signer.sign({
    agencyId,
    sequence: head.sequence,
    headHash: head.hash,
    createdAt: new Date().toISOString(),
  })
  await recordAudit(db, ctx, {
    ...actorOf(ctx),
    action: 'audit.checkpoint_exported',
    details: { sequence: checkpoint.sequence, headHash: checkpoint.headHash },
  })
  return checkpoint
}

async function judgeCheckpoint(
  db: Db,
  signer: CheckpointSigner,
  ctx: Ctx,
  checkpoint: AuditCheckpoint,
): Promise<CheckpointVerification> {
  const signatureValid = signer.isOurs(checkpoint)
  if (checkpoint.agencyId !== ctx.actor.agencyId)
    return {
      valid: false,
      signatureValid,
      headPresent: false,
      message: AUDIT_CHECKPOINT_MESSAGES.otherAgency,
    }
  // Walking from the first event up to the checkpoint's position proves nothing before it changed
  // since; the hash there proves nobody rewrote it all consistently.
  const walk = await verifyAuditChain(db, checkpoint.agencyId, { upTo: checkpoint.sequence })
  const headPresent = walk.ok && walk.events === checkpoint.sequence && walk.headHash === checkpoint.headHash
  const message = !signatureValid
    ? AUDIT_CHECKPOINT_MESSAGES.badSignature
    : headPresent
      ? AUDIT_CHECKPOINT_MESSAGES.valid
      : AUDIT_CHECKPOINT_MESSAGES.headMissing
  return {
    valid: signatureValid && headPresent,
    signatureValid,
    headPresent,
    message,
    ...(walk.ok ? {} : { firstBadEvent: walk.firstBadEvent }),
  }
}

/** Takes back a checkpoint kept elsewhere: is it ours, and does the chain still hold its head? Audited. */
export async function verifyAuditCheckpoint(
  db: Db,
  signer: CheckpointSigner,
  ctx: Ctx,
  checkpoint: AuditCheckpoint,
): Promise<CheckpointVerification> {
  const result = await judgeCheckpoint(db, signer, ctx, checkpoint)
  await recordAudit(db, ctx, {
    ...actorOf(ctx),
    action: 'audit.checkpoint_verified',
    details: {
      checkpointAgencyId: checkpoint.agencyId,
      sequence: checkpoint.sequence,
      headHash: checkpoint.headHash,
      valid: result.valid,
      signatureValid: result.signatureValid,
      headPresent: result.headPresent,
    },
  })
  return result
}
