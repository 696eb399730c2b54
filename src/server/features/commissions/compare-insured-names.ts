/**
 * The insured's name as a statement and the book are compared: a carrier writes "SMITH, JOHN A",
 * the agency "John Smith"; "Acme Plumbing, Inc." is "ACME PLUMBING LLC"; a typist swaps or drops
 * a letter. Names are reduced to their words, then scored 0..1 by the best of a word-by-word
 * Jaro-Winkler (order-free, so "Smith, John" is "John Smith") and a Damerau-Levenshtein over the
 * whole name, as written and with its words sorted (so "Mc Donald" is "McDonald").
 */

/** Words a business name is written with or without, and the "and" of "&". */
const IGNORED_WORDS = new Set(
  'and the llc inc incorporated co corp corporation company ltd limited lp llp pllc pc'.split(' '),
)

export interface NameProfile {
  words: string[]
  /** The words sorted and joined: two names with this key equal are one name, however written. */
  key: string
  /** The words' letters and digits: how many, and which (a bit each), for a cheap edit ceiling. */
  letters: number
  mask: number
}

const isWordCode = (code: number) => (code >= 97 && code <= 122) || (code >= 48 && code <= 57)

/**
 * A name's words: lower case, no accents or punctuation, no business suffixes, no initials. Read
 * by hand, one pass: 30,000 names are read per statement, and a chain of regular expressions
 * cost three times as much.
 */
export function profileName(name: string): NameProfile {
  const plain = /^[\x20-\x7e]*$/.test(name) ? name : name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
  const lower = plain.toLowerCase()
  const all: string[] = []
  for (let at = 0, start = -1; at <= lower.length; at++) {
    const inWord = at < lower.length && isWordCode(lower.charCodeAt(at))
    if (inWord && start < 0) start = at
    else if (!inWord && start >= 0) {
      all.push(lower.slice(start, at))
      start = -1
    }
  }
  const kept = all.filter((word) => word.length > 1 && !IGNORED_WORDS.has(word))
  const words = kept.length > 0 ? kept : all
  let letters = 0
  let mask = 0
  for (const word of words) {
    letters += word.length
    for (let at = 0; at < word.length; at++) {
      const code = word.charCodeAt(at)
      mask |= 1 << (code >= 97 ? code - 97 : 26 + ((code - 48) % 6))
    }
  }
  const key = words.length === 1 ? words[0]! : [...words].sort().join(' ')
  return { words, key, letters, mask }
}

let aMatched = new Uint8Array(64)
let bMatched = new Uint8Array(64)

export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1
  if (a.length === 0 || b.length === 0) return 0
  if (a.length > aMatched.length) aMatched = new Uint8Array(a.length * 2)
  if (b.length > bMatched.length) bMatched = new Uint8Array(b.length * 2)
  aMatched.fill(0, 0, a.length)
  bMatched.fill(0, 0, b.length)
  const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1)
  let matches = 0
  for (let i = 0; i < a.length; i++) {
    const to = Math.min(b.length - 1, i + window)
    for (let j = Math.max(0, i - window); j <= to; j++) {
      if (bMatched[j] || a.charCodeAt(i) !== b.charCodeAt(j)) continue
      aMatched[i] = 1
      bMatched[j] = 1
      matches++
      break
    }
  }
  if (matches === 0) return 0
  let transpositions = 0
  for (let i = 0, k = 0; i < a.length; i++) {
    if (!aMatched[i]) continue
    while (!bMatched[k]) k++
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++
    k++
  }
  const jaro = (matches / a.length + matches / b.length + (matches - transpositions / 2) / matches) / 3
  let prefix = 0
  while (prefix < 4 && prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++
  return jaro + prefix * 0.1 * (1 - jaro)
}

let distances = new Int32Array(1024)

/** Edits (insert, delete, substitute, swap two neighbours) from one string to the other. */
export function damerauLevenshtein(a: string, b: string): number {
  const cols = b.length + 1
  const size = (a.length + 1) * cols
  if (size > distances.length) distances = new Int32Array(size * 2)
  const d = distances
  for (let i = 0; i <= a.length; i++) d[i * cols] = i
  for (let j = 0; j < cols; j++) d[j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1
      let best = Math.min(
        d[(i - 1) * cols + j]! + 1,
        d[i * cols + j - 1]! + 1,
        d[(i - 1) * cols + j - 1]! + cost,
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1)
      }
      d[i * cols + j] = best
    }
  }
  return d[a.length * cols + b.length]!
}

