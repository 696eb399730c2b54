/** Spec part 1 §9: the count, or '99+' above 99. */
export function formatUnreadCount(count: number): string {
  return count > 99 ? '99+' : String(count)
}

export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null
  return (
    <span
      aria-hidden="true"
      data-testid="unread-badge"
      className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-[11px] leading-none font-semibold text-white"
    >
      {formatUnreadCount(count)}
    </span>
  )
}
