import { useQuery } from '@tanstack/react-query'
import { X } from 'lucide-react'
import { NOTIFICATION_TEXTS } from '#shared/contracts/notifications-texts.ts'
import { Button } from '#web/components/button.tsx'
import { PopoverClose } from '#web/components/popover.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import {
  notificationsQuery,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '#web/features/notifications/notifications.queries.ts'
import { NotificationItem } from './notification-item.tsx'

export const PANEL_TITLE_ID = 'notifications-title'

/** The dropdown's content; mounted only while open, so the list is fetched only then. */
export function NotificationPanel({ hasUnread }: { hasUnread: boolean }) {
  const { data: notifications, isPending } = useQuery(notificationsQuery)
  const markRead = useMarkNotificationRead()
  const markAllRead = useMarkAllNotificationsRead()
  const anyUnread = hasUnread || Boolean(notifications?.some((item) => !item.isRead))

  return (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
        <h2 id={PANEL_TITLE_ID} className="text-base font-semibold text-slate-900">
          {NOTIFICATION_TEXTS.title}
        </h2>
        <div className="flex items-center gap-1">
          {anyUnread && (
            <Button
              variant="ghost"
              size="sm"
              disabled={markAllRead.isPending}
              onClick={() => markAllRead.mutate()}
            >
              {NOTIFICATION_TEXTS.markAllRead}
            </Button>
          )}
          <PopoverClose
            aria-label="Close notifications"
            className="inline-flex size-11 items-center sm:size-9 justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-700"
          >
            <X aria-hidden="true" className="size-4" />
          </PopoverClose>
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {isPending ? (
          <div className="flex justify-center p-8">
            <Spinner label="Loading notifications" />
          </div>
        ) : !notifications?.length ? (
          <div className="p-8 text-center">
            <p className="font-medium text-slate-900">{NOTIFICATION_TEXTS.emptyTitle}</p>
            <p className="mt-1 text-sm text-slate-600">{NOTIFICATION_TEXTS.emptyMessage}</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100">
            {notifications.map((notification) => (
              <li key={notification.id}>
                <NotificationItem
                  notification={notification}
                  onOpen={() => {
                    if (!notification.isRead) markRead.mutate(notification.id)
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}
