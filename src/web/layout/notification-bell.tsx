import { useQuery } from '@tanstack/react-query'
import { Bell } from 'lucide-react'
import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import { NOTIFICATION_TEXTS } from '#shared/contracts/notifications-texts.ts'
import { unreadCountQuery } from '#web/features/notifications/notifications.queries.ts'
import { useDeferredComponent } from '#web/lib/use-deferred-component.ts'
import type { NotificationPopoverProps } from './notification-popover.tsx'
import { formatUnreadCount, UnreadBadge } from './unread-badge.tsx'

const loadPopover = () => import('./notification-popover.tsx').then((m) => m.NotificationPopover)

/**
 * The bell and its unread count, in every page header. Its dropdown loads after the page is up,
 * or at once when the bell is pressed first; focus stays on the bell when it arrives.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false)
  const bell = useRef<HTMLButtonElement>(null)
  const hadFocus = useRef(false)
  const noteFocus = useCallback(() => {
    hadFocus.current = document.activeElement === bell.current
  }, [])
  const Popover = useDeferredComponent<NotificationPopoverProps>(loadPopover, open, noteFocus)
  const { data: unreadCount = 0 } = useQuery(unreadCountQuery)
  // The button is mounted anew inside the popover once it loads: give it back its focus.
  useLayoutEffect(() => {
    if (Popover && hadFocus.current) bell.current?.focus()
  }, [Popover])
  const label =
    unreadCount > 0
      ? `${NOTIFICATION_TEXTS.title}, ${formatUnreadCount(unreadCount)} unread`
      : NOTIFICATION_TEXTS.title
  const button = (
    <button
      ref={bell}
      type="button"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={() => setOpen((now) => !now)}
      className="relative inline-flex size-11 items-center justify-center rounded-md border border-slate-200 bg-white text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700"
    >
      <Bell aria-hidden="true" className="size-5" />
      <UnreadBadge count={unreadCount} />
    </button>
  )
  if (!Popover) return button
  return (
    <Popover open={open} onOpenChange={setOpen} hasUnread={unreadCount > 0} bell={bell}>
      {button}
    </Popover>
  )
}
