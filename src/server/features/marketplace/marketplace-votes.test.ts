import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toArrayLiteral } from '#server/db/array-literal.ts'
import { wilsonLowerBound } from '#shared/domain/wilson-score.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { auditActionsOf } from '#test/recorded.ts'
import { marketplaceItemCarriers, marketplaceItems, marketplaceVotes } from './marketplace.table.ts'
import { call, catalogueCarriers, reviewInput } from './marketplace.test-support.ts'
import { castVote } from './votes.repository.ts'

let test: TestApp
let author: SignedInUser
let voters: SignedInUser[]
let carrierId: string

beforeAll(async () => {
  test = await buildTestApp()
  author = await signUp(test)
  voters = [await signUp(test), await signUp(test), await signUp(test)]
  carrierId = (await catalogueCarriers(test, author, 1))[0]!.id
})
afterAll(() => test.close())

async function newReview() {
  return call<{ id: string }>(test, author, 'POST', '/api/marketplace/reviews', reviewInput(carrierId), 201)
}

async function storedItem(id: string) {
  const [row] = await test.db.select().from(marketplaceItems).where(eq(marketplaceItems.id, id))
  return row!
}

describe('POST /api/marketplace/reviews/:id/vote', () => {
  it('counts one helpful vote per user: again changes nothing, the other way changes it, null withdraws it', async () => {
    const { id } = await newReview()
    const vote = (user: SignedInUser, helpful: boolean | null) =>
      call<{ helpfulVotes: number; totalVotes: number; myVote: boolean | null }>(
        test,
        user,
        'POST',
        `/api/marketplace/reviews/${id}/vote`,
        { helpful },
      )
    expect(await vote(voters[0]!, true)).toMatchObject({ helpfulVotes: 1, totalVotes: 1, myVote: true })
    expect(await vote(voters[0]!, true)).toMatchObject({ helpfulVotes: 1, totalVotes: 1, myVote: true })
    expect(await vote(voters[1]!, true)).toMatchObject({ helpfulVotes: 2, totalVotes: 2, myVote: true })
    expect(await vote(voters[0]!, false)).toMatchObject({ helpfulVotes: 1, totalVotes: 2, myVote: false })
    expect(await vote(voters[0]!, null)).toMatchObject({ helpfulVotes: 1, totalVotes: 1, myVote: null })
    expect(await vote(voters[0]!, null)).toMatchObject({ helpfulVotes: 1, totalVotes: 1, myVote: null })
    const row = await storedItem(id)
    expect(row).toMatchObject({ upVotes: 1, downVotes: 0 })
    expect(row.score).toBeCloseTo(wilsonLowerBound(1, 1), 12)
    const actions = await auditActionsOf(test, voters[0]!.user.id)
    expect(actions.filter((action) => action === 'marketplace.voted')).toHaveLength(2)
    expect(actions.filter((action) => action === 'marketplace.vote_withdrawn')).toHaveLength(1)
  })

  it('counts twenty identical votes sent at once by one user as one', async () => {
    const { id } = await newReview()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        test.request({
          method: 'POST',
          url: `/api/marketplace/reviews/${id}/vote`,
          cookie: voters[2]!.cookie,
          payload: { helpful: true },
        }),
      ),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200))
    expect(await storedItem(id)).toMatchObject({ upVotes: 1, downVotes: 0 })
    const votes = await test.db
      .select()
      .from(marketplaceVotes)
      .where(and(eq(marketplaceVotes.itemId, id), eq(marketplaceVotes.userId, voters[2]!.user.id)))
    expect(votes).toHaveLength(1)
  })

  it('keeps the counts exact when many users vote both ways at once', async () => {
    const { id } = await newReview()
    const users = [...voters, author]
    await Promise.all(
      users.flatMap((user, index) =>
        [true, index % 2 === 0, null, index % 2 === 0].map((helpful) =>
          test.request({
            method: 'POST',
            url: `/api/marketplace/reviews/${id}/vote`,
            cookie: user.cookie,
            payload: { helpful },
          }),
        ),
      ),
    )
    const votes = await test.db.select().from(marketplaceVotes).where(eq(marketplaceVotes.itemId, id))
    const row = await storedItem(id)
    expect(row.upVotes).toBe(votes.filter((vote) => vote.up).length)
    expect(row.downVotes).toBe(votes.filter((vote) => !vote.up).length)
    expect(row.score).toBeCloseTo(wilsonLowerBound(row.upVotes, row.upVotes + row.downVotes), 12)
    // The carrier index orders 'best' by its own copy of the score.
    const [copy] = await test.db
      .select()
      .from(marketplaceItemCarriers)
      .where(eq(marketplaceItemCarriers.itemId, id))
    expect(copy).toMatchObject({ carrierId, score: row.score })
  })

  it('answers 404 for an unknown item or an item of another kind, and 400 for a vote that is not true, false or null', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect(
      await call(
        test,
        voters[0]!,
        'POST',
        `/api/marketplace/reviews/${unknown}/vote`,
        { helpful: true },
        404,
      ),
    ).toEqual({ message: 'Not found' })
    const { id } = await newReview()
    await call(test, voters[0]!, 'POST', `/api/marketplace/posts/${id}/vote`, { upvote: true }, 404)
    await call(test, voters[0]!, 'POST', `/api/marketplace/reviews/${id}/vote`, { helpful: 'maybe' }, 400)
    await call(test, voters[0]!, 'POST', `/api/marketplace/reviews/${id}/vote`, {}, 400)
  })
})

