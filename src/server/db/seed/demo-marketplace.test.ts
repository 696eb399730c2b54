import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, TEST_CIPHER, type TestApp } from '#test/build-test-app.ts'
import { seedDemoMarketplace } from './demo-marketplace.ts'
import { DEMO_POSTS, DEMO_PRACTICES, DEMO_REVIEWS } from './demo-marketplace-content.ts'
import { seedDemoData } from './index.ts'

let test: TestApp
let cookie: string
const get = (url: string) => test.request({ method: 'GET', url, cookie }).then((r) => r.json())

beforeAll(async () => {
  test = await buildTestApp()
  await seedDemoData(test.db, { cipher: TEST_CIPHER, storage: test.storage })
  const login = await test.request({ method: 'GET', url: '/api/auth/demo-login' })
  cookie = String(login.headers['set-cookie']).split(';')[0]!
})
afterAll(() => test.close())

describe('the demo marketplace', () => {
  it('shows the demo user other agencies’ reviews, practices and posts, once however often it runs', async () => {
    await seedDemoMarketplace(test.db)
    const reviews = (await get('/api/marketplace/reviews')).data
    expect(reviews).toHaveLength(DEMO_REVIEWS.length)
    expect((await get('/api/marketplace/best-practices')).data).toHaveLength(DEMO_PRACTICES.length)
    const posts = (await get('/api/marketplace/posts')).data
    expect(posts).toHaveLength(DEMO_POSTS.length)
    expect(posts.filter((post: { authorName: string }) => post.authorName === 'Anonymous')).toHaveLength(1)
    expect(posts.map((post: { replies: number }) => post.replies).sort()).toEqual([0, 0, 1, 2])
  })

  it('has Verified reviews and a measured turnaround for two carriers', async () => {
    const reviews: {
      title: string
      isVerified: boolean
      carrierTurnaroundDays: number | null
      helpfulVotes: number
    }[] = (await get('/api/marketplace/reviews?sort=best')).data
    expect(reviews[0]).toMatchObject({ title: DEMO_REVIEWS[0].title, helpfulVotes: 3, isVerified: true })
    expect(reviews.filter((review) => review.isVerified)).toHaveLength(3)
    expect([...new Set(reviews.map((review) => review.carrierTurnaroundDays))].sort()).toEqual([3, 5.5, null])
  })
})
