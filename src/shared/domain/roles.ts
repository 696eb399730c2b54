export const ROLES = ['agent', 'agency_admin', 'platform_owner', 'platform_admin'] as const
export type Role = (typeof ROLES)[number]

/** Platform roles see the business as a whole (owner dashboard, database screen). */
export function isPlatformRole(role: Role): boolean {
  return role === 'platform_owner' || role === 'platform_admin'
}
