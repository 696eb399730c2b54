import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#server/features/auth/auth.table.ts'
import { addDays } from '#shared/domain/policy-ledger.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { auditEventsOf } from '#test/recorded.ts'
import { renewalCalendarFeeds } from './calendar-feeds.table.ts'
import { enterDueRenewals } from './enter-pipeline.job.ts'
import { policyExpiring, renewalOf } from './pipeline.test-support.ts'

let test: TestApp
beforeAll(async () => {
  test = await buildTestApp()
})
afterAll(() => test.close())

const today = new Date().toISOString().slice(0, 10)
const PUBLIC_ORIGIN = 'http://localhost:5000'
const compact = (date: string) => date.replaceAll('-', '')

const feedCall = (user: SignedInUser, method: 'GET' | 'POST' | 'DELETE') =>
  test.request({ method, url: '/api/renewals/calendar-feed', cookie: user.cookie })

/** The feed's address as a calendar app fetches it: no cookie, no origin. */
const fetchFeed = (url: string) =>
  test.app.inject({ method: 'GET', url: url.slice(PUBLIC_ORIGIN.length), headers: { host: 'app.test' } })

/** The events of an iCalendar text, each as its unfolded properties (what a parser reads). */
function eventsOf(calendar: string) {
  const lines = calendar.replace(/\r\n /g, '').split('\r\n')
  const events: Record<string, string>[] = []
  let current: Record<string, string> | null = null
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {}
    else if (line === 'END:VEVENT') {
      events.push(current!)
      current = null
    } else if (current) {
      const colon = line.indexOf(':')
      current[line.slice(0, colon)] = line.slice(colon + 1)
    }
  }
  return events
}

