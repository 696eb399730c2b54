import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'
import { queuedMailTo } from '#test/recorded.ts'
import { notifySender } from './record-carrier-answer.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const mailsTo = async (address: string) =>
  (await queuedMailTo(test, address)).filter((mail) => mail.subject.startsWith('Lakeside'))

describe('notifySender', () => {
  it('emails the sender of a submission its carrier answered, only while "application updates" is on', async () => {
    const sender = await signUp(test)
    const submission = {
      agencyId: sender.user.agencyId,
      requestedByUserId: sender.user.id,
      subject: 'Auto application for Nia Okoye',
    }
    const answer = {
      carrierName: 'Lakeside Mutual',
      status: 'approved' as const,
      message: 'Approved as filed.',
    }
    await test.db.transaction((tx) => notifySender(tx, submission, answer))
    const mails = await mailsTo(sender.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Lakeside Mutual: Auto application for Nia Okoye approved')

    const off = await test.request({
      method: 'PUT',
      url: '/api/settings/notifications',
      cookie: sender.cookie,
      payload: { applicationUpdates: false },
    })
    expect(off.statusCode).toBe(200)
    await test.db.transaction((tx) => notifySender(tx, submission, { ...answer, status: 'declined' }))
    expect(await mailsTo(sender.email)).toHaveLength(1)
  })
})
