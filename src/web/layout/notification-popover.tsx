import type { ReactNode, RefObject } from 'react'
import { Popover, PopoverAnchor, PopoverContent } from '#web/components/popover.tsx'
import { NotificationPanel, PANEL_TITLE_ID } from './notification-panel.tsx'

export interface NotificationPopoverProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  hasUnread: boolean
  /** The bell button, which opens and closes the panel itself (it is not Radix's trigger). */
  bell: RefObject<HTMLButtonElement | null>
  children: ReactNode
}

/**
 * The bell's dropdown, a chunk of its own: Radix's popover and its positioning (about 18 KB
 * compressed) load once the page is up, not with the first screen (notification-bell.tsx).
 */
export function NotificationPopover({
  open,
  onOpenChange,
  hasUnread,
  bell,
  children,
}: NotificationPopoverProps) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor asChild>{children}</PopoverAnchor>
      <PopoverContent
        aria-labelledby={PANEL_TITLE_ID}
        className="flex max-h-96 w-96 max-w-[calc(100vw-1rem)] flex-col"
        // A press on the bell is the bell's own toggle, not a click outside the panel.
        onPointerDownOutside={(event) => {
          if (bell.current?.contains(event.target as Node)) event.preventDefault()
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          bell.current?.focus()
        }}
      >
        {open && <NotificationPanel hasUnread={hasUnread} />}
      </PopoverContent>
    </Popover>
  )
}
