import { useEffect, useState } from 'react'

/** Spec part 1 §4: progress rises 10 points every 200 ms up to 90, then jumps to 100 on the answer. */
export const PROGRESS_STEP = 10
export const PROGRESS_INTERVAL_MS = 200
export const PROGRESS_CEILING = 90

/** The bar's value while `running`; the caller shows 100 once the answer is in. */
export function useImportProgress(running: boolean): number {
  const [progress, setProgress] = useState(0)
  useEffect(() => {
    if (!running) return
    setProgress(0)
    const timer = window.setInterval(
      () => setProgress((value) => Math.min(value + PROGRESS_STEP, PROGRESS_CEILING)),
      PROGRESS_INTERVAL_MS,
    )
    return () => window.clearInterval(timer)
  }, [running])
  return progress
}
