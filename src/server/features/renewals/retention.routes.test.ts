import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { RENEWAL_TEXTS } from '#shared/contracts/renewals.contract.ts'
import { RETENTION_EXPORT_PATH, RETENTION_TEXTS } from '#shared/contracts/renewals-retention.contract.ts'
import { DEFAULT_RENEWAL_SETTINGS, todayIn } from '#shared/domain/renewal-pipeline.ts'
import { shiftMonth } from '#shared/domain/renewal-retention.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { users } from '../auth/auth.table.ts'
import { addClient, catalogueCarriers } from '../policies/policies.test-support.ts'
import { seedRenewal } from './retention.test-support.ts'

let test: TestApp
let owner: SignedInUser
let colleague: SignedInUser
let x: { id: string; name: string }
let y: { id: string; name: string }
let stranger: SignedInUser

const RANGE = 'from=2025-01&to=2025-03'
const retention = (user: SignedInUser | undefined, query = RANGE) =>
  test.request({ method: 'GET', url: `/api/renewals/retention?${query}`, cookie: user?.cookie })

/**
 * Seven renewals closed in January to March 2025 (four renewed: +10% on the next term, -10% with
 * a new carrier's policy, +5% by the accepted offer, +30%; two lost for price; one non-renewed),
 * and around them what must not count: months outside the range, an open renewal, another agency.
 */
beforeAll(async () => {
  test = await buildTestApp()
  owner = await signUp(test)
  colleague = await addAgent(test, owner.user.agencyId)
  await test.db.update(users).set({ firstName: '=HYPERLINK("x")' }).where(eq(users.id, colleague.user.id))
  const client = await addClient(test, owner)
  ;[x, y] = (await catalogueCarriers(test, owner)) as [typeof x, typeof y]
  const me = owner.user.id
  const them = colleague.user.id
  for (const seed of [
    {
      carrierId: x.id,
      expirationDate: '2025-01-15',
      premium: 1000,
      stage: 'renewed',
      renewed: { nextTerm: 1100 },
    },
    {
      carrierId: x.id,
      expirationDate: '2025-01-20',
      premium: 2000,
      stage: 'renewed',
      renewed: { newPolicy: 1800, carrierId: y.id },
    },
    {
      carrierId: x.id,
      line: 'property',
      producerUserId: them,
      expirationDate: '2025-02-10',
      premium: 500,
      stage: 'renewed',
      renewed: { offer: 525 },
    },
    {
      carrierId: y.id,
      line: 'property',
      producerUserId: them,
      expirationDate: '2025-02-11',
      premium: 3000,
      stage: 'lost',
      lostReason: 'price',
    },
    {
      carrierId: y.id,
      producerUserId: null,
      expirationDate: '2025-03-01',
      premium: 1500,
      stage: 'lost',
      lostReason: 'price',
    },
    { carrierId: y.id, producerUserId: me, expirationDate: '2025-03-31', premium: 400, stage: 'non_renewed' },
    {
      carrierId: y.id,
      expirationDate: '2025-03-05',
      premium: 1000,
      stage: 'renewed',
      renewed: { nextTerm: 1300 },
    },
    // Outside the range, or still open: never counted.
    {
      carrierId: x.id,
      expirationDate: '2025-04-01',
      premium: 900,
      stage: 'renewed',
      renewed: { offer: 900 },
    },
    { carrierId: x.id, expirationDate: '2024-12-31', premium: 700, stage: 'lost', lostReason: 'service' },
    { carrierId: x.id, expirationDate: '2025-03-10', premium: 800, stage: 'in_review' },
  ] as const) {
    await seedRenewal(test, owner, client, seed)
  }
  stranger = await signUp(test)
  await seedRenewal(test, stranger, await addClient(test, stranger), {
    carrierId: x.id,
    expirationDate: '2025-02-15',
    premium: 10_000,
    stage: 'lost',
    lostReason: 'coverage',
  })
})
afterAll(() => test.close())

