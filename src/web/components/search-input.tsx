import { Search } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '#web/lib/cn.ts'
import { Input } from './input.tsx'

/** A search box with its magnifier; `className` sizes the box, the input fills it. */
export function SearchInput({
  className,
  'aria-label': label,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { 'aria-label': string }) {
  return (
    <div className={cn('relative', className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
      />
      <Input type="search" aria-label={label} className="pl-9" {...props} />
    </div>
  )
}
