/**
 * Runs `task` once the page has loaded (its scripts, styles and preloaded data: the `load` event)
 * and the browser then has nothing more urgent to do. Waiting for `load` keeps what can wait (the
 * assistant, the toaster, analytics) from taking a connection the page's own chunks and data still
 * need: a phone gets six at a time, and Lighthouse counted that wait against the first paint.
 * Answers a cancel, for a component that unmounts first: it then loads nothing it no longer needs.
 */
export function whenIdle(task: () => void): () => void {
  let cancelIdle = () => {}
  const schedule = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => task(), { timeout: 2000 })
      cancelIdle = () => cancelIdleCallback(handle)
    } else {
      const timer = setTimeout(task, 200)
      cancelIdle = () => clearTimeout(timer)
    }
  }
  if (document.readyState === 'complete') {
    schedule()
    return () => cancelIdle()
  }
  window.addEventListener('load', schedule, { once: true })
  return () => {
    window.removeEventListener('load', schedule)
    cancelIdle()
  }
}
