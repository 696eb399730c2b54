/** Runs `task` once the browser has nothing more urgent to do (after the first screen). */
export function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: 2000 })
  else setTimeout(task, 200)
}
