import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MARKETPLACE_TEXTS as T } from '#shared/contracts/marketplace.contract.ts'
import { NUL_CHARACTER_MESSAGE } from '#shared/contracts/text-rules.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { auditActionsOf } from '#test/recorded.ts'
import { call, catalogueCarriers, reviewInput } from './marketplace.test-support.ts'

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

  it('keeps HTML and script as the text typed, drops control characters, and refuses a NUL', async () => {
    const text = '<script>alert("x")</script><img src=x onerror=alert(1)> & <b>bold</b>'
    const created = await call(
      test,
      author,
      'POST',
      '/api/marketplace/reviews',
      reviewInput(carriers[1]!.id, {
        title: `<i>${text}</i>`,
        review: `${text}\u0007end`,
      }),
      201,
    )
    expect(created.title).toBe(`<i>${text}</i>`)
    expect(created.review).toBe(`${text}end`)
    // A NUL is refused on its field, as in every call (shared/contracts/text-rules.ts).
    const refused = await call<{ errors: { path: string; message: string }[] }>(
      test,
      author,
      'POST',
      '/api/marketplace/reviews',
      reviewInput(carriers[2]!.id, { review: `${text}\u0000end` }),
      400,
    )
    expect(refused.errors).toEqual([{ path: 'review', message: NUL_CHARACTER_MESSAGE }])
  })
})
