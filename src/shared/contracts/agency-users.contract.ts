import { z } from 'zod'
import { ROLES } from '../domain/roles.ts'
import { defineCall } from './call.ts'

/** Not in the spec: the people of the caller's agency, for pickers such as the audit history's user filter. */
export const AgencyUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  /** A disabled user can no longer sign in, but their events stay in the history. */
  disabled: z.boolean(),
})
export type AgencyUser = z.infer<typeof AgencyUserSchema>

/** The most a list answers: a picker of more is unusable anyway (agencies are tens of people). */
export const AGENCY_USERS_MAX = 1000

/** Agency admins get everyone in the agency, anyone else only themselves; ordered by name. */
export const listAgencyUsersCall = defineCall({
  method: 'GET',
  path: '/api/agency/users',
  response: z.object({ users: z.array(AgencyUserSchema) }),
})
