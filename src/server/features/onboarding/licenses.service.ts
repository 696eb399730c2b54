import type { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { ExpiringLicense } from '#shared/contracts/onboarding-progress.contract.ts'
import type {
  License,
  LicenseChangeSchema,
  LicenseInputSchema,
} from '#shared/contracts/onboarding-records.contract.ts'
import { addDays, daysBetween, isoDay, LICENSE_WARNING_DAYS } from '#shared/domain/license-status.ts'
import * as repository from './licenses.repository.ts'
import { agentFilter, agentForForm, agentName, scopeOf } from './onboarding-access.service.ts'
import { recordAgentChange, updateAgentRecord } from './record-agent-change.ts'

type LicenseInput = z.output<typeof LicenseInputSchema>
type LicenseChange = z.output<typeof LicenseChangeSchema>

/** The most the expiry alerts list (the banner shows 3; the count is the dashboard's). */
const ALERTS_LISTED = 1000

function toLicense({ license, agentCode, firstName, lastName }: repository.LicenseWithAgent): License {
  return {
    id: license.id,
    agentId: agentCode,
    agentName: agentName({ firstName, lastName }),
    licenseNumber: license.licenseNumber,
    state: license.state,
    licenseType: license.licenseType,
    linesOfAuthority: license.linesOfAuthority,
    issueDate: license.issueDate,
    expirationDate: license.expirationDate,
    status: license.status,
    documentUrl: license.documentUrl,
    daysUntilExpiration: license.expirationDate ? daysBetween(isoDay(), license.expirationDate) : null,
    createdAt: license.createdAt.toISOString(),
    updatedAt: license.updatedAt.toISOString(),
  }
}

export async function listLicenses(db: Db, ctx: Ctx, agentCode: string | undefined): Promise<License[]> {
  const scope = await scopeOf(db, ctx)
  const agentId = await agentFilter(db, scope, agentCode)
  const rows = await repository.listLicenses(db, scope.agencyId, { agentId })
  return rows.map(toLicense)
}

export async function addLicense(db: Db, ctx: Ctx, input: LicenseInput): Promise<License> {
  const { agencyId } = ctx.actor
  return db.transaction(async (tx) => {
    const agent = await agentForForm(tx, await scopeOf(tx, ctx), input.agentId)
    const { agentId: _code, ...fields } = input
    const id = await repository.insertLicense(tx, {
      ...fields,
      linesOfAuthority: fields.linesOfAuthority ?? [],
      status: fields.status ?? 'active',
      agencyId,
      agentId: agent.id,
    })
    await recordAgentChange(tx, ctx, {
      agentId: agent.id,
      action: 'onboarding.license_added',
      entity: { type: 'agent_license', id: id },
      details: { state: input.state, licenseType: input.licenseType, status: fields.status ?? 'active' },
    })
    const [row] = await repository.listLicenses(tx, agencyId, { id })
    return toLicense(row!)
  })
}

/** Changed fields only; another agency's license, or another agent's for an agent, is 404. */
export async function updateLicense(db: Db, ctx: Ctx, id: string, change: LicenseChange): Promise<License> {
  return updateAgentRecord(db, ctx, {
    find: (tx, agencyId) => repository.findLicense(tx, agencyId, id),
    change: async (tx, scope, current) => {
      const { agentId: code, ...fields } = change
      const agent = code ? await agentForForm(tx, scope, code) : null
      await repository.updateLicense(tx, scope.agencyId, id, {
        ...fields,
        ...(agent ? { agentId: agent.id } : {}),
      })
      return {
        agentId: agent?.id ?? current.agentId,
        action: 'onboarding.license_updated',
        entity: { type: 'agent_license', id: id },
        details: {
          fields: Object.keys(change),
          ...(fields.status && fields.status !== current.status
            ? { from: current.status, to: fields.status }
            : {}),
        },
      }
    },
    read: async (tx, agencyId) => toLicense((await repository.listLicenses(tx, agencyId, { id }))[0]!),
  })
}

/** GET …/license-expiration: active licenses within 90 days of their date (or past it), soonest first. */
export async function listExpiringLicenses(db: Executor, ctx: Ctx): Promise<ExpiringLicense[]> {
  const scope = await scopeOf(db, ctx)
  const today = isoDay()
  const rows = await repository.listExpiringLicenses(
    db,
    scope.agencyId,
    scope.agentId,
    addDays(today, LICENSE_WARNING_DAYS),
    ALERTS_LISTED,
  )
  return rows.map(({ license, agentCode, firstName, lastName }) => ({
    id: license.id,
    agentId: agentCode,
    agentName: agentName({ firstName, lastName }),
    state: license.state,
    licenseType: license.licenseType,
    licenseNumber: license.licenseNumber,
    expirationDate: license.expirationDate!,
    daysUntilExpiration: daysBetween(today, license.expirationDate!),
  }))
}
