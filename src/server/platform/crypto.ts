import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * AES-256-GCM for sensitive fields (SSN, bank numbers, licence numbers). Stored as
 * `v1:<iv>:<tag>:<ciphertext>` in base64 so the format can change without ambiguity.
 */
export interface FieldCipher {
  encrypt(plaintext: string): string
  decrypt(stored: string): string
  /**
   * HMAC-SHA256 (hex) of `value` under a subkey of the data key for `purpose`: a digest a row can
   * be looked up by, but which a copy of the database alone cannot be searched against offline.
   */
  keyedDigest(purpose: KeyedDigestPurpose, value: string): string
}

/** Each use of a keyed digest gets its own subkey, so one digest never stands for another. */
export type KeyedDigestPurpose = 'recovery-codes'

/**
 * The subkey: HKDF-SHA256 of the data key (DATA_ENCRYPTION_KEY or its generated file), no salt,
 * info `agency-back-office/keyed-digest/<purpose>/v1`, 32 bytes. Replacing the data key makes
 * every digest under it unmatchable, like every ciphertext.
 */
export function deriveDigestKey(key: Buffer, purpose: KeyedDigestPurpose): Buffer {
  return Buffer.from(
    hkdfSync('sha256', key, Buffer.alloc(0), `agency-back-office/keyed-digest/${purpose}/v1`, 32),
  )
}

export function createFieldCipher(key: Buffer): FieldCipher {
  if (key.length !== 32) throw new Error('The data encryption key must be 32 bytes')
  const digestKeys = new Map<KeyedDigestPurpose, Buffer>()
  return {
    keyedDigest(purpose, value) {
      const digestKey = digestKeys.get(purpose) ?? deriveDigestKey(key, purpose)
      digestKeys.set(purpose, digestKey)
      return createHmac('sha256', digestKey).update(value).digest('hex')
    },
    encrypt(plaintext) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      return ['v1', iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64')))
        .join(':')
    },
    decrypt(stored) {
      const [version, iv, tag, ciphertext] = stored.split(':')
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined)
        throw new Error('Unknown ciphertext format')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'))
      decipher.setAuthTag(Buffer.from(tag, 'base64'))
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString(
        'utf8',
      )
    },
  }
}

/**
 * The key comes from DATA_ENCRYPTION_KEY, or is generated once into DATA_DIR with mode 0600.
 * More than one process (or DATABASE_URL) needs the variable set, so that all share one key.
 */
export function loadSecret(options: { fromEnv?: string; dataDir: string; fileName: string }): Buffer {
  if (options.fromEnv) return Buffer.from(options.fromEnv, 'hex')
  const file = path.resolve(options.dataDir, options.fileName)
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex')
  mkdirSync(path.dirname(file), { recursive: true })
  const secret = randomBytes(32)
  writeFileSync(file, secret.toString('hex'), { mode: 0o600, flag: 'wx' })
  return secret
}

/** '***-**-6789' for an SSN; the last four characters of anything else, the rest starred. */
export function maskSensitive(value: string, kind: 'ssn' | 'account' = 'account'): string {
  const last4 = value.replace(/[^0-9A-Za-z]/g, '').slice(-4)
  return kind === 'ssn' ? `***-**-${last4}` : `****${last4}`
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}
