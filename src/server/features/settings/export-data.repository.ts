import { and, asc, eq, gt, or, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Executor } from '#server/db/connect.ts'
import { isAgencyAdmin, type Role } from '#shared/domain/roles.ts'
import { agencies } from '../agencies/agencies.table.ts'
import { applicationStatusChanges, applications } from '../applications/applications.table.ts'
import { appointments, directDeposits } from '../appointments/appointments.table.ts'
import { users } from '../auth/auth.table.ts'
import { carrierSubmissions } from '../carrier-delivery/carrier-delivery.table.ts'
import { carriers } from '../carriers/carriers.table.ts'
import { clients } from '../clients/clients.table.ts'
import { documents } from '../documents/documents.table.ts'
import { notifications } from '../notifications/notifications.table.ts'
import { agencyBranding } from './branding.table.ts'
import { accountSections } from './export-account-sections.ts'
import {
  APPLICATION_COLUMNS,
  APPOINTMENT_COLUMNS,
  CARRIER_COLUMNS,
  CLIENT_COLUMNS,
  DIRECT_DEPOSIT_COLUMNS,
  DOCUMENT_COLUMNS,
  NOTIFICATION_COLUMNS,
  type SectionColumns,
  STATUS_CHANGE_COLUMNS,
  SUBMISSION_COLUMNS,
} from './export-columns.ts'
import { esigningSections } from './export-esigning-sections.ts'
import { onboardingSections } from './export-onboarding-sections.ts'

// The export is a read across every feature's tables, so it reads them here rather than through
// ten services that each page differently (decision 013). Read only; every query names the agency.

/** Rows per query: the export never holds more than one page of a table in memory. */
export const EXPORT_PAGE_SIZE = 500

export interface ExportSection {
  name: string
  table: PgTable
  /** The allow-list of what the section exports (export-columns.ts). */
  select: SectionColumns
  /** An ordered column to page by: unique, or unique together with `tieKey`. */
  key: PgColumn
  /** The key's name in a selected row. */
  keyField: string
  /** The second column of a two-column key (a vote is one per item and user). */
  tieKey?: { column: PgColumn; field: string }
  where: SQL | undefined
}

/**
 * Every section of the agency's export, each scoped to the agency. Notifications are the user's
 * own; appointments (background answers, signature, IP) and direct deposits are another agent's
 * private records, which the product shows to agency admins only: anyone else exports their own.
 */
export function exportSections(agencyId: string, userId: string, role: Role): ExportSection[] {
  const agencyWide = isAgencyAdmin(role)
  return [
    {
      name: 'clients',
      table: clients,
      select: CLIENT_COLUMNS,
      key: clients.id,
      keyField: 'id',
      where: eq(clients.agencyId, agencyId),
    },
    {
      name: 'carriers',
      table: carriers,
      select: CARRIER_COLUMNS,
      key: carriers.id,
      keyField: 'id',
      where: eq(carriers.agencyId, agencyId),
    },
    {
      name: 'applications',
      table: applications,
      select: APPLICATION_COLUMNS,
      key: applications.id,
      keyField: 'id',
      where: eq(applications.agencyId, agencyId),
    },
    {
      name: 'applicationStatusChanges',
      table: applicationStatusChanges,
      select: STATUS_CHANGE_COLUMNS,
      key: applicationStatusChanges.id,
      keyField: 'id',
      where: eq(applicationStatusChanges.agencyId, agencyId),
    },
    {
      name: 'submissions',
      table: carrierSubmissions,
      select: SUBMISSION_COLUMNS,
      key: carrierSubmissions.id,
      keyField: 'id',
      where: eq(carrierSubmissions.agencyId, agencyId),
    },
    {
      name: 'appointments',
      table: appointments,
      select: APPOINTMENT_COLUMNS,
      key: appointments.id,
      keyField: 'id',
      where: and(
        eq(appointments.agencyId, agencyId),
        agencyWide ? undefined : eq(appointments.userId, userId),
      ),
    },
    {
      name: 'directDeposits',
      table: directDeposits,
      select: DIRECT_DEPOSIT_COLUMNS,
      key: directDeposits.userId,
      keyField: 'userId',
      where: and(
        eq(directDeposits.agencyId, agencyId),
        agencyWide ? undefined : eq(directDeposits.userId, userId),
      ),
    },
    {
      name: 'documents',
      table: documents,
      select: DOCUMENT_COLUMNS,
      key: documents.id,
      keyField: 'id',
      where: eq(documents.agencyId, agencyId),
    },
    {
      name: 'notifications',
      table: notifications,
      select: NOTIFICATION_COLUMNS,
      key: notifications.id,
      keyField: 'id',
      where: and(eq(notifications.agencyId, agencyId), eq(notifications.userId, userId)),
    },
    ...onboardingSections(agencyId, userId, agencyWide),
    ...esigningSections(agencyId, userId, agencyWide),
    ...accountSections(agencyId, userId, agencyWide),
  ]
}

/** Rows after `last` in the section's key order. */
function after(section: ExportSection, last: Record<string, unknown>): SQL | undefined {
  const { key, keyField, tieKey } = section
  if (!tieKey) return gt(key, last[keyField])
  return or(gt(key, last[keyField]), and(eq(key, last[keyField]), gt(tieKey.column, last[tieKey.field])))
}

/** One page of a section after the row `last` (keyset paging on the section's key). */
export async function readExportPage(
  executor: Executor,
  section: ExportSection,
  last: Record<string, unknown> | null,
): Promise<Record<string, unknown>[]> {
  const where = last === null ? section.where : and(section.where, after(section, last))
  const order = section.tieKey ? [asc(section.key), asc(section.tieKey.column)] : [asc(section.key)]
  return (await executor
    .select(section.select.columns)
    .from(section.table)
    .where(where)
    .orderBy(...order)
    .limit(EXPORT_PAGE_SIZE)) as Record<string, unknown>[]
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
  const [branding] = await executor
    .select({
      organizationName: agencyBranding.organizationName,
      customDomain: agencyBranding.customDomain,
      primaryColor: agencyBranding.primaryColor,
      accentColor: agencyBranding.accentColor,
      themeStyle: agencyBranding.themeStyle,
      logoMimeType: agencyBranding.logoMimeType,
      logoSize: agencyBranding.logoSize,
    })
    .from(agencyBranding)
    .where(eq(agencyBranding.agencyId, agencyId))
  return agency ? { ...agency, branding: branding ?? null } : undefined
}
