/**
 * Spec part 3 §5: pros, cons and tags are typed as comma-separated lists; blank items are dropped.
 * Items are trimmed and inner runs of white space collapsed; a repeated item (case aside) is kept
 * once, in its first spelling.
 */
export function parseCommaList(text: string): string[] {
  return cleanList(text.split(','))
}

/** A list sent as an array gets the same cleaning: trimmed, blanks dropped, each item once. */
export function cleanList(values: readonly string[]): string[] {
  const seen = new Set<string>()
  const items: string[] = []
  for (const raw of values) {
    const item = raw.replace(/\s+/g, ' ').trim()
    const key = item.toLowerCase()
    if (item === '' || seen.has(key)) continue
    seen.add(key)
    items.push(item)
  }
  return items
}

/** The list back as the form shows it, for editing. */
export function formatCommaList(items: readonly string[]): string {
  return items.join(', ')
}
