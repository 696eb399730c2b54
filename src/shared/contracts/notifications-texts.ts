/** Texts of the notification panel (spec part 1 §3), without its schemas. */

export const NOTIFICATION_TEXTS = {
  title: 'Notifications',
  markAllRead: 'Mark all read',
  emptyTitle: 'No notifications',
  emptyMessage: "You're all caught up!",
  justNow: 'Just now',
} as const
