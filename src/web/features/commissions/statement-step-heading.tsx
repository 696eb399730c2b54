import { type ReactNode, useEffect, useRef } from 'react'

/**
 * A step's heading in the import dialog. It takes the focus when the step appears: the button that
 * moved on is gone with the step before, and a screen reader hears where it now is.
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <h3 ref={ref} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
      {children}
    </h3>
  )
}
