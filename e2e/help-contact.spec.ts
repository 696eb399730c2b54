import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_TEXTS } from '#shared/contracts/contact.contract.ts'
import { FAQ_TEXTS, searchFaq } from '#shared/help/faq.ts'
import { type SmtpSink, startSmtpSink } from '#test/smtp-sink.ts'
import { newSignedUpPage, PASSWORD, pageTitle, uniqueEmail } from './support/app.ts'
import { expectNoSideScroll } from './support/appointments.ts'
import {
  expectNoSeriousAxeViolations as checkA11y,
  DESKTOP,
  launchBrowserForFile,
  MOBILE,
} from './support/browser.ts'
import { createRestartableServer, type RestartableServer } from './support/restartable-server.ts'

const SHOTS = '/tmp/shots'
const SUPPORT = 'help@backoffice.test'
const browser = launchBrowserForFile()
const SIZES = [
  ['1280', DESKTOP],
  ['390', MOBILE],
] as const

describe('the FAQ', () => {
  it.each(SIZES)('searches every category and opens an answer at %s px', async (size, viewport) => {
    const { page, context } = await newSignedUpPage(browser(), `faq-${size}`, viewport)
    await page.goto('/faq')
    await pageTitle(page, 'FAQ').waitFor()
    await page.getByRole('tab', { name: 'Billing & Subscriptions' }).click()
    await page.getByText('What plans are there?').click()
    await page.getByText(/Free \(5 applications a month\)/).waitFor()
    await checkA11y(page)

    const search = page.getByRole('searchbox', { name: FAQ_TEXTS.searchLabel })
    await search.fill('RETENTION')
    await page
      .getByRole('status')
      .getByText(FAQ_TEXTS.resultCount(searchFaq('retention').length))
      .waitFor()
    const results = page.getByRole('list', { name: 'Matching questions' })
    await results.getByText('How long are records kept?').click()
    await results.getByText(/7 years unless an admin changes it/).waitFor()
    await expectNoSideScroll(page)
    await checkA11y(page)
    await page.screenshot({ path: `${SHOTS}/assistant-faq-search-${size}.png`, fullPage: true })

    await search.fill('xyzzy plugh')
    await page.getByText(FAQ_TEXTS.noResults).waitFor()
    await context.close()
  })
})

describe('contact', () => {
  let server: RestartableServer
  let sink: SmtpSink
  beforeAll(async () => {
    sink = await startSmtpSink()
    server = await createRestartableServer({ SMTP_URL: sink.url, SUPPORT_EMAIL: SUPPORT, WORKER: 'true' })
    await server.start()
  })
  afterAll(async () => {
    await server?.dispose()
    await sink?.close()
  })

  async function open(viewport: {
    width: number
    height: number
  }): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser().newContext({ baseURL: server.baseUrl, viewport })
    return { context, page: await context.newPage() }
  }

  async function sendMessage(page: Page, subject: string) {
    const form = page.getByRole('form', { name: 'Contact support' })
    await form.getByLabel('Subject').fill(subject)
    await form.getByLabel('Category').selectOption('support')
    await form.getByLabel('Priority').selectOption('high')
    await form.getByLabel('Message', { exact: true }).fill('Too short')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await form.getByText(CONTACT_TEXTS.message).waitFor()
    await form
      .getByLabel('Message', { exact: true })
      .fill('I was signed out and cannot sign in again since this morning.')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await page.getByRole('heading', { name: CONTACT_TEXTS.sentTitle }).waitFor()
    return (await page.getByTestId('contact-reference').textContent()) ?? ''
  }

  /** The two mails of a message: to support, and the confirmation to the sender, both naming its reference. */
  async function expectMails(reference: string, sender: string) {
    await expect
      .poll(() => sink.messages.filter((m) => m.raw.includes(reference)).length, { timeout: 20_000 })
      .toBe(2)
    const mails = sink.messages.filter((m) => m.raw.includes(reference))
    expect(mails.map((m) => m.to[0]).sort()).toEqual([SUPPORT, sender].sort())
  }

  it('takes a visitor’s message, shows the reference, and mails support and the visitor (1280 px)', async () => {
    const { context, page } = await open(DESKTOP)
    await page.goto('/login')
    await page.getByRole('link', { name: 'contact support' }).click()
    await pageTitle(page, CONTACT_TEXTS.title).waitFor()
    await page.getByText(SUPPORT).first().waitFor()
    const sender = uniqueEmail('visitor')
    const form = page.getByRole('form', { name: 'Contact support' })
    await form.getByLabel('Name', { exact: true }).fill('Vi Sitor')
    await form.getByLabel('Email', { exact: true }).fill(sender)
    await checkA11y(page)
    const reference = await sendMessage(page, 'Locked out of my account')
    expect(reference).toMatch(/^SUP-[0-9A-Z]{8}$/)
    await checkA11y(page)
    await page.screenshot({ path: `${SHOTS}/assistant-contact-sent-1280.png`, fullPage: true })
    await expectMails(reference, sender)
    await context.close()
  })

  it('fills in a signed-in user’s name and email and sends the same way (390 px)', async () => {
    const { context, page } = await open(MOBILE)
    const email = uniqueEmail('contact-user')
    const signup = await context.request.post('/api/auth/signup', {
      data: { firstName: 'Cam', lastName: 'Reyes', email, password: PASSWORD, selectedPlan: 'free' },
      headers: { Origin: server.baseUrl },
    })
    expect(signup.status()).toBe(201)
    await page.goto('/contact')
    const form = page.getByRole('form', { name: 'Contact support' })
    await expect.poll(() => form.getByLabel('Email', { exact: true }).inputValue()).toBe(email)
    expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('Cam Reyes')
    const reference = await sendMessage(page, 'Question about my plan')
    await expectNoSideScroll(page)
    await checkA11y(page)
    await page.screenshot({ path: `${SHOTS}/assistant-contact-sent-390.png`, fullPage: true })
    await expectMails(reference, email)
    await context.close()
  })
})
