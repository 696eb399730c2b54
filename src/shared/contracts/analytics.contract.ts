import { z } from 'zod'
import { defineCall } from './call.ts'

/** Spec part 3 §9: a device is mobile by its user agent, touch support, or a width up to 768 px. */
export const MOBILE_MAX_WIDTH = 768
export const DEVICE_CLASSES = ['mobile', 'desktop'] as const
export type DeviceClass = (typeof DEVICE_CLASSES)[number]

export const ANALYTICS_TEXTS = {
  path: 'A page path starts with / and has at most 512 characters',
  device: 'Device is mobile or desktop',
} as const

/** Spec §7 Analytics: the third-party tag's id, when one is configured. */
export const getMeasurementIdCall = defineCall({
  method: 'GET',
  path: '/api/analytics/measurement-id',
  response: z.object({ measurementId: z.string().nullable() }),
})

/**
 * One page view. The path arrives without its query string (the server drops one anyway); the
 * agency and the user come from the session, never from the body.
 */
export const PageViewInputSchema = z.strictObject({
  path: z
    .string({ message: ANALYTICS_TEXTS.path })
    .min(1, ANALYTICS_TEXTS.path)
    .max(512, ANALYTICS_TEXTS.path)
    .startsWith('/', ANALYTICS_TEXTS.path),
  device: z.enum(DEVICE_CLASSES, { message: ANALYTICS_TEXTS.device }),
})
export type PageViewInput = z.infer<typeof PageViewInputSchema>

export const recordPageViewCall = defineCall({
  method: 'POST',
  path: '/api/analytics/page-views',
  body: PageViewInputSchema,
  status: 201,
  response: z.object({ recorded: z.literal(true) }),
})
