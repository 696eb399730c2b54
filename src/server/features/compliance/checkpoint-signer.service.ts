import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto'
import { type AuditCheckpoint, CHECKPOINT_ALGORITHM } from '#shared/contracts/compliance.contract.ts'

/** What a checkpoint's signature covers: these keys in this order, JSON.stringify's form. */
export function checkpointMessage(checkpoint: Omit<AuditCheckpoint, 'signature' | 'publicKey'>): string {
  return JSON.stringify({
    agencyId: checkpoint.agencyId,
    sequence: checkpoint.sequence,
    headHash: checkpoint.headHash,
    createdAt: checkpoint.createdAt,
    algorithm: checkpoint.algorithm,
  })
}

export interface CheckpointSigner {
  sign(checkpoint: Omit<AuditCheckpoint, 'algorithm' | 'signature' | 'publicKey'>): AuditCheckpoint
  /** Ours: signed by this key, with this key named, over exactly these values. */
  isOurs(checkpoint: AuditCheckpoint): boolean
}

// An Ed25519 private key in PKCS#8 DER is this fixed prefix and the 32-byte seed (RFC 8410).
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

/**
 * Signs checkpoints with the Ed25519 key whose 32-byte seed is given: AUDIT_SIGNING_KEY, or one
 * generated once into DATA_DIR (loadSecret). The key never enters the database, so someone who
 * can only write the database cannot make a checkpoint for a history they rewrote.
 */
export function createCheckpointSigner(seed: Buffer): CheckpointSigner {
  if (seed.length !== 32) throw new Error('The audit signing key must be 32 bytes')
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  })
  const publicKey = createPublicKey(privateKey)
  const publicKeyPem = publicKey.export({ format: 'pem', type: 'spki' }).toString()
  return {
    sign(values) {
      const unsigned = { ...values, algorithm: CHECKPOINT_ALGORITHM } as const
      const signature = sign(null, Buffer.from(checkpointMessage(unsigned)), privateKey)
      return { ...unsigned, signature: signature.toString('base64'), publicKey: publicKeyPem }
    },
    isOurs(checkpoint) {
      if (checkpoint.publicKey.trim() !== publicKeyPem.trim()) return false
      const signature = Buffer.from(checkpoint.signature, 'base64')
      if (signature.length !== 64) return false
      return verify(null, Buffer.from(checkpointMessage(checkpoint)), publicKey, signature)
    },
  }
}
