import MiniSearch from 'minisearch'
import type { Citation } from '#shared/contracts/assistant.contract.ts'
import { FAQ_ENTRIES } from '#shared/help/faq.ts'
import { HELP_ARTICLES } from '#shared/help/help-articles.ts'

/** One searchable entry: an FAQ answer or a how-to guide, cited by its link. */
export interface HelpEntry {
  id: string
  kind: 'faq' | 'guide'
  title: string
  text: string
  url: string
}

const ENTRIES: HelpEntry[] = [
  ...FAQ_ENTRIES.map((entry) => ({
    id: entry.id,
    kind: 'faq' as const,
    title: entry.question,
    text: entry.answer,
    url: `/faq#${entry.id}`,
  })),
  ...HELP_ARTICLES.map((article) => ({
    id: article.id,
    kind: 'guide' as const,
    title: article.title,
    text: article.body,
    url: `/faq#${article.id}`,
  })),
]

// Words that say nothing about which entry is meant.
const STOP_WORDS = new Set(
  `a about after all also am an and any are as at be been before but by can could did do does doing
  for from get got had has have how i if in into is it its just me my no not of on or our please so
  some tell than that the their them then there these they this to too up us use using was way we
  what when where which while who why will with would you your yours want need know show explain`.split(
    /\s+/,
  ),
)

/** Lower case, no punctuation, no stop words, a plural's final s dropped (clients → client). */
export function toTerm(term: string): string | null {
  const word = term.toLowerCase().replace(/[^a-z0-9]/g, '')
  if (word.length < 2 || STOP_WORDS.has(word)) return null
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word
}

const index = new MiniSearch<HelpEntry>({
  fields: ['title', 'text'],
  storeFields: ['id'],
  processTerm: (term) => toTerm(term) ?? false,
  searchOptions: {
    boost: { title: 2 },
    prefix: (term) => term.length > 3,
    fuzzy: (term) => (term.length > 5 ? 0.2 : false),
    combineWith: 'OR',
  },
})
index.addAll(ENTRIES)
const byId = new Map(ENTRIES.map((entry) => [entry.id, entry]))

export interface HelpMatch {
  entry: HelpEntry
  score: number
}

/**
 * The entries that answer the question, best first. An entry counts only if it matches at least
 * half of the question's meaningful words: one shared word ("plan") is not an answer.
 */
export function searchHelp(question: string, limit = 3): HelpMatch[] {
  const terms = new Set(
    question
      .split(/\s+/)
      .map(toTerm)
      .filter((term): term is string => term !== null),
  )
  if (terms.size === 0) return []
  const needed = Math.max(1, Math.ceil(terms.size / 2))
  return index
    .search(question)
    .filter((result) => new Set(result.queryTerms).size >= needed)
    .slice(0, limit)
    .map((result) => ({ entry: byId.get(result.id as string)!, score: result.score }))
}

export function citationOf(entry: HelpEntry): Citation {
  return { title: entry.title, url: entry.url }
}
