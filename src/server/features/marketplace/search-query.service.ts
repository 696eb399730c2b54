/** Words searched at most; more only slow the query down. */
const MAX_WORDS = 8

/**
 * A search box's text as a to_tsquery string: every word must match, each as a prefix, so that
 * results come while a word is still being typed ('underw' finds 'underwriting'). Only letters
 * and digits reach the query, so no text can break its syntax. null when no word is left.
 */
export function toPrefixTsQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  const unique = [...new Set(words)].slice(0, MAX_WORDS)
  return unique.length === 0 ? null : unique.map((word) => `${word}:*`).join(' & ')
}
