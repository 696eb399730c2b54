import { randomInt } from 'node:crypto'
import { and, count, eq, inArray, isNull } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { type FieldCipher, sha256Hex } from '#server/platform/crypto.ts'
import { recoveryCodes } from './auth.table.ts'

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
  await deleteRecoveryCodes(executor, user)
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateCode)
  await executor.insert(recoveryCodes).values(
    codes.map((code) => ({
      agencyId: user.agencyId,
      userId: user.id,
      codeHash: storedDigest(cipher, code),
    })),
  )
  return codes
}

export async function deleteRecoveryCodes(executor: Executor, user: { id: string; agencyId: string }) {
  await executor
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.agencyId, user.agencyId), eq(recoveryCodes.userId, user.id)))
}

/** Marks a matching unused code used, in one statement, so two requests cannot both spend it. */
export async function spendRecoveryCode(
  executor: Executor,
  cipher: FieldCipher,
  user: { id: string; agencyId: string },
  code: string,
): Promise<boolean> {
  const spent = await executor
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.agencyId, user.agencyId),
        eq(recoveryCodes.userId, user.id),
        inArray(recoveryCodes.codeHash, [storedDigest(cipher, code), legacyDigest(code)]),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id })
  return spent.length > 0
}

export async function countUnusedRecoveryCodes(
  executor: Executor,
  user: { id: string; agencyId: string },
): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(recoveryCodes)
    .where(
      and(
        eq(recoveryCodes.agencyId, user.agencyId),
        eq(recoveryCodes.userId, user.id),
        isNull(recoveryCodes.usedAt),
      ),
    )
  return row?.n ?? 0
}
