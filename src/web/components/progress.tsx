import { cn } from '#web/lib/cn.ts'

interface ProgressProps {
  /** 0 to 100. */
  value: number
  label: string
  className?: string
}

export function Progress({ value, label, className }: ProgressProps) {
  const clamped = Math.max(0, Math.min(100, value))
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div
        className="h-full bg-violet-700 transition-[width] duration-200"
        style={{ width: `${clamped}%` }}
      />
    </div>
  )
}
