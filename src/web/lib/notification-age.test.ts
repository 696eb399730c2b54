import { describe, expect, it } from 'vitest'
import { NOTIFICATION_TEXTS } from '#shared/contracts/notifications-texts.ts'
import { formatNotificationAge } from './notification-age.ts'

const NOW = new Date('2025-03-15T12:00:00')
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000)

describe('formatNotificationAge', () => {
  it('says Just now under one hour', () => {
    expect(formatNotificationAge(minutesAgo(0), NOW)).toBe(NOTIFICATION_TEXTS.justNow)
    expect(formatNotificationAge(minutesAgo(59), NOW)).toBe(NOTIFICATION_TEXTS.justNow)
  })

  it('counts whole hours under 24 hours', () => {
    expect(formatNotificationAge(minutesAgo(60), NOW)).toBe('1h ago')
    expect(formatNotificationAge(minutesAgo(5 * 60 + 59), NOW)).toBe('5h ago')
    expect(formatNotificationAge(minutesAgo(24 * 60 - 1), NOW)).toBe('23h ago')
  })

  it('shows the en-US short date from 24 hours on', () => {
    expect(formatNotificationAge(minutesAgo(24 * 60), NOW)).toBe('Mar 14, 2025')
    expect(formatNotificationAge(new Date('2024-12-01T09:30:00'), NOW)).toBe('Dec 1, 2024')
  })

  it('reads ISO strings and treats a time slightly in the future as just now', () => {
    expect(formatNotificationAge(new Date(NOW.getTime() + 5000).toISOString(), NOW)).toBe(
      NOTIFICATION_TEXTS.justNow,
    )
  })
})
