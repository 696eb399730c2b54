// How carriers write what the agency wrote: policy numbers without their leading zeros or with
// other separators, names in another order, with a typo, a middle initial or another suffix.
import { BUSINESS_SUFFIXES, between, pick, type Random } from './statement-book.test-support.ts'

const NUMBER_NOISE: ((number: string) => string)[] = [
  (number) => number.replace(/^([A-Za-z]*[\s-]?)0+(?=\d)/, '$1'),
  (number) => number.replace(/-/g, ' '),
  (number) => number.replace(/ /g, '-'),
  (number) => number.replace(/[\s-]/g, ''),
  (number) => number.toLowerCase(),
  (number) => number.replace(/-/g, '.'),
  (number) => number.replace(/-/g, '/'),
  (number) => ` ${number.replace(/^([A-Za-z]+)(\d)/, '$1 $2')} `,
]

/** The number as one carrier's system prints it: as written a quarter of the time, else one or two changes. */
export function noisyPolicyNumber(random: Random, number: string): string {
  if (random() < 0.25) return number
  let noisy = pick(random, NUMBER_NOISE)(number)
  if (random() < 0.4) noisy = pick(random, NUMBER_NOISE)(noisy)
  return noisy
}

const SUFFIX_PATTERN = new RegExp(
  `\\s(${BUSINESS_SUFFIXES.map((suffix) => suffix.replace(/\./g, '\\.')).join('|')})$`,
)

function isBusiness(name: string): boolean {
  return SUFFIX_PATTERN.test(name)
}

/** One typo in one word of at least five letters: two neighbours swapped, or a letter dropped. */
function typo(random: Random, name: string): string {
  const words = name.split(' ')
  const long = words.map((word, index) => ({ word, index })).filter(({ word }) => /^[A-Za-z]{5,}$/.test(word))
  if (long.length === 0) return name
  const { word, index } = pick(random, long)
  const at = between(random, 1, word.length - 2)
  words[index] =
    random() < 0.5
      ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
      : word.slice(0, at) + word.slice(at + 1)
  return words.join(' ')
}

function personVariant(random: Random, name: string): string {
  const words = name.split(' ')
  const first = words[0]!
  const last = words[words.length - 1]!
  const hasMiddle = words.length === 3
  const middle = hasMiddle ? words[1]! : `${String.fromCharCode(65 + between(random, 0, 25))}.`
  switch (between(random, 0, 3)) {
    case 0:
      return `${last}, ${first}${hasMiddle ? ` ${words[1]}` : ''}`
    case 1:
      return hasMiddle ? `${first} ${last}` : `${first} ${middle} ${last}`
    case 2:
      return `${last.toUpperCase()}, ${first.toUpperCase()} ${middle.replace('.', '')}`
    default:
      return name.toUpperCase()
  }
}

function businessVariant(random: Random, name: string): string {
  const bare = name.replace(SUFFIX_PATTERN, '')
  const joined = random() < 0.5 ? bare.replace(' & ', ' and ') : bare
  switch (between(random, 0, 3)) {
    case 0:
      return joined
    case 1:
      return `${joined}, ${pick(random, BUSINESS_SUFFIXES)}`
    case 2:
      return `${joined} ${pick(random, BUSINESS_SUFFIXES)}`.toUpperCase()
    default:
      return `The ${joined} ${pick(random, BUSINESS_SUFFIXES)}`
  }
}

/** The insured as the carrier has them: as written, another order or suffix, and a typo in one of four. */
export function noisyInsuredName(random: Random, name: string): string {
  let noisy =
    random() < 0.3 ? name : isBusiness(name) ? businessVariant(random, name) : personVariant(random, name)
  if (random() < 0.25) noisy = typo(random, noisy)
  return noisy
}
