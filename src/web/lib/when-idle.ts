/**
 * Runs `task` once the browser has nothing more urgent to do (after the first screen). Answers a
 * cancel, for a component that unmounts first: it then loads nothing it no longer needs.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => task(), { timeout: 2000 })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(task, 200)
  return () => clearTimeout(timer)
}
