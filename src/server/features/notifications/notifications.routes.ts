import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import { requireCtx } from '#server/platform/auth.plugin.ts'
import { registerCall } from '#server/platform/http.ts'
import {
  listNotificationsCall,
  markAllNotificationsReadCall,
  markNotificationReadCall,
  unreadCountCall,
} from '#shared/contracts/notifications.contract.ts'
import * as service from './notifications.service.ts'

export function notificationsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  registerCall(app, listNotificationsCall, {}, async ({ raw, query }) => ({
    notifications: await service.listNotifications(db, requireCtx(raw), query.limit),
  }))

  registerCall(app, unreadCountCall, { passive: true }, async ({ raw }) => ({
    unreadCount: await service.getUnreadCount(db, requireCtx(raw)),
  }))

  registerCall(app, markNotificationReadCall, {}, async ({ raw, params }) => ({
    notification: await service.markNotificationRead(db, requireCtx(raw), params.id),
  }))

  registerCall(app, markAllNotificationsReadCall, {}, async ({ raw }) => ({
    updated: await service.markAllNotificationsRead(db, requireCtx(raw)),
  }))
}