describe('castVote', () => {
  it('lets the vote’s transaction commit without waiting for the disk, and only that transaction', async () => {
    const { id } = await newReview()
    const setting = async (executor: Pick<typeof test.db, 'execute'>) =>
      (
        (await executor.execute(sql`select current_setting('synchronous_commit') as value`)) as unknown as {
          rows: { value: string }[]
        }
      ).rows[0]!.value
    const before = await setting(test.db)
    const during = await test.db.transaction(async (tx) => {
      await castVote(tx, {
        itemId: id,
        userId: voters[0]!.user.id,
        agencyId: voters[0]!.user.agencyId,
        kind: 'review',
        up: true,
      })
      return setting(tx)
    })
    expect(during).toBe('off')
    expect(await setting(test.db)).toBe(before)
  })
})

describe('marketplace_wilson', () => {
  it('gives the database the same Wilson lower bound as the shared rule', async () => {
    const pairs = Array.from({ length: 2000 }, (_, i) => {
      const total = i < 10 ? i : Math.floor(Math.random() * 5000)
      return [Math.floor(Math.random() * (total + 1)), total] as const
    })
    const result = await test.db.execute(sql`
      select marketplace_wilson(up, total) as score
      from unnest(${toArrayLiteral(pairs.map(([up]) => up))}::int[], ${toArrayLiteral(pairs.map(([, total]) => total))}::int[])
        with ordinality as p(up, total, n)
      order by n`)
    const scores = (result as unknown as { rows: { score: number }[] }).rows.map((row) => Number(row.score))
    for (const [index, [up, total]] of pairs.entries())
      expect(scores[index], `${up} of ${total}`).toBeCloseTo(wilsonLowerBound(up, total), 12)
  })
})

describe('POST /api/marketplace/best-practices/:id/vote and /posts/:id/vote', () => {
  it('counts up and down votes from users of different agencies', async () => {
    const practice = await call<{ id: string }>(
      test,
      author,
      'POST',
      '/api/marketplace/best-practices',
      { title: 'Quote two carriers', content: 'Always.' },
      201,
    )
    const url = `/api/marketplace/best-practices/${practice.id}/vote`
    await call(test, voters[0]!, 'POST', url, { upvote: true })
    await call(test, voters[1]!, 'POST', url, { upvote: true })
    expect(await call(test, voters[2]!, 'POST', url, { upvote: false })).toMatchObject({
      upvotes: 2,
      downvotes: 1,
      myVote: false,
    })
    const post = await call<{ id: string }>(
      test,
      author,
      'POST',
      '/api/marketplace/posts',
      { title: 'Hello', content: 'First post' },
      201,
    )
    await call(test, voters[0]!, 'POST', `/api/marketplace/posts/${post.id}/vote`, { upvote: false })
    expect(
      await call(test, voters[0]!, 'POST', `/api/marketplace/posts/${post.id}/vote`, { upvote: true }),
    ).toMatchObject({ upvotes: 1, downvotes: 0, myVote: true })
  })
})
