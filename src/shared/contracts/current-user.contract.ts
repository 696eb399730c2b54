import { z } from 'zod'
import { PLAN_CODES } from '../domain/plans.ts'
import { ROLES } from '../domain/roles.ts'
import { defineCall } from './call.ts'

/** Who is signed in (spec part 2 §3 Current user): what the shell needs on every page. */
export const CurrentUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  title: z.string(),
  role: z.enum(ROLES),
  agencyId: z.string(),
  agencyName: z.string(),
  /** The spec's names for the agency: the tenant and the organisation are the agency. */
  tenantId: z.string(),
  organizationId: z.string(),
  subscriptionTier: z.enum(PLAN_CODES),
  subscriptionStatus: z.string(),
  monthlyApplicationLimit: z.number().int(),
  applicationsUsedThisMonth: z.number().int(),
})
export type CurrentUser = z.infer<typeof CurrentUserSchema>

export const currentUserCall = defineCall({
  method: 'GET',
  path: '/api/auth/user',
  response: CurrentUserSchema,
})