const rate = (closed: number, renewed: number, expiring: number, retained: number) => ({
  closed,
  renewed,
  expiringPremium: expiring,
  retainedPremium: retained,
})

describe('GET /api/renewals/retention', () => {
  it('counts retention by count and by expiring premium, in all and by month, producer, carrier and line', async () => {
    const response = await retention(owner)
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({ from: '2025-01', to: '2025-03' })
    expect(body.total).toEqual({
      key: 'total',
      label: 'Total',
      ...rate(7, 4, 9400, 4500),
      countRate: 57.1,
      premiumRate: 47.9,
    })
    expect(body.byMonth).toEqual([
      { key: '2025-01', label: 'Jan 2025', ...rate(2, 2, 3000, 3000), countRate: 100, premiumRate: 100 },
      { key: '2025-02', label: 'Feb 2025', ...rate(2, 1, 3500, 500), countRate: 50, premiumRate: 14.3 },
      { key: '2025-03', label: 'Mar 2025', ...rate(3, 1, 2900, 1000), countRate: 33.3, premiumRate: 34.5 },
    ])
    expect(body.byProducer).toEqual([
      {
        key: owner.user.id,
        label: 'Casey Morgan',
        ...rate(4, 3, 4400, 4000),
        countRate: 75,
        premiumRate: 90.9,
      },
      {
        key: colleague.user.id,
        label: '=HYPERLINK("x") Colleague',
        ...rate(2, 1, 3500, 500),
        countRate: 50,
        premiumRate: 14.3,
      },
      { key: '', label: RETENTION_TEXTS.noProducer, ...rate(1, 0, 1500, 0), countRate: 0, premiumRate: 0 },
    ])
    expect(body.byCarrier).toEqual([
      { key: y.id, label: y.name, ...rate(4, 1, 5900, 1000), countRate: 25, premiumRate: 16.9 },
      { key: x.id, label: x.name, ...rate(3, 3, 3500, 3500), countRate: 100, premiumRate: 100 },
    ])
    expect(body.byLine).toEqual([
      { key: 'auto', label: 'Auto', ...rate(5, 3, 5900, 4000), countRate: 60, premiumRate: 67.8 },
      { key: 'property', label: 'Property', ...rate(2, 1, 3500, 500), countRate: 50, premiumRate: 14.3 },
    ])
  })

  it('sums the lost renewals per reason, and the premium change where renewed: median and bands', async () => {
    const body = (await retention(owner)).json()
    expect(body.lostReasons[0]).toEqual({ reason: 'price', count: 2, premium: 4500 })
    expect(body.lostReasons.slice(1).every((row: { count: number }) => row.count === 0)).toBe(true)
    const counts = (bands: { count: number }[]) => bands.map((band) => band.count)
    // -10, +5, +10, +30: the median falls halfway between +5 and +10.
    expect(body.premiumChange).toMatchObject({ count: 4, median: 7.5 })
    expect(body.premiumChange.bands[1].label).toBe('−10% to 0%')
    expect(counts(body.premiumChange.bands)).toEqual([0, 1, 0, 1, 1, 1])
    expect(
      body.premiumChange.byCarrier.map(
        (row: { carrierId: string; count: number; median: number; bands: [] }) => [
          row.carrierId,
          row.count,
          row.median,
          counts(row.bands),
        ],
      ),
    ).toEqual([
      [x.id, 3, 5, [0, 1, 0, 1, 1, 0]],
      [y.id, 1, 30, [0, 0, 0, 0, 0, 1]],
    ])
  })

  it('reads the 12 months to this one by default, and answers zeros for months with nothing closed', async () => {
    const body = (await retention(owner, '')).json()
    // This month in the agency's time zone (the default one until agencies set theirs).
    const thisMonth = todayIn(DEFAULT_RENEWAL_SETTINGS.timeZone).slice(0, 7)
    expect(body).toMatchObject({ from: shiftMonth(thisMonth, -11), to: thisMonth })
    expect(body.byMonth).toHaveLength(12)
    expect(body.byMonth.at(-1).key).toBe(thisMonth)
    const quiet = (await retention(owner, 'from=2023-01&to=2023-02')).json()
    expect(quiet.total).toMatchObject({ closed: 0, countRate: null, premiumRate: null })
    expect(quiet.byMonth.map((row: { closed: number }) => row.closed)).toEqual([0, 0])
    expect(quiet.premiumChange).toEqual({ count: 0, median: null, bands: expect.any(Array), byCarrier: [] })
  })

  it('refuses a bad month, a reversed range and a too long one with field messages', async () => {
    const bad = await retention(owner, 'from=2025-13')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toEqual([{ path: 'from', message: RENEWAL_TEXTS.monthInvalid }])
    const reversed = await retention(owner, 'from=2025-05&to=2025-01')
    expect(reversed.statusCode).toBe(400)
    expect(reversed.json().errors).toEqual([{ path: 'from', message: RETENTION_TEXTS.rangeReversed }])
    const long = await retention(owner, 'from=2015-01&to=2025-01')
    expect(long.statusCode).toBe(400)
    expect(long.json().errors[0].path).toBe('from')
  })

  it('answers 401 without a session, and counts only the caller’s agency', async () => {
    expect((await retention(undefined)).statusCode).toBe(401)
    expect(
      (await test.request({ method: 'GET', url: `${RETENTION_EXPORT_PATH}?table=month` })).statusCode,
    ).toBe(401)
    // The other agency's own renewal lost in February is all it sees, and the owner never sees it.
    const theirs = (await retention(stranger)).json()
    expect(theirs.total).toMatchObject({ closed: 1, renewed: 0, expiringPremium: 10_000 })
    expect(theirs.lostReasons[0]).toEqual({ reason: 'coverage', count: 1, premium: 10_000 })
  })
})

