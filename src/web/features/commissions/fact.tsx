import type { ReactNode } from 'react'

/** One label and value of a card's description list (a `dl`), the value on the right. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right text-slate-900 tabular-nums">{children}</dd>
    </div>
  )
}
