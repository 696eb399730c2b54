import type { Db } from '#server/db/connect.ts'
import type { Ctx } from '#server/platform/context.ts'
import { AGENCY_USERS_MAX, type AgencyUser } from '#shared/contracts/agency-users.contract.ts'
import { isAgencyAdmin, type Role } from '#shared/domain/roles.ts'
import * as repository from './auth.repository.ts'

/**
 * The caller's agency's users, for pickers (the audit history's user filter): agency admins see
 * everyone, including a colleague with no events yet and disabled users, whose events remain;
 * anyone else sees only themselves, as they see only their own events. Names and work emails of
 * the caller's own agency are no sensitive read, so it is not audited.
 */
export async function listAgencyUsers(db: Db, { actor }: Ctx): Promise<AgencyUser[]> {
  const rows = await repository.listAgencyUsers(db, actor.agencyId, {
    ...(isAgencyAdmin(actor.role) ? {} : { userId: actor.userId }),
    limit: AGENCY_USERS_MAX,
  })
  return rows.map((row) => ({
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    role: row.role as Role,
    disabled: row.disabledAt !== null,
  }))
}