describe('GET /api/renewals/retention.csv', () => {
  const csv = (table: string) =>
    test.request({
      method: 'GET',
      url: `${RETENTION_EXPORT_PATH}?${RANGE}&table=${table}`,
      cookie: owner.cookie,
    })

  it('downloads a table with its total row, a name that reads as a formula escaped', async () => {
    const producers = await csv('producer')
    expect(producers.statusCode).toBe(200)
    expect(producers.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(producers.headers['content-disposition']).toBe(
      'attachment; filename="renewal-retention-producer-2025-01-to-2025-03.csv"',
    )
    expect(producers.body.split('\r\n')).toEqual([
      '\uFEFFProducer,Closed,Renewed,Retention by Count (%),Expiring Premium,Retained Premium,Retention by Premium (%)',
      'Casey Morgan,4,3,75,4400.00,4000.00,90.9',
      `"'=HYPERLINK(""x"") Colleague",2,1,50,3500.00,500.00,14.3`,
      'No producer,1,0,0,1500.00,0.00,0',
      'Total,7,4,57.1,9400.00,4500.00,47.9',
      '',
    ])
    const change = (await csv('change')).body.split('\r\n')
    expect(change[1]).toBe(`${x.name},3,5,0,1,0,1,1,0`)
    expect(change[3]).toBe('All carriers,4,7.5,0,1,0,1,1,1')
    const lost = (await csv('lost')).body.split('\r\n')
    expect(lost.slice(0, 2)).toEqual(['\uFEFFReason,Lost,Expiring Premium', 'Price,2,4500.00'])
    // Each download is an audit event of the agency's, saying which table and range.
    const events = await test.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.agencyId, owner.user.agencyId),
          eq(auditEvents.action, 'renewal.retention_exported'),
        ),
      )
    expect(events.map((event) => event.details)).toEqual([
      { table: 'producer', from: '2025-01', to: '2025-03' },
      { table: 'change', from: '2025-01', to: '2025-03' },
      { table: 'lost', from: '2025-01', to: '2025-03' },
    ])
  })

  it('refuses an unknown table on its field', async () => {
    const response = await csv('everything')
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([{ path: 'table', message: RETENTION_TEXTS.tableInvalid }])
  })
})