let pairScores = new Float64Array(64)

/** A paired word less alike than this sinks the word score to its own: Green is not Reed. */
const WORD_FLOOR = 0.85

/**
 * Words paired best-first by Jaro-Winkler, each used once, weighted by their letters; a word
 * left without a partner counts zero, so "John Smith" is not "John Smith Harbor Bakery". A long
 * word shared ("Painting") cannot carry a short one that differs: the score is then the weakest
 * pair's. `scoresOf(word)` answers the word's Jaro-Winkler against each of `a`'s words.
 */
function wordScore(
  a: readonly string[],
  b: readonly string[],
  scoresOf: (word: string) => Float64Array,
): number {
  const size = a.length * b.length
  if (size > pairScores.length) pairScores = new Float64Array(size * 2)
  for (let j = 0; j < b.length; j++) {
    const scores = scoresOf(b[j]!)
    for (let i = 0; i < a.length; i++) pairScores[i * b.length + j] = scores[i]!
  }
  let weighted = 0
  let weakest = 1
  for (let paired = Math.min(a.length, b.length); paired > 0; paired--) {
    let best = 0
    for (let at = 1; at < size; at++) if (pairScores[at]! > pairScores[best]!) best = at
    const i = Math.floor(best / b.length)
    const j = best % b.length
    weighted += pairScores[best]! * (a[i]!.length + b[j]!.length)
    weakest = Math.min(weakest, pairScores[best]!)
    for (let k = 0; k < b.length; k++) pairScores[i * b.length + k] = -1
    for (let k = 0; k < a.length; k++) pairScores[k * b.length + j] = -1
  }
  let letters = 0
  for (const word of a) letters += word.length
  for (const word of b) letters += word.length
  if (letters === 0) return 0
  return weakest < WORD_FLOOR ? weakest : weighted / letters
}

function bitCount(value: number): number {
  let bits = value - ((value >>> 1) & 0x55555555)
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333)
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

/**
 * The most an edit score can be: edits are at least the difference in length, and at least half
 * the letters one name has and the other lacks; a letter used by one name only is one of those
 * at least (a substitution mends two at once).
 */
function editCeiling(a: NameProfile, b: NameProfile): number {
  const longest = Math.max(a.letters, b.letters)
  const fewestEdits = Math.max(Math.abs(a.letters - b.letters), Math.ceil(bitCount(a.mask ^ b.mask) / 2))
  return longest === 0 ? 0 : 1 - fewestEdits / longest
}

function editScore(a: string, b: string): number {
  return 1 - damerauLevenshtein(a, b) / Math.max(a.length, b.length)
}

/**
 * A scorer of one name against many: a statement line's insured against each policy its amount
 * and date leave in play. Books repeat their first and last names, so each word's Jaro-Winkler
 * against the line's words is worked out once per line. Given `enough`, a score that cannot reach
 * it may be answered lower than it is: only whether names reach a threshold matters there, and
 * the edit distances are the dear part.
 */
export function compareWithName(name: NameProfile, enough = 0): (other: NameProfile) => number {
  const known = new Map<string, Float64Array>()
  const scoresOf = (word: string) => {
    let scores = known.get(word)
    if (!scores) {
      scores = new Float64Array(name.words.length)
      for (let i = 0; i < scores.length; i++) scores[i] = jaroWinkler(name.words[i]!, word)
      known.set(word, scores)
    }
    return scores
  }
  const joined = name.words.join('')
  const sortedJoined = name.key.replaceAll(' ', '')
  return (other) => {
    if (name.key === other.key) return 1
    const best = wordScore(name.words, other.words, scoresOf)
    // Both edit scores share one ceiling; they are worked out only when they could matter.
    const ceiling = editCeiling(name, other)
    if (ceiling <= best || ceiling < enough) return best
    const otherJoined = other.words.join('')
    const otherSorted = other.key.replaceAll(' ', '')
    return Math.max(
      best,
      editScore(joined, otherJoined),
      sortedJoined === joined && otherSorted === otherJoined ? 0 : editScore(sortedJoined, otherSorted),
    )
  }
}

/** How alike two names are, 0..1: 1 for the same words in any order. */
export function nameSimilarity(a: NameProfile, b: NameProfile): number {
  return compareWithName(a)(b)
}
