import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { onboardingAgents } from '../onboarding/onboarding.table.ts'
import {
  agentLicenses,
  onboardingDocuments,
  trainingSessions,
} from '../onboarding/onboarding-records.table.ts'
import { type ExportSection, pick, plain, type SectionColumns } from './export-section.repository.ts'

/**
 * The onboarding feature's records in the data export. As in the product, an agency admin exports
 * the agency's agents and their records; anyone else only those of their own agent row (none when
 * they did not join through onboarding). Invitations stay out: their ids are token hashes.
 */

const AGENT_COLUMNS = plain(
  pick(onboardingAgents, [
    'id',
    'agentCode',
    'firstName',
    'lastName',
    'email',
    'phone',
    'department',
    'startDate',
    'supervisor',
    'workflowId',
    'userId',
    'joinedAt',
    'createdAt',
    'updatedAt',
  ]),
)

/** The licence number as its last four, like the other numbers an export masks. */
const LICENSE_COLUMNS: SectionColumns = {
  columns: pick(agentLicenses, [
    'id',
    'agentId',
    'licenseNumber',
    'state',
    'licenseType',
    'linesOfAuthority',
    'issueDate',
    'expirationDate',
    'status',
    'documentUrl',
    'createdAt',
    'updatedAt',
  ]),
  masked: { licenseNumber: 'account' },
}

const TRAINING_COLUMNS = plain(
  pick(trainingSessions, [
    'id',
    'agentId',
    'trainerId',
    'title',
    'description',
    'trainingType',
    'scheduledDate',
    'duration',
    'location',
    'meetingLink',
    'attendanceRequired',
    'attendanceConfirmed',
    'status',
    'notes',
    'createdAt',
    'updatedAt',
  ]),
)

/** The file's description only: its bytes and storage key belong to the documents section. */
const ONBOARDING_DOCUMENT_COLUMNS = plain(
  pick(onboardingDocuments, [
    'id',
    'agentId',
    'documentType',
    'documentName',
    'documentUrl',
    'fileDocumentId',
    'fileName',
    'fileSize',
    'expirationDate',
    'isRequired',
    'status',
    'reviewedAt',
    'reviewedBy',
    'reviewNotes',
    'createdAt',
    'updatedAt',
  ]),
)

export function onboardingSections(agencyId: string, userId: string, agencyWide: boolean): ExportSection[] {
  const ownAgent = (agentId: PgColumn): SQL | undefined =>
    agencyWide
      ? undefined
      : sql`${agentId} in (select ${onboardingAgents.id} from ${onboardingAgents} where ${onboardingAgents.agencyId} = ${agencyId} and ${onboardingAgents.userId} = ${userId})`
  const section = (
    name: string,
    table: typeof agentLicenses | typeof trainingSessions | typeof onboardingDocuments,
    select: SectionColumns,
  ): ExportSection => ({
    name,
    table,
    select,
    key: table.id,
    keyField: 'id',
    where: and(eq(table.agencyId, agencyId), ownAgent(table.agentId)),
  })
  return [
    {
      name: 'onboardingAgents',
      table: onboardingAgents,
      select: AGENT_COLUMNS,
      key: onboardingAgents.id,
      keyField: 'id',
      where: and(
        eq(onboardingAgents.agencyId, agencyId),
        agencyWide ? undefined : eq(onboardingAgents.userId, userId),
      ),
    },
    section('agentLicenses', agentLicenses, LICENSE_COLUMNS),
    section('trainingSessions', trainingSessions, TRAINING_COLUMNS),
    section('onboardingDocuments', onboardingDocuments, ONBOARDING_DOCUMENT_COLUMNS),
  ]
}
