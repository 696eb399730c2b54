import { z } from 'zod'
import { defineCall } from './call.ts'
import { CARRIER_STATUSES } from './carriers.contract.ts'

export { DASHBOARD_TEXTS } from './dashboard-texts.ts'

/** Percent change against the previous period; null when the previous period had nothing to compare. */
const change = z.number().nullable()

export const dashboardStatsCall = defineCall({
  method: 'GET',
  path: '/api/dashboard/stats',
  response: z.object({
    total: z.number().int(),
    /** pending + review */
    pending: z.number().int(),
    approved: z.number().int(),
    /** Active clients: clients with an application that is not rejected. */
    clients: z.number().int(),
    changes: z.object({
      /** Applications created this month against last month. */
      total: change,
      /** Applications waiting now against a week ago. */
      pending: change,
      /** Approval rate this month against last month, in percentage points. */
      approvalRate: change,
      /** Clients added this month against last month. */
      clients: change,
    }),
  }),
})

export const topCarriersCall = defineCall({
  method: 'GET',
  path: '/api/dashboard/top-carriers',
  response: z.object({
    data: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        applications: z.number().int(),
        status: z.enum(CARRIER_STATUSES),
      }),
    ),
  }),
})

/** The agency's book on the dashboard: what is in force and what expires soon. */
export const bookFiguresCall = defineCall({
  method: 'GET',
  path: '/api/dashboard/book',
  response: z.object({
    /** Dollars: the written premium of every policy in force. */
    premiumInForce: z.number(),
    activePolicies: z.number().int(),
    expiring: z.object({
      within30: z.number().int(),
      within60: z.number().int(),
      within90: z.number().int(),
    }),
  }),
})
