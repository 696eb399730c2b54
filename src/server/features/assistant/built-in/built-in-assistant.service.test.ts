import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addClient, ask } from '#test/assistant-calls.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addCarrier, createApplication, signUpProfessional } from '#test/delivery-harness.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { applications } from '../../applications/applications.table.ts'
import { clients } from '../../clients/clients.table.ts'
import { bind, enterQuote, quoteInput, today } from '../../quotes/quotes.test-support.ts'
import { CANNOT_ANSWER } from './built-in-assistant.service.ts'

let test: TestApp
let user: SignedInUser
/** Every figure the database holds about the agency, as text: an answer may state only these. */
let figures: Set<string>

async function readFigures(): Promise<Set<string>> {
  const agency = user.user.agencyId
  const found = new Set<string>()
  const add = (value: number | string) => found.add(String(value))
  const clientRows = await test.db.select().from(clients).where(eq(clients.agencyId, agency))
  const applicationRows = await test.db.select().from(applications).where(eq(applications.agencyId, agency))
  add(clientRows.length)
  const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1))
  add(clientRows.filter((row) => row.createdAt >= monthStart).length)
  add(applicationRows.length)
  for (const status of ['draft', 'pending', 'review', 'approved', 'rejected', 'bound'])
    add(applicationRows.filter((row) => row.status === status).length)
  for (const row of [...clientRows, ...applicationRows])
    for (const part of row.createdAt.toISOString().slice(0, 10).split('-')) add(Number(part))
  const perClient = await test.db
    .select({ clientId: applications.clientId, value: count() })
    .from(applications)
    .where(eq(applications.agencyId, agency))
    .groupBy(applications.clientId)
  for (const row of perClient) add(row.value)
  add(0)
  const me = (await test.request({ method: 'GET', url: '/api/auth/user', cookie: user.cookie })).json()
  add(me.monthlyApplicationLimit)
  add(me.applicationsUsedThisMonth)
  add(me.monthlyApplicationLimit - me.applicationsUsedThisMonth)
  const carriers = (await test.request({ method: 'GET', url: '/api/carriers', cookie: user.cookie })).json()
    .data
  add(carriers.length)
  add(carriers.filter((carrier: { isActive: boolean }) => carrier.isActive).length)
  // Names are stored text too: a carrier called 'Mutual 42' may be named.
  for (const carrier of carriers as { name: string }[]) for (const n of numbersIn(carrier.name)) add(n)
  return found
}

const numbersIn = (text: string) =>
  (text.match(/\d[\d,]*/g) ?? []).map((n) => String(Number(n.replaceAll(',', ''))))

beforeAll(async () => {
  test = await buildTestApp()
  user = await signUpProfessional(test)
  await addClient(test, user, { firstName: 'Marisol', lastName: 'Quintero', city: 'Beaumont' })
  await addClient(test, user, { firstName: 'Theo', lastName: 'Brandt', city: 'Tyler' })
  await addClient(test, user, { firstName: 'Ada', lastName: 'Okafor' })
  const carrier = await addCarrier(test, user, 'manual')
  await createApplication(test, user, carrier.id)
  const bound = await createApplication(test, user, carrier.id)
  // One of them bound: its quote became a policy.
  const quote = await enterQuote(test, user, bound.id, quoteInput(carrier.id))
  const binding = await bind(test, user, quote.id, { effectiveDate: today(), policyNumber: 'BA-1' })
  if (binding.statusCode !== 201) throw new Error(`bind: ${binding.statusCode} ${binding.body}`)
  figures = await readFigures()
})
afterAll(() => test.close())

describe('the built-in assistant on the agency’s data', () => {
  it.each([
    ['How many clients do I have?', /^You have 5 clients; 5 added this month\.$/],
    [
      'How many applications are pending?',
      /^You have 2 applications: 0 draft, 1 pending, 0 in review, 0 approved, 0 rejected and 1 bound\.$/,
    ],
    ['Show my latest applications', /^Your latest applications:\n• Nia Okoye: auto, /],
    [
      'How many applications do I have left this month?',
      /^You're on the Professional plan: 2 of 200 applications used this month .+, so 198 applications left\.$/,
    ],
    ['How many active carriers do we have?', / of the \d+ carriers available to your agency are active\.$/],
    [
      'Who are my newest clients?',
      /^Your newest clients:\n• Nia Okoye .+\n• Nia Okoye .+\n• Ada Okafor \(Galveston, TX\), client since \d{4}-\d\d-\d\d, 0 applications/,
    ],
    [
      'Find client named Quintero',
      /^Clients matching "quintero":\n• Marisol Quintero \(Beaumont, TX\), client since /,
    ],
    [
      'Give me an overview of my agency',
      /^Your agency at a glance:\n• 5 clients \(5 added this month\)\n• 2 applications: 1 pending, 0 in review, 0 approved, 1 bound\n/,
    ],
  ])('answers “%s” from the database', async (question, expected) => {
    const { text, body } = await ask(test, user, question)
    expect(text).toMatch(expected)
    expect(body.reply.answeredBy).toBe('built_in')
    // The rule: no figure in an answer that the database does not hold.
    const invented = numbersIn(text).filter((n) => !figures.has(n))
    expect(invented, `${text}\nknown: ${[...figures].join(', ')}`).toEqual([])
  })

  it('reads only the asker’s agency', async () => {
    const other = await signUp(test)
    const { text } = await ask(test, other, 'How many clients do I have?')
    expect(text).toBe('You have 0 clients; 0 added this month.')
  })
})

describe('the built-in assistant on the product', () => {
  it('answers from the guides and FAQ and cites the entry with its link', async () => {
    const { text, body } = await ask(test, user, 'How do I import clients from a spreadsheet?')
    expect(text).toMatch(/^From the guide, “Importing clients from a spreadsheet”:\nDownload the template/)
    expect(body.reply.citations[0]).toEqual({
      title: 'Importing clients from a spreadsheet',
      url: '/faq#guide-import-clients',
    })
    const retention = await ask(test, user, 'How long are records kept?')
    expect(retention.text).toContain('7 years unless an admin changes it')
    expect(retention.body.reply.citations[0].url).toBe('/faq#faq-retention')
  })

  it('says honestly what it can do when it has no answer', async () => {
    for (const question of ['What is the weather in Paris?', 'Tell me a joke']) {
      const { text, body } = await ask(test, user, question)
      expect(text).toBe(CANNOT_ANSWER)
      expect(body.reply.citations).toEqual([{ title: 'Contact', url: '/contact' }])
    }
  })
})
