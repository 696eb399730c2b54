import { z } from 'zod'
import { defineCall } from './call.ts'

/**
 * A user's private calendar feed of their renewals' milestones. The feed itself,
 * `GET /api/renewals/calendar.ics?token=…`, is read by Google Calendar or Outlook without a
 * session: the token is the secret, stored hashed, and revoking it makes the address answer 404.
 */
const FeedSchema = z.object({
  /** The address to subscribe to; shown once, when the token is made. Null without a feed. */
  url: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.iso.datetime().nullable(),
})

export const getCalendarFeedCall = defineCall({
  method: 'GET',
  path: '/api/renewals/calendar-feed',
  response: FeedSchema,
})

/** Makes the user's feed address, replacing (and so revoking) any earlier one. */
export const createCalendarFeedCall = defineCall({
  method: 'POST',
  path: '/api/renewals/calendar-feed',
  response: FeedSchema,
  status: 201,
})

export const revokeCalendarFeedCall = defineCall({
  method: 'DELETE',
  path: '/api/renewals/calendar-feed',
  response: FeedSchema,
})
