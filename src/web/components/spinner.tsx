import { LoaderCircle } from 'lucide-react'
import { cn } from '#web/lib/cn.ts'

/** A spinning icon announced to screen readers by its label. */
export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-slate-600', className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-violet-700" />
      <span className="sr-only">{label}</span>
    </span>
  )
}

/** Centred spinner for a whole page while its data or code loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner className="[&_svg]:size-8" />
    </div>
  )
}
