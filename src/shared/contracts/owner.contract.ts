import { z } from 'zod'
import { PLAN_CODES } from '../domain/plans.ts'
import { defineCall } from './call.ts'

/** Texts of spec part 3 §2 (Owner Dashboard) and §8, and our own where the spec shows none. */
export const OWNER_TEXTS = {
  title: 'Owner Dashboard',
  subtitle: 'Users, revenue, subscriptions, usage and conversion across the platform',
  accessDenied: 'Access Denied',
  accessDeniedMessage: "You don't have permission to view the owner dashboard.",
  // Ours: empty states and labels.
  noEvents: 'No subscription events yet',
  noUsers: 'No users yet',
  noTopUsers: 'No applications yet',
  noRevenue: 'No paid invoices yet',
  noCarriers: 'No carrier submissions yet',
  exportCsv: 'Export CSV',
} as const

export const OWNER_TABS = [
  { value: 'subscriptions', label: 'Subscriptions' },
  { value: 'users', label: 'Users' },
  { value: 'usage', label: 'Usage' },
  { value: 'analytics', label: 'Analytics' },
] as const

/** The spec's conversion funnel (§9): trial, free, starter, professional, enterprise. */
export const CONVERSION_STEPS = [
  { key: 'trialToFree', label: 'Trial → Free' },
  { key: 'freeToStarter', label: 'Free → Starter' },
  { key: 'starterToProfessional', label: 'Starter → Professional' },
  { key: 'professionalToEnterprise', label: 'Professional → Enterprise' },
] as const

const Plan = z.enum(PLAN_CODES)
/** Percentages are 0–100 with one decimal; money is dollars with cents. */
const Percent = z.number()

export const OwnerUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  agencyName: z.string(),
  subscriptionStatus: z.string(),
  subscriptionTier: Plan,
  createdAt: z.string(),
})
export const TopUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  agencyName: z.string(),
  applicationsCount: z.number().int(),
  totalRevenue: z.number(),
  subscriptionTier: Plan,
})
export type TopUser = z.infer<typeof TopUserSchema>

export const SubscriptionEventSchema = z.object({
  id: z.string(),
  eventType: z.enum(['started', 'upgraded', 'downgraded', 'cancelled']),
  userName: z.string(),
  agencyName: z.string(),
  fromPlan: Plan,
  toPlan: Plan,
  amount: z.number(),
  timestamp: z.string(),
})

export const OwnerDashboardSchema = z.object({
  overview: z.object({
    totalUsers: z.number().int(),
    activeUsers: z.number().int(),
    monthlyRevenue: z.number(),
    totalRevenue: z.number(),
    growthRate: Percent,
    /** Spelled so by the spec. */
    churRate: Percent,
  }),
  subscriptions: z.object({
    planDistribution: z.record(Plan, z.object({ count: z.number().int(), revenue: z.number() })),
    recentEvents: z.array(SubscriptionEventSchema),
    /** MRR at the end of each of the last 12 months (the current one: now). */
    mrrByMonth: z.array(z.object({ month: z.string(), mrr: z.number() })),
  }),
  users: z.object({
    recent: z.array(OwnerUserSchema),
    /** By applications created. */
    topUsers: z.array(TopUserSchema),
    /** By revenue paid by the agencies whose subscription they set up. */
    topUsersByRevenue: z.array(TopUserSchema),
  }),
  usage: z.object({
    totalApplications: z.number().int(),
    totalCarrierSubmissions: z.number().int(),
    avgApplicationsPerUser: z.number(),
    popularCarriers: z.array(
      z.object({ name: z.string(), submissions: z.number().int(), successRate: Percent }),
    ),
  }),
  analytics: z.object({
    userRetention: z.object({ day1: Percent, day7: Percent, day30: Percent }),
    conversionRates: z.object({
      trialToFree: Percent,
      freeToStarter: Percent,
      starterToProfessional: Percent,
      professionalToEnterprise: Percent,
    }),
  }),
  /** When the application and submission counts were last rolled up (the jobs worker keeps them). */
  countedAt: z.string().nullable(),
  generatedAt: z.string(),
})
export type OwnerDashboard = z.infer<typeof OwnerDashboardSchema>

export const getOwnerDashboardCall = defineCall({
  method: 'GET',
  path: '/api/owner/dashboard',
  response: OwnerDashboardSchema,
})

/** Only the business's owner sees its figures; a plan never grants this (roles.ts). */
export const OWNER_ROLES = ['platform_owner'] as const
