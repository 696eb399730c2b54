import { mkdirSync } from 'node:fs'
import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { MARKETPLACE_TEXTS as T } from '#shared/contracts/marketplace.contract.ts'
import { pageTitle, signUpThroughApi, uniqueEmail } from './support/app.ts'
import { api, expectNoSideScroll, expectToast, openTab, toastGone } from './support/appointments.ts'
import {
  expectNoSeriousAxeViolations as checkA11y,
  DESKTOP,
  launchBrowserForFile,
  MOBILE,
  newPage,
} from './support/browser.ts'

const SHOTS = '/tmp/shots'
const browser = launchBrowserForFile()
beforeAll(() => mkdirSync(SHOTS, { recursive: true }))

/** A new agency's first user on the marketplace page, at this width. */
async function newAgent(prefix: string, viewport: { width: number; height: number } = DESKTOP) {
  const { page } = await newPage(browser(), viewport)
  await signUpThroughApi(page, uniqueEmail(prefix))
  await page.goto('/agent-marketplace')
  await pageTitle(page, T.title).waitFor()
  return page
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title })
const tag = () => Math.random().toString(36).slice(2, 8)

async function openDialog(page: Page, button: string): Promise<Locator> {
  await toastGone(page)
  await page.getByRole('button', { name: button }).first().click()
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  return dialog
}

async function addPost(page: Page, title: string, options: { content?: string; anonymous?: boolean } = {}) {
  await openTab(page, T.tabPosts)
  const dialog = await openDialog(page, T.newPost)
  expect(await dialog.getByLabel('Post type').inputValue()).toBe('tip')
  expect(await dialog.getByRole('checkbox', { name: /Post anonymously/ }).isChecked()).toBe(false)
  await dialog.getByLabel('Title').fill(title)
  await dialog.getByLabel('Content').fill(options.content ?? 'Anyone else seeing this?')
  if (options.anonymous) await dialog.getByRole('checkbox', { name: /Post anonymously/ }).check()
  await dialog.getByRole('button', { name: T.newPost }).click()
  await expectToast(page, T.postCreated)
  await card(page, title).waitFor()
}

