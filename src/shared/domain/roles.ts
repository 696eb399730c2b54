export const ROLES = ['agent', 'agency_admin', 'platform_owner', 'platform_admin'] as const
export type Role = (typeof ROLES)[number]

/** Platform roles see the business as a whole (owner dashboard, database screen). */
export function isPlatformRole(role: Role): boolean {
  return role === 'platform_owner' || role === 'platform_admin'
}

/** Roles that manage an agency: its own admins, and the platform's staff acting for it. */
export const AGENCY_ADMIN_ROLES = ['agency_admin', 'platform_owner', 'platform_admin'] as const

export function isAgencyAdmin(role: Role): boolean {
  return (AGENCY_ADMIN_ROLES as readonly Role[]).includes(role)
}
