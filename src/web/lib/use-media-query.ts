import { useSyncExternalStore } from 'react'

/**
 * Whether the window matches a media query, kept up as it changes: for a list that renders either
 * cards or a table, not both hidden one by the other (a page of a hundred rows twice is twice the
 * work). Without matchMedia (jsdom), the answer is `fallback`.
 */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query)
      list?.addEventListener('change', onChange)
      return () => list?.removeEventListener('change', onChange)
    },
    () => window.matchMedia?.(query).matches ?? fallback,
  )
}

/** Tailwind's `md` breakpoint: from here on a list is a table, below it cards. */
export const WIDE_SCREEN = '(min-width: 48rem)'