describe('agent marketplace', () => {
  it('adds a review, a practice and a post with the dialogs’ defaults and comma lists', {
    timeout: 180_000,
  }, async () => {
    const page = await newAgent('market-author')
    const run = tag()
    expect(await page.getByRole('tab').allTextContents()).toEqual([T.tabReviews, T.tabPractices, T.tabPosts])

    const review = await openDialog(page, T.addReview)
    expect(await review.getByLabel('Rating').inputValue()).toBe('5')
    expect(await review.getByLabel('Experience level').inputValue()).toBe('intermediate')
    await review.getByRole('button', { name: T.addReview }).click()
    await review.getByText(T.titleRequired).waitFor()
    await review.getByText(T.reviewRequired).waitFor()
    await review.getByLabel('Carrier').selectOption({ index: 1 })
    await review.getByLabel('Rating').selectOption('4')
    await review.getByLabel('Title').fill(`Quick quotes ${run}`)
    await review.getByLabel('Review', { exact: true }).fill('Answers within a day.')
    await review.getByLabel('Pros').fill('fast, , friendly underwriters,')
    await review.getByLabel('Cons').fill('portal logouts')
    await review.getByLabel('Tags').fill('auto,  term life ,')
    await review.getByRole('button', { name: T.addReview }).click()
    await expectToast(page, T.reviewAdded)
    const added = card(page, `Quick quotes ${run}`)
    await added.waitFor()
    expect(await added.getByRole('img', { name: 'Rated 4 out of 5' }).count()).toBe(1)
    expect(await added.getByRole('list', { name: 'Tags' }).textContent()).toBe('#auto#term life')
    expect(await added.textContent()).toContain('friendly underwriters')
    expect(await added.textContent()).toContain('Riley M.')

    await openTab(page, T.tabPractices)
    const practice = await openDialog(page, T.sharePractice)
    expect(await practice.getByLabel('Category').inputValue()).toBe('application_tips')
    expect(await practice.getByLabel('Difficulty').inputValue()).toBe('intermediate')
    await practice.getByLabel('Title').fill(`Scan at 300 dpi ${run}`)
    await practice.getByLabel('Content').fill('Carriers reject blurry IDs.')
    await practice.getByLabel('Category').selectOption('documentation')
    await practice.getByRole('button', { name: T.sharePractice }).click()
    await expectToast(page, T.practiceShared)
    expect(await card(page, `Scan at 300 dpi ${run}`).textContent()).toContain('Documentation')

    await addPost(page, `First post ${run}`)
    await checkA11y(page)
    await page.screenshot({ path: `${SHOTS}/marketplace-posts-1280.png`, fullPage: true })
  })

  it('counts votes from users of two agencies, once each', { timeout: 180_000 }, async () => {
    const author = await newAgent('market-voted')
    const title = `Vote on me ${tag()}`
    await addPost(author, title)
    // One voter on a computer, one on a phone.
    for (const [prefix, viewport] of [
      ['market-voter-a', DESKTOP],
      ['market-voter-b', MOBILE],
    ] as const) {
      const voter = await newAgent(prefix, viewport)
      await openTab(voter, T.tabPosts)
      const upvote = card(voter, title).getByRole('button', { name: /^Upvote/ })
      await upvote.click()
      await expect.poll(() => upvote.getAttribute('aria-pressed')).toBe('true')
    }
    const voter = await newAgent('market-voter-c')
    await openTab(voter, T.tabPosts)
    const post = card(voter, title)
    await expect.poll(() => post.getByRole('button', { name: /^Upvote/ }).textContent()).toBe('Upvote 2')
    await post.getByRole('button', { name: /^Downvote/ }).click()
    await expect.poll(() => post.getByRole('button', { name: /^Downvote/ }).textContent()).toBe('Downvote 1')
    // Pressing the same vote again withdraws it.
    await post.getByRole('button', { name: /^Downvote/ }).click()
    await expect.poll(() => post.getByRole('button', { name: /^Downvote/ }).textContent()).toBe('Downvote 0')
  })

  it('searches and filters by carrier', { timeout: 180_000 }, async () => {
    const page = await newAgent('market-search')
    const run = tag()
    const carriers = await api<{ data: { id: string; name: string; isCatalogue: boolean }[] }>(
      page,
      'GET',
      '/api/carriers',
    )
    const [first, second] = carriers.data.filter((carrier) => carrier.isCatalogue).slice(10, 12)
    for (const [carrier, title] of [
      [first!, `Zephyr pricing ${run}`],
      [second!, `Quiet portal ${run}`],
    ] as const)
      await api(
        page,
        'POST',
        '/api/marketplace/reviews',
        { carrierId: carrier.id, title, review: `Notes ${run}` },
        201,
      )
    await page.reload()
    await card(page, `Quiet portal ${run}`).waitFor()
    await page.getByRole('searchbox', { name: 'Search the marketplace' }).fill(`zephyr ${run}`)
    await expect.poll(() => page.getByRole('list', { name: 'Reviews' }).getByRole('article').count()).toBe(1)
    expect(await card(page, `Zephyr pricing ${run}`).isVisible()).toBe(true)
    await page.getByRole('searchbox', { name: 'Search the marketplace' }).fill(run)
    await expect.poll(() => page.getByRole('list', { name: 'Reviews' }).getByRole('article').count()).toBe(2)
    await page.getByLabel('Carrier').selectOption({ label: second!.name })
    await expect.poll(() => page.getByRole('list', { name: 'Reviews' }).getByRole('article').count()).toBe(1)
    expect(await card(page, `Quiet portal ${run}`).isVisible()).toBe(true)
    await page.getByRole('searchbox', { name: 'Search the marketplace' }).fill(`nothing-${run}`)
    await page.getByText(T.emptyFiltered).waitFor()
  })

  it('hides an anonymous post’s author from another agency', { timeout: 180_000 }, async () => {
    const author = await newAgent('market-anon')
    const title = `Anonymous worry ${tag()}`
    await addPost(author, title, { anonymous: true })
    expect(await card(author, title).textContent()).toContain('Anonymous (you)')
    const reader = await newAgent('market-anon-reader')
    await openTab(reader, T.tabPosts)
    const seen = card(reader, title)
    await seen.waitFor()
    expect(await seen.textContent()).toContain(T.anonymous)
    expect(await seen.textContent()).not.toContain('Riley')
    expect(await seen.textContent()).not.toContain('Agency')
  })

  it('hides an item reported from three agencies', { timeout: 180_000 }, async () => {
    const author = await newAgent('market-reported')
    const title = `Spammy offer ${tag()}`
    await addPost(author, title)
    for (const [prefix, viewport] of [
      ['market-reporter-a', DESKTOP],
      ['market-reporter-b', MOBILE],
      ['market-reporter-c', DESKTOP],
    ] as const) {
      const reporter = await newAgent(prefix, viewport)
      await openTab(reporter, T.tabPosts)
      await card(reporter, title)
        .getByRole('button', { name: /^Report/ })
        .click()
      const dialog = reporter.getByRole('dialog')
      await dialog.getByLabel('Reason (optional)').fill('Advertising')
      await dialog.getByRole('button', { name: 'Report' }).click()
      await expectToast(reporter, T.reported)
    }
    const reader = await newAgent('market-after-report')
    await openTab(reader, T.tabPosts)
    await reader.getByRole('list', { name: 'Community posts' }).waitFor()
    expect(await card(reader, title).count()).toBe(0)
    await author.reload()
    await openTab(author, T.tabPosts)
    await author.getByRole('list', { name: 'Community posts' }).waitFor()
    expect(await card(author, title).count()).toBe(0)
  })

  it('replies to a post, and shows typed HTML as text at 390 px', { timeout: 180_000 }, async () => {
    const author = await newAgent('market-thread', MOBILE)
    const title = `<b>Bold?</b> ${tag()}`
    const script = '<script>window.__injected = 1</script><img src=x onerror="window.__injected = 2">'
    await addPost(author, title, { content: script })
    const post = card(author, title)
    expect(await post.getByRole('heading', { level: 3 }).textContent()).toBe(title)
    expect(await post.textContent()).toContain(script)
    const replier = await newAgent('market-replier', MOBILE)
    await openTab(replier, T.tabPosts)
    const seen = card(replier, title)
    await seen.getByRole('button', { name: T.reply }).click()
    await seen.getByLabel('Your reply').fill('Same here: <i>not italic</i>')
    await seen.getByRole('button', { name: 'Post reply' }).click()
    await seen.getByText('Same here: <i>not italic</i>').waitFor()
    await expect.poll(() => seen.textContent()).toContain('1 reply')
    expect(
      await replier.evaluate(() => (window as unknown as { __injected?: number }).__injected),
    ).toBeUndefined()
    expect(await seen.locator('b, i, img, script').count()).toBe(0)
    await checkA11y(replier)
    await expectNoSideScroll(replier)
    await replier.screenshot({ path: `${SHOTS}/marketplace-thread-390.png`, fullPage: true })
    for (const name of [T.tabReviews, T.tabPractices]) {
      await openTab(replier, name)
      await replier.getByRole('tabpanel', { name }).getByRole('article').first().waitFor()
      await checkA11y(replier)
      await expectNoSideScroll(replier)
    }
    const dialog = await openDialog(replier, T.sharePractice)
    await checkA11y(replier)
    await expectNoSideScroll(replier)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
  })
})
