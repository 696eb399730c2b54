import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, TEST_CIPHER, type TestApp } from '#test/build-test-app.ts'
import { seedDemoData } from './index.ts'

let test: TestApp
let cookie: string

beforeAll(async () => {
  test = await buildTestApp()
  await seedDemoData(test.db, { cipher: TEST_CIPHER, storage: test.storage })
  const login = await test.request({ method: 'GET', url: '/api/auth/demo-login' })
  cookie = String(login.headers['set-cookie']).split(';')[0]!
})
afterAll(() => test.close())

describe('the demo agency’s appointments', () => {
  it('has an application sent to two carriers, with its documents and bank account', async () => {
    const get = (url: string) => test.request({ method: 'GET', url, cookie }).then((r) => r.json())
    const { data } = await get('/api/appointments')
    expect(data).toHaveLength(1)
    expect(data[0].status).toBe('submitted')
    expect(data[0].carriers).toHaveLength(2)
    const profile = await get('/api/appointments/profile')
    const onFile = profile.documents.filter((d: { document: unknown }) => d.document)
    expect(onFile.map((d: { documentType: string }) => d.documentType).sort()).toEqual([
      'eo_certificate',
      'voided_check',
      'w9',
    ])
    expect((await get('/api/appointments/direct-deposit')).directDeposit.routingNumberMasked).toBe('****0021')
  })
})
