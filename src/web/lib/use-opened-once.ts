import { useState } from 'react'

/**
 * True from the first time `open` is true: a dialog whose code loads lazily is mounted when first
 * opened (its chunk is fetched then, not with the page) and stays mounted, so closing it plays the
 * dialog's own close.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open)
  // Setting state while rendering is React's way to follow a prop: it re-renders at once.
  if (open && !opened) setOpened(true)
  return opened || open
}
