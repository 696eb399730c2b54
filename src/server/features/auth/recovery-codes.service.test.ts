import { createHash, createHmac, hkdfSync } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFieldCipher } from '#server/platform/crypto.ts'
import { TEST_CIPHER, type TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'
import { recoveryCodes } from './auth.table.ts'
import { issueRecoveryCodes, spendRecoveryCode } from './recovery-codes.service.ts'
import {
  enrolTwoFactor,
  passwordStep,
  startTwoFactorTestApp,
  stopTwoFactorTestApp,
} from './two-factor.test-support.ts'

// The test app's data key (src/test/build-test-app.ts), and the digest decision 012 specifies,
// computed here without the app's code.
const DATA_KEY = Buffer.alloc(32, 1)
const subkey = Buffer.from(
  hkdfSync('sha256', DATA_KEY, Buffer.alloc(0), 'agency-back-office/keyed-digest/recovery-codes/v1', 32),
)
const normalised = (code: string) => code.toLowerCase().replace(/[\s-]/g, '')
const hmacOf = (code: string) => createHmac('sha256', subkey).update(normalised(code)).digest('hex')
const sha256Of = (code: string) => createHash('sha256').update(normalised(code)).digest('hex')

let test: TestApp
beforeAll(async () => {
  test = await startTwoFactorTestApp()
})
afterAll(() => stopTwoFactorTestApp(test))

const storedOf = async (userId: string) =>
  (await test.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId))).map((r) => r.codeHash)

function secondStep(challenge: string | undefined, recoveryCode: string) {
  return test.request({
    method: 'POST',
    url: '/api/auth/login/two-factor',
    payload: { recoveryCode },
    cookie: challenge,
  })
}

describe('recovery codes at rest', () => {
  it('stores each code as HMAC-SHA256 under the data key’s recovery-code subkey, not as a plain hash', async () => {
    const owner = await signUp(test)
    const { recoveryCodes: codes } = await enrolTwoFactor(test, owner)
    const stored = await storedOf(owner.user.id)
    expect(stored.sort()).toEqual(codes.map(hmacOf).sort())
    expect(stored.some((digest) => codes.map(sha256Of).includes(digest))).toBe(false)
  })

  it('still takes a code stored as plain SHA-256 before, once', async () => {
    const owner = await signUp(test)
    await enrolTwoFactor(test, owner)
    const legacyCode = 'abcde-fghjk'
    await test.db.insert(recoveryCodes).values({
      agencyId: owner.user.agencyId,
      userId: owner.user.id,
      codeHash: sha256Of(legacyCode),
    })
    let { challenge } = await passwordStep(test, owner)
    const first = await secondStep(challenge, 'ABCDE FGHJK')
    expect(first.statusCode, first.body).toBe(200)
    ;({ challenge } = await passwordStep(test, owner))
    expect((await secondStep(challenge, legacyCode)).statusCode).toBe(400)
  })

  it('does not take a code whose digest was made under another data key', async () => {
    const owner = await signUp(test)
    await enrolTwoFactor(test, owner)
    const otherKey = createFieldCipher(Buffer.alloc(32, 2))
    const [code] = await issueRecoveryCodes(test.db, otherKey, owner.user)
    expect(await spendRecoveryCode(test.db, TEST_CIPHER, owner.user, code!)).toBe(false)
    expect(await spendRecoveryCode(test.db, otherKey, owner.user, code!)).toBe(true)
  })
})
