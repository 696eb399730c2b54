import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  createCalendarFeedCall,
  getCalendarFeedCall,
  revokeCalendarFeedCall,
} from '#shared/contracts/renewals-calendar.contract.ts'
import {
  CALENDAR_FEED_PATH,
  createCalendarFeed,
  getCalendarFeed,
  revokeCalendarFeed,
} from './calendar-feed.service.ts'
import { readCalendarFeed } from './read-calendar-feed.ts'

/**
 * The user's calendar feed: managed with a session, read without one by Google Calendar or
 * Outlook (the token is the credential, throttled per address like the other public routes).
 */
export function calendarFeedRoutes(
  app: FastifyInstance,
  deps: { db: Db; delivery: { publicUrl: string }; authRateLimit: number },
): void {
  const { db } = deps
  const { publicUrl } = deps.delivery
  registerCall(app, getCalendarFeedCall, {}, ({ raw }) => getCalendarFeed(db, requireCtx(raw)))
  registerCall(app, createCalendarFeedCall, {}, ({ raw }) =>
    createCalendarFeed(db, requireCtx(raw), publicUrl),
  )
  registerCall(app, revokeCalendarFeedCall, {}, ({ raw }) => revokeCalendarFeed(db, requireCtx(raw)))
  app.get(
    CALENDAR_FEED_PATH,
    { config: { public: true, rateLimit: { max: deps.authRateLimit, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { token } = request.query as { token?: unknown }
      const calendar = await readCalendarFeed(db, token, { publicUrl })
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="renewals.ics"')
        .send(calendar)
    },
  )
}
