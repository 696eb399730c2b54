import { useEffect, useRef, useState } from 'react'

/** Spec §4 and §9: the bar rises 10 points every 500 ms up to 90 while the carriers are sent. */
export const PROGRESS_STEP = 10
export const PROGRESS_INTERVAL_MS = 500
export const PROGRESS_CEILING = 90

/** Starts at 0, rises while running, becomes 100 on success and goes back to 0 on failure. */
export function useSubmissionProgress() {
  const [value, setValue] = useState(0)
  const timer = useRef<number | undefined>(undefined)
  const stop = () => window.clearInterval(timer.current)
  // Leaving the page mid-submission stops the bar's timer.
  useEffect(() => () => window.clearInterval(timer.current), [])
  return {
    value,
    start() {
      stop()
      setValue(0)
      timer.current = window.setInterval(
        () => setValue((current) => Math.min(current + PROGRESS_STEP, PROGRESS_CEILING)),
        PROGRESS_INTERVAL_MS,
      )
    },
    succeed() {
      stop()
      setValue(100)
    },
    fail() {
      stop()
      setValue(0)
    },
  }
}
