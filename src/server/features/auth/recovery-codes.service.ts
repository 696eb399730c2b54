import { randomInt } from 'node:crypto'
import type { Executor } from '#server/db/connect.ts'
import { type FieldCipher, sha256Hex } from '#server/platform/crypto.ts'
import * as repository from './recovery-codes.repository.ts'

export const RECOVERY_CODE_COUNT = 10
// No 0/o, 1/l/i: codes are copied by hand from paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** Ten characters from 31 (about 50 bits), shown as xxxxx-xxxxx. */
function generateCode(): string {
  let code = ''
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)]
  return `${code.slice(0, 5)}-${code.slice(5)}`
}

/** Case, spaces and dashes do not matter when a code is typed back. */
function normalise(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '')
}

/**
 * A code is stored as the HMAC-SHA256 of its normalised form under the data key's recovery-code
 * subkey (decision 012): at about 50 bits a code, a plain hash in a database dump could be
 * searched offline. Codes issued before were stored as plain SHA-256; both digests are 64 hex
 * characters, so a code is matched against either and an old one keeps working until it is used
 * or replaced, with no migration.
 */
function storedDigest(cipher: FieldCipher, code: string): string {
  return cipher.keyedDigest('recovery-codes', normalise(code))
}

function legacyDigest(code: string): string {
  return sha256Hex(normalise(code))
}

/** Replaces the user's codes with ten new ones and answers them: the only time they are readable. */
export async function issueRecoveryCodes(
  executor: Executor,
  cipher: FieldCipher,
  user: { id: string; agencyId: string },
): Promise<string[]> {
  await repository.deleteRecoveryCodes(executor, user)
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateCode)
  await repository.insertRecoveryCodes(
    executor,
    user,
    codes.map((code) => storedDigest(cipher, code)),
  )
  return codes
}

/** Marks a matching unused code used, in one statement, so two requests cannot both spend it. */
export function spendRecoveryCode(
  executor: Executor,
  cipher: FieldCipher,
  user: { id: string; agencyId: string },
  code: string,
): Promise<boolean> {
  return repository.markRecoveryCodeUsed(executor, user, [storedDigest(cipher, code), legacyDigest(code)])
}
