import { z } from 'zod'
import { defineCall } from './call.ts'

/** Settings › Notifications' calendar feed section (issue #31; ours, the spec has none). */
export const CALENDAR_FEED_TEXTS = {
  title: 'Calendar feed',
  description: 'Put the milestones of the renewals assigned to you in Google Calendar or Outlook',
  none: 'You have no calendar feed yet.',
  create: 'Create feed address',
  addressLabel: 'Feed address',
  addressHint:
    'Copy it now and subscribe to it in your calendar (Google Calendar: Other calendars › From URL). It is shown only this once; anyone with it can see your renewals’ milestones.',
  activeSince: 'Your feed is on since {date}. Its address was shown when it was made.',
  replace: 'Replace address',
  replaceWarning: 'The old address stops working: calendars subscribed to it will need the new one.',
  revoke: 'Turn off feed',
  revokeWarning: 'The address stops working and your calendars stop showing your renewals.',
  cancel: 'Cancel',
  created: 'Calendar feed address created',
  revoked: 'Calendar feed turned off',
  failed: 'The calendar feed was not changed',
} as const

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
