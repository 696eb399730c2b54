import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { call, catalogueCarriers } from './marketplace.test-support.ts'

type Listed = { data: { id: string; title: string; upvotes?: number }[]; nextCursor: string | null }

let test: TestApp
let author: SignedInUser
let voters: SignedInUser[]
let carriers: { id: string }[]
const ids: Record<string, string> = {}

async function practice(key: string, body: Record<string, unknown>) {
  const created = await call<{ id: string }>(
    test,
    author,
    'POST',
    '/api/marketplace/best-practices',
    body,
    201,
  )
  ids[key] = created.id
}

const titles = (list: Listed) => list.data.map((item) => item.title)
const list = (query: string, user = author) =>
  call<Listed>(test, user, 'GET', `/api/marketplace/best-practices?${query}`)

beforeAll(async () => {
  test = await buildTestApp({ env: { MARKETPLACE_POSTS_PER_HOUR: '100' } })
  author = await signUp(test)
  voters = []
  for (let i = 0; i < 8; i += 1) voters.push(await signUp(test))
  carriers = await catalogueCarriers(test, author, 2)
  await practice('tags', {
    title: 'Ordering paramedical exams',
    content: 'Book them before the application is sent.',
    tags: 'underwriting, exams',
    carrierId: carriers[0]!.id,
    category: 'underwriting',
  })
  await practice('title', {
    title: 'Underwriting notes that get read',
    content: 'Lead with the risk.',
    carrierId: carriers[1]!.id,
    category: 'underwriting',
  })
  await practice('content', {
    title: 'Pricing a second vehicle',
    content: 'Multi-car discounts change how underwriters read the file.',
    category: 'pricing',
  })
  await practice('other', {
    title: 'Scanning clean PDFs',
    content: 'Use 300 dpi.',
    category: 'documentation',
  })
})
afterAll(() => test.close())

describe('GET /api/marketplace/best-practices', () => {
  it('lists newest first across agencies', async () => {
    expect(titles(await list('', voters[0]))).toEqual([
      'Scanning clean PDFs',
      'Pricing a second vehicle',
      'Underwriting notes that get read',
      'Ordering paramedical exams',
    ])
  })

  it('searches title, tags and content, by word prefix, ranking a title match above tags above content', async () => {
    const found = await list('search=underwrit&sort=relevance')
    expect(titles(found)).toEqual([
      'Underwriting notes that get read',
      'Ordering paramedical exams',
      'Pricing a second vehicle',
    ])
    expect(titles(await list('q=EXAMS'))).toEqual(['Ordering paramedical exams'])
    expect(titles(await list('search=dpi+scanning'))).toEqual(['Scanning clean PDFs'])
    expect(titles(await list('search=%22%29%28%26%7C'))).toEqual([])
    expect(titles(await list('search=nothing-like-this'))).toEqual([])
  })

  it('filters by carrier and category, with all meaning no filter', async () => {
    expect(titles(await list(`carrierId=${carriers[0]!.id}`))).toEqual(['Ordering paramedical exams'])
    expect(titles(await list(`carrier=${carriers[1]!.id}&category=underwriting`))).toEqual([
      'Underwriting notes that get read',
    ])
    expect(titles(await list('category=pricing&carrierId=all'))).toEqual(['Pricing a second vehicle'])
    expect((await list('category=all&carrierId=')).data).toHaveLength(4)
    await call(test, author, 'GET', '/api/marketplace/best-practices?carrierId=7', undefined, 400)
    await call(test, author, 'GET', '/api/marketplace/best-practices?category=gossip', undefined, 400)
  })

  it('sorts best by the Wilson lower bound, not by up minus down', async () => {
    const vote = (key: string, user: SignedInUser, upvote: boolean) =>
      call(test, user, 'POST', `/api/marketplace/best-practices/${ids[key]}/vote`, { upvote })
    // 'title' 3 up 0 down (Wilson 0.44) beats 'content' 6 up 2 down (0.41), though up minus down
    // says 3 against 4. No votes and 0 up of 1 both score 0: the newer comes first.
    for (const user of voters.slice(0, 3)) await vote('title', user, true)
    for (const [index, user] of voters.entries()) await vote('content', user, index < 6)
    await vote('other', voters[0]!, false)
    expect(titles(await list('sort=best'))).toEqual([
      'Underwriting notes that get read',
      'Pricing a second vehicle',
      'Scanning clean PDFs',
      'Ordering paramedical exams',
    ])
  })

  it('pages with a cursor in every order, searched or filtered, without repeats or gaps', async () => {
    // One row a page: a search then fills its page from the ordered walk, not the search index.
    for (const filters of [
      'sort=newest',
      'sort=best',
      'sort=relevance&search=underwriting',
      'sort=newest&search=underwriting',
      'sort=best&search=underwriting',
      `sort=newest&carrierId=${carriers[0]!.id}`,
      `sort=best&category=underwriting&carrierId=${carriers[1]!.id}`,
    ]) {
      const seen: string[] = []
      let cursor: string | null = null
      do {
        const page: Listed = await list(`${filters}&limit=1${cursor ? `&cursor=${cursor}` : ''}`)
        seen.push(...titles(page))
        cursor = page.nextCursor
      } while (cursor)
      const whole = titles(await list(filters))
      expect(whole.length, filters).toBeGreaterThan(0)
      expect(seen, filters).toEqual(whole)
    }
    await call(test, author, 'GET', '/api/marketplace/best-practices?cursor=bogus', undefined, 400)
  })
})
