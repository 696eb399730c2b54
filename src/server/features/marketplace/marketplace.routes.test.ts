import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MARKETPLACE_TEXTS as T } from '#shared/contracts/marketplace.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { auditActionsOf } from '#test/recorded.ts'
import { call, catalogueCarriers, reviewInput, signUpPlatformAdmin } from './marketplace-test-support.ts'

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

describe('POST /api/marketplace/reviews', () => {
  it('answers 401 without a session', async () => {
    const response = await test.request({ method: 'POST', url: '/api/marketplace/reviews', payload: {} })
    expect(response.statusCode).toBe(401)
    expect((await test.request({ method: 'GET', url: '/api/marketplace/posts' })).statusCode).toBe(401)
  })

  it('adds a review with the form defaults and comma lists, shown to another agency with first name and initial', async () => {
    const created = await call(
      test,
      author,
      'POST',
      '/api/marketplace/reviews',
      {
        ...reviewInput(carriers[0]!.id),
        pros: ' fast quotes, ,good portal,',
        cons: ['slow commissions', '  ', 'slow commissions'],
        tags: 'term life, underwriting',
      },
      201,
    )
    expect(created).toMatchObject({
      carrierId: carriers[0]!.id,
      carrierName: carriers[0]!.name,
      rating: 5,
      experienceLevel: 'intermediate',
      pros: ['fast quotes', 'good portal'],
      cons: ['slow commissions'],
      tags: ['term life', 'underwriting'],
      reviewerName: 'Dana W.',
      authorName: 'Dana W.',
      agencyName: 'Dana Whitfield Agency',
      isVerified: false,
      helpfulVotes: 0,
      totalVotes: 0,
      myVote: null,
      isMine: true,
      carrierTurnaroundDays: null,
    })
    const { data } = await call<{ data: Record<string, unknown>[] }>(
      test,
      reader,
      'GET',
      '/api/marketplace/reviews',
    )
    const seen = data.find((review) => review.id === created.id)
    expect(seen).toMatchObject({
      reviewerName: 'Dana W.',
      agencyName: 'Dana Whitfield Agency',
      isMine: false,
    })
    // Nothing but the name and the agency's name crosses: no email, user or agency id.
    expect(JSON.stringify(seen)).not.toContain(author.email)
    expect(JSON.stringify(seen)).not.toContain(author.user.id)
    expect(JSON.stringify(seen)).not.toContain(author.user.agencyId)
    expect(await auditActionsOf(test, author.user.id)).toContain('marketplace.item_created')
  })

  it('refuses a missing title or review and a rating of 0 or 7, each with its message', async () => {
    const empty = await call<{ errors: { path: string; message: string }[] }>(
      test,
      author,
      'POST',
      '/api/marketplace/reviews',
      { carrierId: carriers[0]!.id, title: '  ' },
      400,
    )
    expect(empty.errors).toEqual(
      expect.arrayContaining([
        { path: 'title', message: T.titleRequired },
        { path: 'review', message: T.reviewRequired },
      ]),
    )
    for (const rating of [0, 7, 4.5, '7', 'five']) {
      const refused = await call(
        test,
        author,
        'POST',
        '/api/marketplace/reviews',
        reviewInput(carriers[0]!.id, { rating }),
        400,
      )
      expect(refused).toMatchObject({ errors: [{ path: 'rating', message: T.rating }] })
    }
    const asText = await call(
      test,
      author,
      'POST',
      '/api/marketplace/reviews',
      reviewInput(carriers[0]!.id, { rating: '3' }),
      201,
    )
    expect(asText.rating).toBe(3)
  })

  it('refuses choices outside their lists and lists that are too long', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ experienceLevel: 'guru' }, 'experienceLevel', T.experienceLevel],
      [{ tags: Array.from({ length: 11 }, (_, i) => `tag${i}`) }, 'tags', T.tooMany('tags', 10)],
      [{ pros: ['x'.repeat(201)] }, 'pros', T.itemTooLong('pros', 200)],
      [{ title: 'x'.repeat(201) }, 'title', T.tooLong('Title', 200)],
    ]
    for (const [change, path, message] of cases) {
      const refused = await call(
        test,
        author,
        'POST',
        '/api/marketplace/reviews',
        reviewInput(carriers[0]!.id, change),
        400,
      )
      expect(refused, path).toMatchObject({ errors: [{ path, message }] })
    }
  })

  it('refuses an unknown carrier, a number, another agency’s own carrier and its own carrier, with messages', async () => {
    const own = await call<{ id: string }>(
      test,
      author,
      'POST',
      '/api/carriers',
      {
        name: 'Hometown Mutual',
        code: 'HOME1',
        state: 'TX',
        supportedTypes: ['auto'],
      },
      201,
    )
    const theirs = await call<{ id: string }>(
      test,
      reader,
      'POST',
      '/api/carriers',
      {
        name: 'Their Mutual',
        code: 'THEIR1',
        state: 'TX',
        supportedTypes: ['auto'],
      },
      201,
    )
    for (const [carrierId, message] of [
      ['00000000-0000-4000-8000-000000000000', T.carrierUnknown],
      [3, T.carrierUnknown],
      [theirs.id, T.carrierUnknown],
      [own.id, T.carrierNotShared],
      ['', T.carrierRequired],
    ] as const) {
      const refused = await call(
        test,
        author,
        'POST',
        '/api/marketplace/reviews',
        reviewInput(String(carrierId), { carrierId }),
        400,
      )
      expect(refused, String(carrierId)).toMatchObject({ message, errors: [{ path: 'carrierId', message }] })
    }
  })

  it('keeps HTML and script as the text typed, and drops NUL characters', async () => {
    const text = '<script>alert("x")</script><img src=x onerror=alert(1)> & <b>bold</b>'
    const created = await call(
      test,
      author,
      'POST',
      '/api/marketplace/reviews',
      reviewInput(carriers[1]!.id, {
        title: `<i>${text}</i>`,
        review: `${text}\u0000end`,
      }),
      201,
    )
    expect(created.title).toBe(`<i>${text}</i>`)
    expect(created.review).toBe(`${text}end`)
  })
})

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
