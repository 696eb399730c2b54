import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUp } from '#test/factories.ts'
import { expectOtherAgencyGets404 } from '#test/tenancy.ts'
import { notifyUser } from './notifications.service.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

async function deliver(agencyId: string, userId: string, count: number) {
  for (let i = 0; i < count; i++) {
    await notifyUser(test.db, {
      agencyId,
      userId,
      title: `Carrier answer ${i}`,
      message: 'Northwind Mutual approved the application.',
      type: 'update',
      priority: i % 2 ? 'high' : 'normal',
      attachments: i === 0 ? [{ name: 'approval.pdf' }] : [],
    })
  }
}

describe('notifications', () => {
  it('lists the user own notifications newest first with the unread count', async () => {
    const { cookie, user } = await signUp(test)
    await deliver(user.agencyId, user.id, 3)
    const list = await test.request({ method: 'GET', url: '/api/notifications', cookie })
    expect(list.statusCode).toBe(200)
    const items = list.json().notifications
    expect(items).toHaveLength(4)
    expect(items[0]).toMatchObject({
      title: 'Carrier answer 2',
      type: 'update',
      priority: 'normal',
      isRead: false,
    })
    expect(items.find((n: { title: string }) => n.title === 'Carrier answer 0').attachments).toEqual([
      { name: 'approval.pdf' },
    ])
    const count = await test.request({ method: 'GET', url: '/api/notifications/unread-count', cookie })
    expect(count.json()).toEqual({ unreadCount: 4 })
  })

  it('marks one read, then all read', async () => {
    const { cookie, user } = await signUp(test)
    await deliver(user.agencyId, user.id, 2)
    const [first] = (await test.request({ method: 'GET', url: '/api/notifications', cookie })).json()
      .notifications
    const read = await test.request({ method: 'POST', url: `/api/notifications/${first.id}/read`, cookie })
    expect(read.statusCode).toBe(200)
    expect(read.json().notification).toMatchObject({ id: first.id, isRead: true })
    expect(
      (await test.request({ method: 'GET', url: '/api/notifications/unread-count', cookie })).json(),
    ).toEqual({
      unreadCount: 2,
    })
    const all = await test.request({ method: 'POST', url: '/api/notifications/mark-all-read', cookie })
    expect(all.json()).toEqual({ updated: 2 })
    expect(
      (await test.request({ method: 'GET', url: '/api/notifications/unread-count', cookie })).json(),
    ).toEqual({
      unreadCount: 0,
    })
  })

  it('never shows or changes another user notification', async () => {
    await expectOtherAgencyGets404(test, [
      {
        method: 'POST',
        url: (id) => `/api/notifications/${id}/read`,
        create: async (t, owner) => {
          const list = await t.request({ method: 'GET', url: '/api/notifications', cookie: owner.cookie })
          return list.json().notifications[0].id
        },
      },
    ])
  })

  it('answers 404 for an id that is not a uuid', async () => {
    const { cookie } = await signUp(test)
    const response = await test.request({ method: 'POST', url: '/api/notifications/42/read', cookie })
    expect([400, 404]).toContain(response.statusCode)
    expect(response.json().message).toBe('Not found')
  })
})
