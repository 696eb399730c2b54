/** Words a carrier's name is written with or without: 'Insurance', 'Ins.', 'Co.', 'Company'. */
const CORPORATE_WORDS = new Set(['insurance', 'ins', 'co', 'company', 'the'])

/**
 * A carrier's name as the book import compares it: without case, accents, punctuation or the
 * corporate words, '&' read as 'and'. 'Amberfield Mutual Insurance Co.', 'AMBERFIELD MUTUAL' and
 * 'Amberfield Mutual Ins' are one carrier. A name of corporate words only keeps them.
 */
export function carrierNameKey(name: string): string {
  const words = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
  const kept = words.filter((word) => !CORPORATE_WORDS.has(word))
  return (kept.length > 0 ? kept : words).join('')
}
