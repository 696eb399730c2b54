import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { quoteComparisonFileName, quoteComparisonPdfPath } from '#shared/contracts/quotes.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUpProfessional } from '#test/delivery-harness.ts'
import type { SignedInUser } from '#test/factories.ts'
import { pdftotext } from '#test/poppler.ts'
import { auditEventsOf } from '#test/recorded.ts'
import { activatePlan, findAgencyName } from '../agencies/agencies.service.ts'
import { formatDifference, formatLongDay } from './build-comparison-rows.ts'
import { applicationWithTwoCarriers, compare, enterQuote, quoteInput, today } from './quotes.test-support.ts'
import { COMPARISON_PDF_TEXTS } from './render-comparison-pdf.ts'

let test: TestApp
let owner: SignedInUser
beforeAll(async () => {
  test = await buildTestApp()
  owner = await signUpProfessional(test)
})
afterAll(() => test.close())

async function download(applicationId: string, user = owner) {
  const response = await test.request({
    method: 'GET',
    url: quoteComparisonPdfPath(applicationId),
    cookie: user.cookie,
  })
  expect(response.statusCode, response.body.slice(0, 200)).toBe(200)
  return { response, pdf: response.rawPayload, text: pdftotext(response.rawPayload).replace(/\s+/g, ' ') }
}

describe('GET /api/applications/:id/quotes/comparison.pdf', () => {
  it('saves every quote side by side, cheapest first, with the figures the client compares', async () => {
    const { application, carriers } = await applicationWithTwoCarriers(test, owner)
    const [mailed, manual] = carriers as [{ id: string; name: string }, { id: string; name: string }]
    await enterQuote(test, owner, application.id, {
      ...quoteInput(mailed.id, { premium: 642.5, termMonths: 6, quoteNumber: 'PM-77' }),
      coverages: [
        { label: 'Bodily injury', value: '100/300' },
        { label: 'Collision deductible', value: '$500' },
      ],
    })
    await enterQuote(test, owner, application.id, {
      ...quoteInput(manual.id, { premium: 1175, termMonths: 12, quoteNumber: 'DC-9' }),
      coverages: [{ label: 'bodily  INJURY', value: '50/100' }],
    })
    const compared = await compare(test, owner, application.id)

    const { response, pdf, text } = await download(application.id)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${quoteComparisonFileName('Okoye', today())}"`,
    )
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const agencyName = await findAgencyName(test.db, owner.user.agencyId)
    expect(text).toContain(agencyName)
    expect(text).toContain(COMPARISON_PDF_TEXTS.title)
    expect(text).toContain(`Prepared for Nia Okoye · Auto insurance · ${formatLongDay(today())}`)
    // The 12-month quote of $1,175 is cheaper a year than the 6-month one of $642.50 ($1,285).
    expect(text.indexOf(manual.name)).toBeGreaterThan(-1)
    expect(text.indexOf(manual.name)).toBeLessThan(text.indexOf(mailed.name))
    for (const figure of [
      '$1,175.00',
      '$1,285.00',
      '$642.50 for 6 months',
      '$1,175.00 for 12 months',
      'PM-77',
      'DC-9',
      'Offered',
      '100/300',
      '50/100',
      '$500',
      formatLongDay(compared.quotes[0].effectiveDate),
      formatLongDay(compared.quotes[0].expiresAt),
    ])
      expect(text).toContain(figure)
    // Coverages line up by label: one row whatever the case or spacing each carrier wrote.
    expect(text.match(/Bodily injury/gi)).toHaveLength(1)
    for (const quote of compared.quotes as { differenceFromEstimate: number | null }[]) {
      expect(quote.differenceFromEstimate).not.toBeNull()
      expect(text).toContain(formatDifference(quote.differenceFromEstimate))
    }
    const [event] = await auditEventsOf(test, owner.user.id, 'quote.comparison_downloaded')
    expect(event).toMatchObject({ entityType: 'application', entityId: application.id })
    expect(event!.details).toMatchObject({ clientId: application.client.id, quotes: 2 })
  })

  it('goes on over more pages when there are more quotes than fit across one', async () => {
    const { application, carriers } = await applicationWithTwoCarriers(test, owner)
    for (let n = 0; n < 9; n++)
      await enterQuote(
        test,
        owner,
        application.id,
        quoteInput(carriers[n % 2]!.id, { premium: 500 + n * 10, quoteNumber: `MANY-${n}` }),
      )
    const { pdf, text } = await download(application.id)
    const document = await PDFDocument.load(pdf)
    expect(document.getPageCount()).toBe(3)
    for (let n = 0; n < 9; n++) expect(text).toContain(`MANY-${n}`)
    // Cheapest first across the pages: quote 0 is on the first, quote 8 on the last.
    expect(text.indexOf('MANY-0')).toBeLessThan(text.indexOf('MANY-4'))
    expect(text.indexOf('MANY-4')).toBeLessThan(text.indexOf('MANY-8'))
    expect(text).toContain('quotes 5–8 of 9 · page 2 of 3')
  })

  it('says so when no carrier has quoted yet', async () => {
    const { application } = await applicationWithTwoCarriers(test, owner)
    const { text } = await download(application.id)
    expect(text).toContain(COMPARISON_PDF_TEXTS.noQuotes)
  })

  it('heads the page with the branded organisation name on the executive plan', async () => {
    await activatePlan(test.db, owner.user.agencyId, {
      planCode: 'executive',
      billingPeriod: 'monthly',
      endsAt: new Date(Date.now() + 86_400_000 * 30),
    })
    const saved = await test.request({
      method: 'PUT',
      url: '/api/settings/branding',
      cookie: owner.cookie,
      payload: { organizationName: 'Lone Star Cover Partners', primaryColor: '#0F766E' },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const { application, carriers } = await applicationWithTwoCarriers(test, owner)
    await enterQuote(test, owner, application.id, quoteInput(carriers[0]!.id))
    const { text } = await download(application.id)
    expect(text).toContain('Lone Star Cover Partners')
  })

  it('answers 400 for an id that is not one, and 401 without a session', async () => {
    const bad = await test.request({
      method: 'GET',
      url: quoteComparisonPdfPath('nope'),
      cookie: owner.cookie,
    })
    expect(bad.statusCode).toBe(400)
    const anonymous = await test.request({
      method: 'GET',
      url: quoteComparisonPdfPath('00000000-0000-4000-8000-000000000000'),
    })
    expect(anonymous.statusCode).toBe(401)
  })
})
