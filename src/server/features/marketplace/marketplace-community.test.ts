import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MARKETPLACE_TEXTS as T } from '#shared/contracts/marketplace.contract.ts'
import { GENERIC_MESSAGES } from '#shared/errors.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { auditActionsOf } from '#test/recorded.ts'
import { call, signUpPlatformAdmin } from './marketplace.test-support.ts'

let test: TestApp
let author: SignedInUser
let others: SignedInUser[]
let admin: SignedInUser

beforeAll(async () => {
  test = await buildTestApp({ env: { MARKETPLACE_POSTS_PER_HOUR: '6' } })
  author = await signUp(test, { firstName: 'Robin', lastName: 'Author' })
  others = [await signUp(test), await signUp(test), await signUp(test)]
  admin = await signUpPlatformAdmin(test)
})
afterAll(() => test.close())

const newPost = (user: SignedInUser, title = 'A question about E&O', status = 201) =>
  call<{ id: string }>(test, user, 'POST', '/api/marketplace/posts', { title, content: 'Details.' }, status)
const postIds = async (user: SignedInUser) =>
  (await call<{ data: { id: string }[] }>(test, user, 'GET', '/api/marketplace/posts')).data.map(
    (post) => post.id,
  )

describe('POST /api/marketplace/items/:id/report', () => {
  it('hides an item once three different agencies report it, until a platform admin restores it', async () => {
    const { id } = await newPost(author)
    const report = (user: SignedInUser) =>
      call(test, user, 'POST', `/api/marketplace/items/${id}/report`, { reason: 'Spam' })
    expect(await call(test, author, 'POST', `/api/marketplace/items/${id}/report`, {}, 400)).toEqual({
      message: T.ownReport,
    })
    await report(others[0]!)
    await report(others[0]!)
    // A colleague of the first reporter is the same agency: still two agencies.
    await report(await addAgent(test, others[0]!.user.agencyId))
    await report(others[1]!)
    expect(await postIds(others[2]!)).toContain(id)
    expect(await report(others[2]!)).toEqual({ reported: true })
    for (const user of [others[2]!, author, admin]) expect(await postIds(user)).not.toContain(id)
    await call(test, others[0]!, 'POST', `/api/marketplace/posts/${id}/vote`, { upvote: true }, 404)
    await call(test, author, 'PUT', `/api/marketplace/posts/${id}`, { title: 'x', content: 'y' }, 404)

    const queue = await call<{ data: Record<string, unknown>[] }>(
      test,
      admin,
      'GET',
      '/api/marketplace/moderation',
    )
    expect(queue.data[0]).toMatchObject({
      id,
      status: 'hidden',
      reportingAgencies: 3,
      authorName: 'Robin A.',
    })
    expect(await call(test, others[0]!, 'GET', '/api/marketplace/moderation', undefined, 403)).toEqual({
      message: GENERIC_MESSAGES.forbidden,
    })

    expect(await call(test, admin, 'POST', `/api/marketplace/moderation/${id}/restore`)).toMatchObject({
      status: 'visible',
      reportingAgencies: 0,
    })
    expect(await postIds(others[2]!)).toContain(id)
    // The same reporters cannot hide it again: their reports were closed.
    await report(others[0]!)
    expect(await postIds(others[2]!)).toContain(id)
    expect(await auditActionsOf(test, admin.user.id)).toContain('marketplace.item_restored')
  })

  it('lets a platform admin remove an item for good, anonymous author shown to them', async () => {
    const { id } = await call<{ id: string }>(
      test,
      author,
      'POST',
      '/api/marketplace/posts',
      { title: 'Rude', content: 'x', isAnonymous: 'true' },
      201,
    )
    for (const user of others) await call(test, user, 'POST', `/api/marketplace/items/${id}/report`, {})
    const queue = await call<{ data: Record<string, unknown>[] }>(
      test,
      admin,
      'GET',
      '/api/marketplace/moderation',
    )
    expect(queue.data.find((item) => item.id === id)).toMatchObject({
      isAnonymous: true,
      authorName: 'Robin A.',
    })
    expect(await call(test, admin, 'DELETE', `/api/marketplace/moderation/${id}`)).toEqual({ deleted: true })
    await call(test, admin, 'DELETE', `/api/marketplace/moderation/${id}`, undefined, 404)
    await call(test, author, 'POST', `/api/marketplace/items/${id}/report`, {}, 404)
  })
})

describe('replies and views', () => {
  it('threads replies under a post with its count; authors delete their own', async () => {
    const { id } = await newPost(author, 'Thread')
    const url = `/api/marketplace/posts/${id}/replies`
    const first = await call<{ id: string }>(test, others[0]!, 'POST', url, { content: '<b>Me too</b>' }, 201)
    await call(test, others[1]!, 'POST', url, { content: 'Try the portal.' }, 201)
    expect(await call(test, others[1]!, 'POST', url, { content: '   ' }, 400)).toMatchObject({
      message: T.replyRequired,
    })
    const thread = await call<{ data: Record<string, unknown>[] }>(test, author, 'GET', url)
    expect(thread.data.map((reply) => reply.content)).toEqual(['<b>Me too</b>', 'Try the portal.'])
    expect(thread.data[0]).toMatchObject({ isMine: false, authorName: 'Casey M.' })
    const listed = await call<{ data: { id: string; replies: number }[] }>(
      test,
      author,
      'GET',
      '/api/marketplace/posts',
    )
    expect(listed.data.find((post) => post.id === id)?.replies).toBe(2)
    expect(
      await call(test, author, 'DELETE', `/api/marketplace/replies/${first.id}`, undefined, 403),
    ).toEqual({
      message: T.notYours,
    })
    await call(test, others[0]!, 'DELETE', `/api/marketplace/replies/${first.id}`)
    const after = await call<{ data: { id: string; replies: number }[] }>(
      test,
      author,
      'GET',
      '/api/marketplace/posts',
    )
    expect(after.data.find((post) => post.id === id)?.replies).toBe(1)
    await call(
      test,
      author,
      'GET',
      '/api/marketplace/posts/00000000-0000-4000-8000-000000000000/replies',
      undefined,
      404,
    )
  })

  it('counts each reader once', async () => {
    const { id } = await newPost(author, 'Viewed')
    const view = (user: SignedInUser) => call(test, user, 'POST', `/api/marketplace/items/${id}/view`)
    expect(await view(others[0]!)).toEqual({ views: 1 })
    expect(await view(others[0]!)).toEqual({ views: 1 })
    expect(await view(others[1]!)).toEqual({ views: 2 })
  })
})

describe('posting limit', () => {
  it('refuses a user’s posts and replies past the hourly limit with 429 and a message, others unaffected', async () => {
    const busy = await signUp(test)
    const { id } = await newPost(busy, 'One')
    for (let i = 0; i < 4; i += 1) await newPost(busy, `More ${i}`)
    await call(test, busy, 'POST', `/api/marketplace/posts/${id}/replies`, { content: 'Sixth' }, 201)
    expect(await newPost(busy, 'Seventh', 429)).toEqual({ message: T.rateLimited })
    expect(
      await call(test, busy, 'POST', `/api/marketplace/posts/${id}/replies`, { content: 'x' }, 429),
    ).toEqual({ message: T.rateLimited })
    await newPost(others[2]!, 'Someone else')
  })
})
