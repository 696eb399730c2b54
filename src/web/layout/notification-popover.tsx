import { useQuery } from '@tanstack/react-query'
import { Bell } from 'lucide-react'
import { useState } from 'react'
import { NOTIFICATION_TEXTS } from '#shared/contracts/notifications.contract.ts'
import { Popover, PopoverContent, PopoverTrigger } from '#web/components/popover.tsx'
import { unreadCountQuery } from '#web/features/notifications/notifications.queries.ts'
import { NotificationPanel, PANEL_TITLE_ID } from './notification-panel.tsx'
import { formatUnreadCount, UnreadBadge } from './unread-badge.tsx'

export function NotificationBell() {
  const [open, setOpen] = useState(false)
  const { data: unreadCount = 0 } = useQuery(unreadCountQuery)
  const label =
    unreadCount > 0
      ? `${NOTIFICATION_TEXTS.title}, ${formatUnreadCount(unreadCount)} unread`
      : NOTIFICATION_TEXTS.title
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        aria-label={label}
        className="relative inline-flex size-11 items-center justify-center rounded-md border border-slate-200 bg-white text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700"
      >
        <Bell aria-hidden="true" className="size-5" />
        <UnreadBadge count={unreadCount} />
      </PopoverTrigger>
      <PopoverContent
        aria-labelledby={PANEL_TITLE_ID}
        className="flex max-h-96 w-96 max-w-[calc(100vw-1rem)] flex-col"
      >
        {open && <NotificationPanel hasUnread={unreadCount > 0} />}
      </PopoverContent>
    </Popover>
  )
}
