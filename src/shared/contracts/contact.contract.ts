import { z } from 'zod'
import { PLAN_CODES } from '../domain/plans.ts'
import { defineCall } from './call.ts'

/** Texts of spec part 3 §2 (Contact), §5 and §8, and our own where the spec shows none. */
export const CONTACT_TEXTS = {
  title: 'Contact',
  subtitle: "Questions, problems or ideas: we're here to help",
  name: 'Name must be at least 2 characters',
  email: 'Valid email address is required',
  subject: 'Subject must be at least 5 characters',
  category: 'Please select a category',
  priority: 'Please select a priority level',
  message: 'Message must be at least 20 characters',
  sentTitle: 'Message Sent Successfully',
  sent: "We'll get back to you within 24 hours. Check your email for confirmation.",
  failedTitle: 'Failed to Send Message',
  failed: 'Please try again or contact us directly at {email}',
  // Ours: the spec shows no limit.
  throttled:
    'You have sent several messages in the last hour. Please wait a little, or email us directly at {email}.',
  tooLong: 'Use at most {max} characters',
  replyRequired: 'Write a reply before sending',
} as const

export const CONTACT_CATEGORIES = ['support', 'bug', 'feature', 'billing', 'general'] as const
export const CONTACT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number]
export type ContactPriority = (typeof CONTACT_PRIORITIES)[number]

export const CATEGORY_LABELS: Record<ContactCategory, string> = {
  support: 'Technical Support',
  bug: 'Bug Report',
  feature: 'Feature Request',
  billing: 'Billing',
  general: 'General Inquiry',
}
export const PRIORITY_LABELS: Record<ContactPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
}

/** Spec §9: the four response-time cards. */
export const RESPONSE_TIMES = [
  { title: 'General Inquiries', time: '24-48 hours' },
  { title: 'Technical Support', time: '4-8 hours' },
  { title: 'Bug Reports', time: '2-4 hours' },
  { title: 'Urgent Issues', time: '1-2 hours' },
] as const

/** The business behind the platform, as the Contact page's company card names it. */
export const COMPANY_NAME = 'Agency Back Office'
/** Who reads and answers the support inbox: the platform's own staff (roles.ts). */
export const SUPPORT_INBOX_ROLES = ['platform_owner', 'platform_admin'] as const

/** Messages a sender may send in an hour, from one address or one email (ours). */
export const CONTACT_HOURLY_LIMIT = 5
/** The hidden field a person never fills: a message with it is dropped, answered as if sent. */
export const HONEYPOT_FIELD = 'website'

const T = CONTACT_TEXTS
const tooLong = (max: number) => T.tooLong.replace('{max}', String(max))
const atLeast = (min: number, max: number, message: string) =>
  z.string({ message }).trim().min(min, message).max(max, tooLong(max))
/** An optional text: '' or absent is "not given". */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .optional()
    .transform((value) => value || undefined)
/** A checkbox as a browser or a script sends it; absent means the spec's default (true). */
const consent = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'off']).transform((v) => v === 'true' || v === 'on')])
  .default(true)

/** Spec §3 contact message and §5 rules. */
export const ContactInputSchema = z.object({
  name: atLeast(2, 100, T.name),
  email: z.string({ message: T.email }).trim().max(254, T.email).pipe(z.email(T.email)),
  phone: optionalText(30),
  company: optionalText(120),
  subject: atLeast(5, 200, T.subject),
  category: z.enum(CONTACT_CATEGORIES, { message: T.category }),
  priority: z.enum(CONTACT_PRIORITIES, { message: T.priority }),
  message: atLeast(20, 5000, T.message),
  agentId: optionalText(100),
  currentPlan: z
    .union([z.enum(PLAN_CODES), z.literal('')])
    .optional()
    .transform((value) => value || undefined),
  browserInfo: optionalText(512),
  consentToFollow: consent,
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
})
export type ContactInput = z.input<typeof ContactInputSchema>

export const sendContactMessageCall = defineCall({
  method: 'POST',
  path: '/api/contact',
  body: ContactInputSchema,
  status: 201,
  response: z.object({ success: z.literal(true), reference: z.string(), message: z.string() }),
})

/** What the Contact page and the FAQ's Email Support card show. */
export const getContactInfoCall = defineCall({
  method: 'GET',
  path: '/api/contact/info',
  response: z.object({ supportEmail: z.string(), companyName: z.string() }),
})

// The support inbox: platform staff read and answer what arrives.

export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const
export type SupportStatus = (typeof SUPPORT_STATUSES)[number]

export const SupportMessageSummarySchema = z.object({
  id: z.string(),
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  category: z.enum(CONTACT_CATEGORIES),
  priority: z.enum(CONTACT_PRIORITIES),
  status: z.enum(SUPPORT_STATUSES),
  /** The sender's agency, when they wrote signed in. */
  agencyName: z.string().nullable(),
  createdAt: z.string(),
})
export type SupportMessageSummary = z.infer<typeof SupportMessageSummarySchema>

export const SupportReplySchema = z.object({
  id: z.string(),
  message: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
})

export const SupportMessageSchema = SupportMessageSummarySchema.extend({
  phone: z.string().nullable(),
  company: z.string().nullable(),
  message: z.string(),
  currentPlan: z.string().nullable(),
  browserInfo: z.string().nullable(),
  consentToFollow: z.boolean(),
  replies: z.array(SupportReplySchema),
})
export type SupportMessage = z.infer<typeof SupportMessageSchema>

const IdParams = z.object({ id: z.uuid({ message: 'Not found' }) })

export const listSupportMessagesCall = defineCall({
  method: 'GET',
  path: '/api/support/messages',
  query: z.object({
    status: z.enum([...SUPPORT_STATUSES, 'all']).default('open'),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    cursor: z.string().max(200).optional(),
  }),
  response: z.object({ data: z.array(SupportMessageSummarySchema), nextCursor: z.string().nullable() }),
})

export const getSupportMessageCall = defineCall({
  method: 'GET',
  path: '/api/support/messages/:id',
  params: IdParams,
  response: SupportMessageSchema,
})

export const ReplyInputSchema = z.object({
  message: z.string({ message: T.replyRequired }).trim().min(1, T.replyRequired).max(10_000, tooLong(10_000)),
})

export const replyToSupportMessageCall = defineCall({
  method: 'POST',
  path: '/api/support/messages/:id/replies',
  params: IdParams,
  body: ReplyInputSchema,
  status: 201,
  response: SupportMessageSchema,
})

export const updateSupportMessageCall = defineCall({
  method: 'PATCH',
  path: '/api/support/messages/:id',
  params: IdParams,
  body: z.object({ status: z.enum(SUPPORT_STATUSES) }),
  response: SupportMessageSchema,
})
