import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MARKETPLACE_TEXTS as T } from '#shared/contracts/marketplace.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { auditActionsOf } from '#test/recorded.ts'
import { call, catalogueCarriers, signUpPlatformAdmin } from './marketplace.test-support.ts'

let test: TestApp
let author: SignedInUser
let reader: SignedInUser
let carriers: { id: string; name: string }[]

beforeAll(async () => {
  test = await buildTestApp()
  author = await signUp(test, { firstName: 'Dana', lastName: 'Whitfield' })
  reader = await signUp(test, { firstName: 'Lee', lastName: 'Okafor' })
  carriers = await catalogueCarriers(test, author, 3)
})
afterAll(() => test.close())

describe('POST /api/marketplace/best-practices and /posts', () => {
  it('adds a practice with its defaults, with or without a carrier', async () => {
    const general = await call(
      test,
      author,
      'POST',
      '/api/marketplace/best-practices',
      {
        carrierId: '',
        title: 'Collect the declarations page first',
        content: 'Saves a round trip.',
      },
      201,
    )
    expect(general).toMatchObject({
      carrierId: null,
      carrierName: null,
      category: 'application_tips',
      difficulty: 'intermediate',
      views: 0,
      upvotes: 0,
      downvotes: 0,
      isVerified: false,
    })
    const refused = await call(
      test,
      author,
      'POST',
      '/api/marketplace/best-practices',
      {
        title: 'x',
        content: 'y',
        category: 'gossip',
        difficulty: 'expert',
      },
      400,
    )
    expect(refused.errors).toEqual(
      expect.arrayContaining([
        { path: 'category', message: T.category },
        { path: 'difficulty', message: T.difficulty },
      ]),
    )
  })

  it('hides an anonymous post’s author from other agencies and the author’s own colleagues, not from platform admins', async () => {
    const created = await call(
      test,
      author,
      'POST',
      '/api/marketplace/posts',
      {
        title: 'Which carrier takes DUI drivers?',
        content: 'Asking for a client.',
        isAnonymous: true,
        carrierIds: [carriers[2]!.id],
      },
      201,
    )
    expect(created).toMatchObject({
      postType: 'tip',
      isAnonymous: true,
      authorName: T.anonymous,
      agencyName: null,
      isMine: true,
      carrierNames: [carriers[2]!.name],
    })
    const { data } = await call<{ data: Record<string, unknown>[] }>(
      test,
      reader,
      'GET',
      '/api/marketplace/posts',
    )
    const seen = data.find((post) => post.id === created.id)!
    expect(seen).toMatchObject({ authorName: T.anonymous, agencyName: null, isMine: false })
    expect(JSON.stringify(seen)).not.toMatch(/Dana|Whitfield/)
    const colleague = await addAgent(test, author.user.agencyId)
    const forColleague = await call<{ data: Record<string, unknown>[] }>(
      test,
      colleague,
      'GET',
      '/api/marketplace/posts',
    )
    expect(forColleague.data.find((post) => post.id === created.id)).toMatchObject({
      authorName: T.anonymous,
      agencyName: null,
      isMine: false,
    })
    const admin = await signUpPlatformAdmin(test)
    const forAdmin = await call<{ data: Record<string, unknown>[] }>(
      test,
      admin,
      'GET',
      '/api/marketplace/posts',
    )
    expect(forAdmin.data.find((post) => post.id === created.id)).toMatchObject({
      authorName: 'Dana W.',
      agencyName: 'Dana Whitfield Agency',
      isAnonymous: true,
    })
  })

  it('refuses an unknown post type and more than five carriers', async () => {
    const refused = await call(
      test,
      author,
      'POST',
      '/api/marketplace/posts',
      {
        title: 'x',
        content: 'y',
        postType: 'rant',
        carrierIds: Array(6).fill(carriers[0]!.id),
      },
      400,
    )
    expect(refused.errors).toEqual(
      expect.arrayContaining([
        { path: 'postType', message: T.postType },
        { path: 'carrierIds', message: T.tooMany('carriers', 5) },
      ]),
    )
  })
})

describe('PUT and DELETE /api/marketplace/{kind}/:id', () => {
  it('lets the author edit and delete, and refuses anyone else with 403', async () => {
    const created = await call<{ id: string }>(
      test,
      author,
      'POST',
      '/api/marketplace/posts',
      { title: 'Draft', content: 'First go', carrierIds: [carriers[0]!.id] },
      201,
    )
    const url = `/api/marketplace/posts/${created.id}`
    const edited = await call(test, author, 'PUT', url, {
      title: 'Final',
      content: 'Second go',
      postType: 'question',
      tags: 'a, b',
      carrierIds: [carriers[1]!.id],
    })
    // The carrier filter follows the edit.
    const ofCarrier = async (index: number) =>
      (
        await call<{ data: { id: string }[] }>(
          test,
          reader,
          'GET',
          `/api/marketplace/posts?carrierId=${carriers[index]!.id}`,
        )
      ).data.map((post) => post.id)
    expect(await ofCarrier(0)).not.toContain(created.id)
    expect(await ofCarrier(1)).toContain(created.id)
    expect(edited).toMatchObject({
      title: 'Final',
      content: 'Second go',
      postType: 'question',
      tags: ['a', 'b'],
    })
    expect(await call(test, reader, 'PUT', url, { title: 'Mine now', content: 'x' }, 403)).toEqual({
      message: T.notYours,
    })
    expect(await call(test, reader, 'DELETE', url, undefined, 403)).toEqual({ message: T.notYours })
    // The same id under another kind's path is not found.
    await call(test, author, 'DELETE', `/api/marketplace/reviews/${created.id}`, undefined, 404)
    expect(await call(test, author, 'DELETE', url)).toEqual({ deleted: true })
    await call(test, author, 'PUT', url, { title: 'Back', content: 'x' }, 404)
    expect(await auditActionsOf(test, author.user.id)).toEqual(
      expect.arrayContaining(['marketplace.item_updated', 'marketplace.item_deleted']),
    )
  })
})
