import type { Executor } from '#server/db/connect.ts'
import type { Ctx } from '#server/platform/context.ts'
import { LICENSE_WARNING_DAYS } from '#shared/domain/license-status.ts'
import { getPlan } from '#shared/domain/plans.ts'
import { findAgencyPlan } from '../agencies/agencies.service.ts'
import {
  clientApplications,
  listApplications,
  summarizeApplications,
} from '../applications/applications.service.ts'
import { getUsage } from '../billing/billing.service.ts'
import { listCarriers } from '../carriers/carriers.service.ts'
import { listClients, summarizeClients } from '../clients/clients.service.ts'
import { listExpiringLicenses } from '../onboarding/licenses.service.ts'

/**
 * What the assistants may know of the agency: read-only, through each feature's service, scoped to
 * the caller's agency. Nothing here writes, so text inside a record ("ignore your instructions")
 * can change what an answer says, never the data. No sensitive field (SSN, licence or bank
 * number) is read: a configured model sees names, places, dates and counts only.
 */

export async function readClientCounts(db: Executor, ctx: Ctx) {
  const { total, newThisMonth } = await summarizeClients(db, ctx, clientApplications)
  return { total, newThisMonth }
}

export function readApplicationCounts(db: Executor, ctx: Ctx) {
  return summarizeApplications(db, ctx)
}

export async function readCarrierCounts(db: Executor, ctx: Ctx) {
  const carriers = await listCarriers(db, ctx, {})
  return { total: carriers.length, active: carriers.filter((carrier) => carrier.isActive).length }
}

/** The plan and how much of this month's application quota is left (UTC month, as billing counts it). */
export async function readQuota(db: Executor, ctx: Ctx) {
  const row = await findAgencyPlan(db, ctx.actor.agencyId)
  const plan = getPlan(row?.planCode ?? 'free') ?? getPlan('free')!
  const usage = await getUsage(db, ctx.actor.agencyId, plan.code)
  return {
    plan: plan.name,
    monthlyLimit: usage.monthlyApplicationLimit,
    usedThisMonth: usage.applicationsUsedThisMonth,
    left: Math.max(0, usage.monthlyApplicationLimit - usage.applicationsUsedThisMonth),
  }
}

export async function readRecentApplications(db: Executor, ctx: Ctx, limit: number, status?: string) {
  const { data } = await listApplications(db, ctx, { limit, status })
  return data.map((application) => ({
    id: application.id,
    client: `${application.client.firstName} ${application.client.lastName}`.trim(),
    insuranceType: application.insuranceType,
    status: application.status,
    createdAt: application.createdAt,
    carrier: application.carrier?.name ?? null,
    carrierCount: application.carrierCount,
  }))
}

/** The newest clients, or those whose name or email matches `q`. */
export async function readClients(db: Executor, ctx: Ctx, limit: number, q?: string) {
  const { data } = await listClients(db, ctx, { limit, q }, clientApplications)
  return data.map((client) => ({
    id: client.id,
    name: `${client.firstName} ${client.lastName}`.trim(),
    city: client.city,
    state: client.state,
    createdAt: client.createdAt,
    applicationCount: client.applicationCount,
  }))
}

/**
 * Active agent licenses within 90 days of their expiry date or past it, soonest first, as the
 * onboarding feature lists them (an agent sees only their own). The licence number stays out.
 */
export async function readExpiringLicenses(db: Executor, ctx: Ctx, limit: number) {
  const licenses = await listExpiringLicenses(db, ctx)
  return {
    total: licenses.length,
    withinDays: LICENSE_WARNING_DAYS,
    licenses: licenses.slice(0, limit).map((license) => ({
      agent: license.agentName,
      agentId: license.agentId,
      state: license.state,
      licenseType: license.licenseType,
      expirationDate: license.expirationDate,
      daysUntilExpiration: license.daysUntilExpiration,
    })),
  }
}
