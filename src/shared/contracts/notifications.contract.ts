import { z } from 'zod'
import { defineCall } from './call.ts'

export { NOTIFICATION_TEXTS } from './notifications-texts.ts'

export const NOTIFICATION_PRIORITIES = ['urgent', 'high', 'normal', 'low'] as const
/** Known types get a colour; any other type is shown in a neutral style (spec part 1 §3). */
export const NOTIFICATION_TYPES = ['urgent', 'update', 'marketing'] as const

export const NotificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.string(),
  priority: z.enum(NOTIFICATION_PRIORITIES),
  isRead: z.boolean(),
  deliveredAt: z.string(),
  attachments: z.array(z.object({ name: z.string(), url: z.string().optional() })),
})
export type Notification = z.infer<typeof NotificationSchema>

export const NotificationIdSchema = z.object({ id: z.uuid({ message: 'Not found' }) })

export const listNotificationsCall = defineCall({
  method: 'GET',
  path: '/api/notifications',
  query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) }),
  response: z.object({ notifications: z.array(NotificationSchema) }),
})

export const unreadCountCall = defineCall({
  method: 'GET',
  path: '/api/notifications/unread-count',
  response: z.object({ unreadCount: z.number().int() }),
})

export const markNotificationReadCall = defineCall({
  method: 'POST',
  path: '/api/notifications/:id/read',
  params: NotificationIdSchema,
  response: z.object({ notification: NotificationSchema }),
})

export const markAllNotificationsReadCall = defineCall({
  method: 'POST',
  path: '/api/notifications/mark-all-read',
  response: z.object({ updated: z.number().int() }),
})
