import { millisecondsInHour } from 'date-fns/constants'
import { NOTIFICATION_TEXTS } from '#shared/contracts/notifications-texts.ts'
import { formatDate } from './format.ts'

const HOUR_MS = millisecondsInHour

/** Spec part 1 §9: under 1 hour 'Just now', under 24 hours 'Nh ago', otherwise the date. */
export function formatNotificationAge(deliveredAt: Date | string, now: Date = new Date()): string {
  const delivered = typeof deliveredAt === 'string' ? new Date(deliveredAt) : deliveredAt
  // A clock a little ahead on the server must not produce '-1h ago'.
  const elapsed = Math.max(0, now.getTime() - delivered.getTime())
  if (elapsed < HOUR_MS) return NOTIFICATION_TEXTS.justNow
  if (elapsed < 24 * HOUR_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`
  return formatDate(delivered)
}
