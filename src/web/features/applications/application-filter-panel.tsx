import { Filter } from 'lucide-react'
import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import { Badge } from '#web/components/badge.tsx'
import { Button, type ButtonProps } from '#web/components/button.tsx'
import { useDeferredComponent } from '#web/lib/use-deferred-component.ts'
import type { FilterPopoverProps } from './application-filter-popover.tsx'
import { activeFilterCount } from './application-filters.ts'
import type { ApplicationFilters } from './applications.queries.ts'

const loadPopover = () => import('./application-filter-popover.tsx').then((m) => m.ApplicationFilterPopover)

interface FilterPanelProps {
  filters: ApplicationFilters
  onApply: (filters: ApplicationFilters) => void
}

/**
 * The Filter button with the number of filters applied. Its panel (a popover with the filter form)
 * loads once the page is up, or at once when the button is pressed first, so the applications
 * list does not wait for it; the button keeps its focus when the panel arrives.
 */
export function ApplicationFilterPanel({ filters, onApply }: FilterPanelProps) {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const hadFocus = useRef(false)
  const noteFocus = useCallback(() => {
    hadFocus.current = document.activeElement === button.current
  }, [])
  const Popover = useDeferredComponent<FilterPopoverProps>(loadPopover, open, noteFocus)
  useLayoutEffect(() => {
    if (Popover && hadFocus.current) button.current?.focus()
  }, [Popover])
  const count = activeFilterCount(filters)
  if (!Popover) {
    return <FilterButton ref={button} count={count} aria-expanded={open} onClick={() => setOpen(true)} />
  }
  return (
    <Popover filters={filters} onApply={onApply} open={open} setOpen={setOpen}>
      <FilterButton ref={button} count={count} />
    </Popover>
  )
}

function FilterButton({ count, ...props }: ButtonProps & { count: number }) {
  return (
    <Button variant="outline" aria-haspopup="dialog" {...props}>
      <Filter aria-hidden="true" />
      Filter
      {count > 0 && <Badge tone="violet">{count}</Badge>}
    </Button>
  )
}
