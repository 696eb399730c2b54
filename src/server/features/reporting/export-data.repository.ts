import { and, asc, eq, gt } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { isAgencyAdmin, type Role } from '#shared/domain/roles.ts'
import { agencies } from '../agencies/agencies.table.ts'
import { users } from '../auth/auth.table.ts'
import { accountSections } from './export-account-sections.repository.ts'
import { agentSections } from './export-agent-sections.repository.ts'
import { clientSections } from './export-client-sections.repository.ts'
import { esigningSections } from './export-esigning-sections.repository.ts'
import { onboardingSections } from './export-onboarding-sections.repository.ts'
import { EXPORT_PAGE_SIZE, type ExportSection } from './export-section.repository.ts'

// The export is a read across every feature's tables, so the read model reads them rather than
// ten services that each page differently (decision 013). Read only; every query names the agency.

/**
 * Every section of the agency's export, each scoped to the agency, in the order the file lists
 * them. What an agent who is not an agency admin exports of colleagues' records is on each group.
 */
export function exportSections(agencyId: string, userId: string, role: Role): ExportSection[] {
  const agencyWide = isAgencyAdmin(role)
  return [
    ...clientSections(agencyId),
    ...agentSections(agencyId, userId, agencyWide),
    ...onboardingSections(agencyId, userId, agencyWide),
    ...esigningSections(agencyId, userId, agencyWide),
    ...accountSections(agencyId, userId, agencyWide),
  ]
}

/** The agency's users without password hashes, TOTP secrets or any other credential. */
export const USER_EXPORT_COLUMNS = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  title: users.title,
  role: users.role,
  disabledAt: users.disabledAt,
  twoFactorEnabledAt: users.totpEnabledAt,
  createdAt: users.createdAt,
  notifyApplicationUpdates: users.notifyApplicationUpdates,
  notifyMarketing: users.notifyMarketing,
  notifySecurity: users.notifySecurity,
  notifyWeekly: users.notifyWeekly,
  notifyRenewals: users.notifyRenewals,
}

export function readAgencyUsersPage(executor: Executor, agencyId: string, after: string | null) {
  const scope = eq(users.agencyId, agencyId)
  return executor
    .select(USER_EXPORT_COLUMNS)
    .from(users)
    .where(after === null ? scope : and(scope, gt(users.id, after)))
    .orderBy(asc(users.id))
    .limit(EXPORT_PAGE_SIZE)
}

/** The agency's plan, subscription and security settings (its branding is settings' own). */
export async function readAgency(executor: Executor, agencyId: string) {
  const [agency] = await executor
    .select({
      id: agencies.id,
      name: agencies.name,
      planCode: agencies.planCode,
      subscriptionStatus: agencies.subscriptionStatus,
      billingPeriod: agencies.billingPeriod,
      subscriptionEndsAt: agencies.subscriptionEndsAt,
      trialEndsAt: agencies.trialEndsAt,
      requireTwoFactor: agencies.requireTwoFactor,
      retentionYears: agencies.retentionYears,
      createdAt: agencies.createdAt,
    })
    .from(agencies)
    .where(eq(agencies.id, agencyId))
  return agency
}