describe('the renewals calendar feed', () => {
  it('lists the milestones still ahead of the user’s own open renewals, for a calendar app without a session', async () => {
    const admin = await signUp(test)
    const colleague = await addAgent(test, admin.user.agencyId)
    const stranger = await signUp(test)
    const mine = await policyExpiring(test, admin, addDays(today, 100), { insured: ['Siobhan', 'Ó Briain'] })
    const quoted = await policyExpiring(test, admin, addDays(today, 40))
    const theirs = await policyExpiring(test, admin, addDays(today, 70), {
      producerUserId: colleague.user.id,
    })
    const elsewhere = await policyExpiring(test, stranger, addDays(today, 70))
    await enterDueRenewals(test.db, today)
    const [renewal, quotedRenewal, theirRenewal, strangerRenewal] = await Promise.all(
      [mine, quoted, theirs, elsewhere].map((policy) => renewalOf(test, policy.id)),
    )
    const moved = await test.request({
      method: 'PATCH',
      url: `/api/renewals/${quotedRenewal!.id}`,
      cookie: admin.cookie,
      payload: { stage: 'quoted' },
    })
    expect(moved.statusCode).toBe(200)

    expect((await feedCall(admin, 'GET')).json()).toEqual({ url: null, active: false, createdAt: null })
    const created = await feedCall(admin, 'POST')
    expect(created.statusCode).toBe(201)
    const { url } = created.json()
    expect(url).toMatch(/^http:\/\/localhost:5000\/api\/renewals\/calendar\.ics\?token=[A-Za-z0-9_-]{43}$/)
    expect((await feedCall(admin, 'GET')).json()).toEqual({
      url: null,
      active: true,
      createdAt: created.json().createdAt,
    })
    // Only the token's hash is kept.
    const [stored] = await test.db
      .select()
      .from(renewalCalendarFeeds)
      .where(eq(renewalCalendarFeeds.userId, admin.user.id))
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(stored)).not.toContain(new URL(url).searchParams.get('token'))

    const feed = await fetchFeed(url)
    expect(feed.statusCode).toBe(200)
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8')
    expect(feed.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true)
    const events = eventsOf(feed.body)
    const link = `${PUBLIC_ORIGIN}/renewals/${renewal!.id}`
    expect(events.filter((event) => event.UID!.startsWith(renewal!.id))).toEqual(
      [
        ['review', 'Review', 90],
        ['remarket_decision', 'Remarket decision', 60],
        ['quotes_compared', 'Quotes compared', 45],
        ['client_contacted', 'Client contacted', 30],
      ].map(([milestone, label, days]) => ({
        UID: `${renewal!.id}-${milestone}@localhost:5000`,
        DTSTAMP: expect.stringMatching(/^\d{8}T\d{6}Z$/),
        'DTSTART;VALUE=DATE': compact(addDays(today, 100 - (days as number))),
        'DTEND;VALUE=DATE': compact(addDays(today, 101 - (days as number))),
        SUMMARY: `${label}: Siobhan Ó Briain — ${mine.policyNumber}`,
        DESCRIPTION: expect.stringMatching(
          new RegExp(
            `^Renewal of policy ${mine.policyNumber} \\(.+\\)\\\\, expiring ${addDays(today, 100)}\\.\\\\n${link}$`,
          ),
        ),
        URL: link,
        TRANSP: 'TRANSPARENT',
      })),
    )
    // A quoted renewal has only the client call ahead; no one else's renewals are in it.
    expect(events.filter((event) => event.UID!.startsWith(quotedRenewal!.id)).map((e) => e.SUMMARY)).toEqual([
      `Client contacted: Maria Gonzalez — ${quoted.policyNumber}`,
    ])
    expect(feed.body).not.toContain(theirRenewal!.id)
    expect(feed.body).not.toContain(strangerRenewal!.id)
    expect(events).toHaveLength(5)

    // A closed renewal leaves the feed.
    await test.request({
      method: 'PATCH',
      url: `/api/renewals/${quotedRenewal!.id}`,
      cookie: admin.cookie,
      payload: { stage: 'lost', lostReason: 'price' },
    })
    expect(eventsOf((await fetchFeed(url)).body)).toHaveLength(4)
  })

  it('answers 404 for an unknown, malformed, replaced or revoked address, and audits each change', async () => {
    const user = await signUp(test)
    const first = (await feedCall(user, 'POST')).json().url as string
    const second = (await feedCall(user, 'POST')).json().url as string
    expect(second).not.toBe(first)
    expect((await fetchFeed(first)).statusCode).toBe(404)
    expect((await fetchFeed(second)).statusCode).toBe(200)

    const revoked = await feedCall(user, 'DELETE')
    expect(revoked.statusCode).toBe(200)
    expect(revoked.json()).toEqual({ url: null, active: false, createdAt: null })
    const gone = await fetchFeed(second)
    expect(gone.statusCode).toBe(404)
    expect(gone.json()).toEqual({ message: 'Not found' })
    for (const query of ['', '?token=', '?token=short', `?token=${'A'.repeat(43)}`, '?token[]=x'])
      expect((await fetchFeed(`${PUBLIC_ORIGIN}/api/renewals/calendar.ics${query}`)).statusCode, query).toBe(
        404,
      )

    const created = await auditEventsOf(test, user.user.id, 'renewal.calendar_feed_created')
    expect(created).toHaveLength(2)
    expect(created[1]!.details).toMatchObject({ replacedFeedId: expect.any(String) })
    expect(await auditEventsOf(test, user.user.id, 'renewal.calendar_feed_revoked')).toHaveLength(1)
    // Revoking again changes nothing, and records nothing.
    expect((await feedCall(user, 'DELETE')).statusCode).toBe(200)
    expect(await auditEventsOf(test, user.user.id, 'renewal.calendar_feed_revoked')).toHaveLength(1)
  })

  it('stops answering once its user is disabled', async () => {
    const user = await signUp(test)
    const { url } = (await feedCall(user, 'POST')).json()
    expect((await fetchFeed(url)).statusCode).toBe(200)
    await test.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.user.id))
    expect((await fetchFeed(url)).statusCode).toBe(404)
  })

  it('answers 401 without a session for the calls that manage it', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await test.request({ method, url: '/api/renewals/calendar-feed' })
      expect(response.statusCode, method).toBe(401)
      expect(response.json()).toEqual({ message: 'Unauthorized' })
    }
  })

  it('throttles fetches from one address like the other public routes', async () => {
    const strict = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } })
    try {
      const fetchOnce = () =>
        strict.app.inject({
          method: 'GET',
          url: '/api/renewals/calendar.ics?token=unknown-token-xxxxxxxxxxxxxxx',
        })
      const statuses = []
      for (let i = 0; i < 4; i++) statuses.push((await fetchOnce()).statusCode)
      expect(statuses).toEqual([404, 404, 404, 429])
    } finally {
      await strict.close()
    }
  })
})
