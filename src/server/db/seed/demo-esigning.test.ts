import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deriveMacKey } from '#server/features/esigning/record-mac.service.ts'
import { signingCertificateLoader } from '#server/features/esigning/signing-certificate.service.ts'
import { buildTestApp, TEST_CIPHER, type TestApp } from '#test/build-test-app.ts'
import { pdfsig } from '#test/poppler.ts'
import { seedDemoData } from './index.ts'

let test: TestApp
let cookie: string

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'demo-esigning-'))
  const auditKey = randomBytes(32)
  test = await buildTestApp({ env: { DATA_DIR: dataDir, AUDIT_SIGNING_KEY: auditKey.toString('hex') } })
  await seedDemoData(test.db, {
    cipher: TEST_CIPHER,
    storage: test.storage,
    esigning: {
      certificate: signingCertificateLoader({ dataDir }),
      macKey: deriveMacKey(auditKey),
      publicUrl: 'http://localhost:5000',
    },
  })
  const login = await test.request({ method: 'GET', url: '/api/auth/demo-login' })
  cookie = String(login.headers['set-cookie']).split(';')[0]!
})
afterAll(() => test.close())

describe('the demo agency’s e-signing', () => {
  it('has a signed, sealed document that verifies, and one waiting for a signature', async () => {
    const get = (url: string) => test.request({ method: 'GET', url, cookie })
    const { documents } = (await get('/api/esigning/documents')).json()
    expect(documents.map((d: { status: string }) => d.status).sort()).toEqual([
      'completed',
      'pending_signature',
    ])
    const signed = documents.find((d: { status: string }) => d.status === 'completed')
    expect(pdfsig((await get(signed.signedUrl)).rawPayload)).toContain('Signature is Valid.')
    const result = (await get(`/api/esigning/verify/${signed.signatures[0].signatureId}`)).json()
    expect(result).toMatchObject({ isValid: true, complianceLevel: 'advanced', signerName: 'Jordan Avery' })
  })
})
