import { ArrowDown, CircleAlert, Info, Paperclip, TriangleAlert } from 'lucide-react'
import type { Notification } from '#shared/contracts/notifications.contract.ts'
import { Badge, type BadgeTone } from '#web/components/badge.tsx'
import { cn } from '#web/lib/cn.ts'
import { formatNotificationAge } from '#web/lib/notification-age.ts'

/** Spec part 1 §9: urgent red, high orange, normal blue, low grey. */
const PRIORITY_ICONS = {
  urgent: { Icon: CircleAlert, className: 'text-red-600' },
  high: { Icon: TriangleAlert, className: 'text-orange-600' },
  normal: { Icon: Info, className: 'text-blue-600' },
  low: { Icon: ArrowDown, className: 'text-slate-500' },
} as const

/** Spec part 1 §9: urgent red, update blue, marketing green; any other type neutral. */
export function notificationTypeTone(type: string): BadgeTone {
  if (type === 'urgent') return 'red'
  if (type === 'update') return 'blue'
  if (type === 'marketing') return 'green'
  return 'neutral'
}

interface NotificationItemProps {
  notification: Notification
  onOpen: () => void
}

export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const { Icon, className: iconClass } = PRIORITY_ICONS[notification.priority]
  const attachmentCount = notification.attachments.length
  return (
    <button
      type="button"
      onClick={onOpen}
      className={cn(
        'flex w-full gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-violet-700',
        !notification.isRead && 'bg-violet-50',
      )}
    >
      <Icon
        aria-label={`${notification.priority} priority`}
        role="img"
        className={cn('mt-0.5 size-4 shrink-0', iconClass)}
      />
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="flex items-start justify-between gap-2">
          <span className="text-sm font-medium text-slate-900">{notification.title}</span>
          {!notification.isRead && (
            <span className="mt-1.5 size-2 shrink-0 rounded-full bg-violet-700">
              <span className="sr-only">Unread</span>
            </span>
          )}
        </span>
        <span className="line-clamp-2 text-sm text-slate-600">{notification.message}</span>
        <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
          <Badge tone={notificationTypeTone(notification.type)}>{notification.type}</Badge>
          <span>{formatNotificationAge(notification.deliveredAt)}</span>
          {attachmentCount > 0 && (
            <span className="inline-flex items-center gap-1">
              <Paperclip aria-hidden="true" className="size-3" />
              {attachmentCount} attachment(s)
            </span>
          )}
        </span>
      </span>
    </button>
  )
}
