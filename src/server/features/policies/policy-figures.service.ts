import type { Executor } from '#server/db/connect.ts'
import { utcToday } from '#server/platform/calendar.ts'
import { toDollars } from '#shared/domain/policy-ledger.ts'
import { findCarrierNames } from '../carriers/carriers.service.ts'
import * as repository from './policies.repository.ts'
import { toListItems } from './policies.service.ts'

/** For the dashboard: premium in force (dollars), policies in force and those expiring soon. */
export async function getBookFigures(executor: Executor, agencyId: string, today = utcToday()) {
  const row = await repository.findBookFigures(executor, agencyId, today)
  return {
    premiumInForce: toDollars(Number(row.premiumCents)),
    activePolicies: row.policies,
    expiring: { within30: row.within30, within60: row.within60, within90: row.within90 },
  }
}

/** For the assistant: premium and policies in force per carrier, named, largest first. */
export async function getPremiumByCarrier(executor: Executor, agencyId: string, today = utcToday()) {
  const rows = await repository.findPremiumByCarrier(executor, agencyId, today)
  const names = await findCarrierNames(
    executor,
    rows.map((row) => row.carrierId),
  )
  return rows.map((row) => ({
    carrierId: row.carrierId,
    carrierName: names.get(row.carrierId)?.name ?? 'Unknown carrier',
    premium: toDollars(Number(row.premiumCents)),
    policies: row.policies,
  }))
}

/** Past this many, the assistant says "at least" rather than count further. */
export const EXPIRING_COUNT_LIMIT = 1000

/** For the assistant: policies in force expiring between two dates, soonest first, and how many. */
export async function findExpiringPolicies(
  executor: Executor,
  agencyId: string,
  range: { from: string; to: string },
  limit: number,
) {
  const filter = { expiringFrom: range.from, expiringBy: range.to, today: range.from }
  const rows = await repository.findPolicies(executor, agencyId, filter, {
    sort: 'expiration',
    descending: false,
    limit: EXPIRING_COUNT_LIMIT,
  })
  return { total: rows.length, policies: await toListItems(executor, rows.slice(0, limit)) }
}
