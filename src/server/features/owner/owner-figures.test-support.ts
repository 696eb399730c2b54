import { randomUUID } from 'node:crypto'
import type { Db } from '#server/db/connect.ts'
import { agencies } from '../agencies/agencies.table.ts'
import { pageViews, userActivity } from '../analytics/analytics.table.ts'
import { applications } from '../applications/applications.table.ts'
import { sessions, users } from '../auth/auth.table.ts'
import { billingInvoices, subscriptionEvents } from '../billing/billing-records.table.ts'
import { carrierSubmissions } from '../carrier-delivery/carrier-delivery.table.ts'
import { carriers } from '../carriers/carriers.table.ts'
import { clients } from '../clients/clients.table.ts'

/**
 * A hand-built platform with known answers for every owner figure (owner-figures.test.ts works
 * them out beside each assertion). "Now" is 2026-03-15 12:00 UTC.
 */
export const NOW = new Date('2026-03-15T12:00:00Z')
const at = (iso: string) => new Date(iso)

export async function buildOwnerFixture(db: Db) {
  const agency = async (name: string, values: Partial<typeof agencies.$inferInsert> = {}) =>
    (
      await db
        .insert(agencies)
        .values({ name, ...values })
        .returning()
    )[0]!
  const a1 = await agency('Alpha', { planCode: 'professional', billingPeriod: 'monthly' })
  const a2 = await agency('Beta', { planCode: 'enterprise', billingPeriod: 'yearly' })
  const a3 = await agency('Gamma')
  const a4 = await agency('Delta', { trialEndsAt: at('2026-02-01T00:00:00Z') })
  const a5 = await agency('Epsilon', {
    planCode: 'starter',
    billingPeriod: 'monthly',
    subscriptionStatus: 'past_due',
    trialEndsAt: at('2026-03-01T00:00:00Z'),
  })
  const user = async (agencyId: string, first: string, created: string, role = 'agency_admin') =>
    (
      await db
        .insert(users)
        .values({
          agencyId,
          email: `${first.toLowerCase()}@owner-fixture.example`,
          firstName: first,
          lastName: 'Fixture',
          role,
          createdAt: at(created),
        })
        .returning()
    )[0]!
  const u1 = await user(a1.id, 'Uma', '2026-01-01T00:00:00Z')
  const u2 = await user(a1.id, 'Victor', '2026-03-01T00:00:00Z', 'agent')
  const u3 = await user(a2.id, 'Wen', '2025-12-01T00:00:00Z')
  const u4 = await user(a3.id, 'Xavi', '2026-02-01T00:00:00Z')
  const u5 = await user(a4.id, 'Yara', '2026-03-14T00:00:00Z', 'platform_owner')
  const u6 = await user(a5.id, 'Zed', '2026-03-15T11:00:00Z')

  // Activity: page views (with the rollup row the recording keeps) and one session.
  const view = async (u: typeof u1, viewedAt: string) => {
    await db
      .insert(pageViews)
      .values({ agencyId: u.agencyId, userId: u.id, path: '/', device: 'desktop', viewedAt: at(viewedAt) })
    await db.insert(userActivity).values({
      agencyId: u.agencyId,
      userId: u.id,
      firstActiveAt: at(viewedAt),
      lastActiveAt: at(viewedAt),
    })
  }
  await view(u1, '2026-03-10T09:00:00Z')
  await view(u2, '2026-03-01T05:00:00Z')
  await view(u5, '2026-03-15T10:00:00Z')
  await db.insert(sessions).values({
    id: randomUUID(),
    userId: u3.id,
    agencyId: a2.id,
    createdAt: at('2026-02-20T08:00:00Z'),
    lastSeenAt: at('2026-02-20T09:00:00Z'),
    expiresAt: at('2026-02-20T21:00:00Z'),
  })

  const event = (
    agencyId: string,
    eventType: string,
    from: string,
    to: string,
    billingPeriod: string,
    amountCents: number,
    occurred: string,
    effective = occurred,
    actorUserId: string | null = null,
  ) => ({
    agencyId,
    eventType,
    fromPlanCode: from,
    toPlanCode: to,
    billingPeriod,
    amountCents,
    provider: 'test',
    actorUserId,
    occurredAt: at(occurred),
    effectiveAt: at(effective),
  })
  await db
    .insert(subscriptionEvents)
    .values([
      event(a1.id, 'started', 'free', 'starter', 'monthly', 2999, '2026-01-10T00:00:00Z', undefined, u1.id),
      event(
        a1.id,
        'upgraded',
        'starter',
        'professional',
        'monthly',
        4999,
        '2026-03-03T00:00:00Z',
        undefined,
        u1.id,
      ),
      event(a2.id, 'started', 'free', 'enterprise', 'yearly', 64999, '2025-12-05T00:00:00Z'),
      event(a3.id, 'started', 'free', 'starter', 'monthly', 2999, '2026-01-15T00:00:00Z', undefined, u4.id),
      event(
        a3.id,
        'cancelled',
        'starter',
        'free',
        'monthly',
        2999,
        '2026-02-25T00:00:00Z',
        '2026-03-05T00:00:00Z',
        u4.id,
      ),
      event(a5.id, 'started', 'free', 'starter', 'monthly', 2999, '2026-03-02T00:00:00Z', undefined, u6.id),
    ])
  const invoice = (agencyId: string, amountCents: number, status: string, n: number) => ({
    agencyId,
    provider: 'test',
    number: `FIX-${n}`,
    description: 'fixture',
    amountCents,
    status,
  })
  await db
    .insert(billingInvoices)
    .values([
      invoice(a1.id, 2999, 'paid', 1),
      invoice(a1.id, 4999, 'paid', 2),
      invoice(a2.id, 64999, 'paid', 3),
      invoice(a3.id, 2999, 'paid', 4),
      invoice(a5.id, 2999, 'failed', 5),
      invoice(a5.id, 2999, 'open', 6),
    ])

  // Applications: Uma 3, Victor 1, Wen 2, and one whose creator is unknown.
  const client = async (agencyId: string) =>
    (await db.insert(clients).values({ agencyId, firstName: 'C', lastName: 'Lient' }).returning())[0]!
  const c1 = await client(a1.id)
  const c2 = await client(a2.id)
  const app = (agencyId: string, clientId: string, createdByUserId: string | null) => ({
    agencyId,
    clientId,
    createdByUserId,
    insuranceType: 'auto',
  })
  await db
    .insert(applications)
    .values([
      app(a1.id, c1.id, u1.id),
      app(a1.id, c1.id, u1.id),
      app(a1.id, c1.id, u1.id),
      app(a1.id, c1.id, u2.id),
      app(a2.id, c2.id, u3.id),
      app(a2.id, c2.id, u3.id),
      app(a2.id, c2.id, null),
    ])

  // Carriers: North 4 submissions (2 reached it, 1 failed, 1 queued), South 1 (failed).
  const carrier = async (name: string) =>
    (
      await db
        .insert(carriers)
        .values({ name, code: name.toUpperCase(), supportedTypes: ['auto'] })
        .returning()
    )[0]!
  const north = await carrier('North Fixture Mutual')
  const south = await carrier('South Fixture Casualty')
  const submission = (carrierId: string, status: 'sent' | 'approved' | 'failed' | 'queued') => ({
    agencyId: a1.id,
    recordType: 'application' as const,
    recordId: randomUUID(),
    carrierId,
    status,
  })
  await db
    .insert(carrierSubmissions)
    .values([
      submission(north.id, 'sent'),
      submission(north.id, 'approved'),
      submission(north.id, 'failed'),
      submission(north.id, 'queued'),
      submission(south.id, 'failed'),
    ])
  return { agencies: { a1, a2, a3, a4, a5 }, users: { u1, u2, u3, u4, u5, u6 } }
}
