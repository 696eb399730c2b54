// A carrier's book as a statement is matched against, generated from a seed: policies with the
// number formats carriers use, insureds who are people and businesses, and the open expected
// commissions of their transactions at the schedule's rates. The statement generator writes its
// lines from it; the accuracy test and the bench share both.
import { commissionCents, type RateKind } from '#shared/domain/commission-math.ts'
import type { PolicyStatus, TransactionKind } from '#shared/domain/policy-ledger.ts'
import type { CarrierPolicy, MatchContext, OpenExpected } from './match-statement-lines.ts'
import { statementPolicyKey } from './read-statement-values.ts'

/** A small fast generator (mulberry32): the same seed writes the same book and statement. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

export type Random = () => number
export const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!
export const between = (random: Random, low: number, high: number) =>
  low + Math.floor(random() * (high - low + 1))

export const FIRST_NAMES =
  `James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard
  Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark
  Sandra Donald Ashley Steven Kimberly Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Dorothy
  George Melissa Timothy Deborah Ronald Stephanie Edward Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia Jacob Kathleen
  Gary Amy Nicholas Angela Eric Shirley Jonathan Anna Stephen Brenda Larry Pamela Justin Emma Scott Nicole Brandon
  Helen Benjamin Samantha Samuel Katherine Gregory Christine Alexander Debra Frank Rachel Patrick Carolyn Raymond Janet
  Jack Catherine Dennis Maria Jerry Heather Tyler Diane Aaron Ruth Jose Julie Adam Olivia Nathan Joyce Henry Virginia`.split(
    /\s+/,
  )
export const LAST_NAMES =
  `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez
  Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez
  Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera
  Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris
  Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward
  Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel
  Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales
  Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole
  Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez
  McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson
  Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson`.split(
    /\s+/,
  )
const TRADES =
  `Plumbing Roofing Bakery Landscaping Electric Auto Repair Dental Catering Hardware Flooring Cleaning
  Painting Trucking Florist Printing Salon Fitness Pharmacy Vineyard Brewing Masonry Glass Signs Tailoring`.split(
    /\s+/,
  )
const BUSINESS_WORDS =
  `Harbor Summit Pioneer Cedar Lakeside Golden Northside Riverbend Keystone Bluebird Maple Granite
  Evergreen Horizon Liberty Prairie Redwood Sterling Willow Copper`.split(/\s+/)
export const BUSINESS_SUFFIXES = ['LLC', 'Inc', 'Co', 'Corp', 'Inc.', 'L.L.C.']

export interface BookPolicy extends CarrierPolicy {
  line: 'auto' | 'home' | 'commercial'
  rows: OpenExpected[]
}

export interface CarrierBook {
  policies: BookPolicy[]
  /** Pairs of policies whose numbers read as one key: a line naming either is ambiguous. */
  sharedNumberPairs: [BookPolicy, BookPolicy][]
  keys: Set<string>
  context: MatchContext
}

const RATES: Record<BookPolicy['line'], Record<RateKind, number>> = {
  auto: { new_business: 1200, renewal: 1000 },
  home: { new_business: 1500, renewal: 1200 },
  commercial: { new_business: 1250, renewal: 1000 },
}
const PREMIUM_DOLLARS: Record<BookPolicy['line'], [number, number]> = {
  auto: [600, 2400],
  home: [800, 4200],
  commercial: [1500, 15000],
}

/** The statement covers transactions from this day on, about six months of them. */
export const BOOK_START = '2026-01-01'
const WINDOW_DAYS = 180

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

export function scheduledRate(line: BookPolicy['line'], kind: RateKind): number {
  return RATES[line][kind]
}

function policyNumberFor(random: Random, line: BookPolicy['line']): string {
  if (line === 'auto')
    return `${pick(random, ['AB', 'PA', 'AU'])}-${String(between(random, 1, 999_999)).padStart(6, '0')}`
  if (line === 'home')
    return `HO ${between(random, 10, 99)}-${String(between(random, 0, 9999)).padStart(4, '0')}`
  return String(between(random, 1, 9_999_999)).padStart(10, '0')
}

/** A number the book does not hold, in the book's formats: another agency's or carrier's policy. */
export function unknownPolicyNumber(random: Random, keys: ReadonlySet<string>): string {
  for (;;) {
    const number = policyNumberFor(random, pick(random, ['auto', 'home', 'commercial'] as const))
    if (!keys.has(statementPolicyKey(number))) return number
  }
}

function insuredNameFor(random: Random, line: BookPolicy['line']): string {
  if (line === 'commercial' || random() < 0.1) {
    const owner = random() < 0.5 ? pick(random, LAST_NAMES) : pick(random, BUSINESS_WORDS)
    const partner = random() < 0.2 ? ` & ${pick(random, LAST_NAMES)}` : ''
    return `${owner}${partner} ${pick(random, TRADES)} ${pick(random, BUSINESS_SUFFIXES)}`
  }
  const middle = random() < 0.3 ? ` ${String.fromCharCode(65 + between(random, 0, 25))}.` : ''
  return `${pick(random, FIRST_NAMES)}${middle} ${pick(random, LAST_NAMES)}`
}

/**
 * The open rows of one policy, about two on average: its current term, often an older term still
 * unpaid, maybe an endorsement and a cancellation.
 */
function rowsFor(
  random: Random,
  policy: BookPolicy,
  nextId: () => string,
): { rows: OpenExpected[]; cancelled: boolean } {
  const rows: OpenExpected[] = []
  const add = (kind: TransactionKind, rateKind: RateKind, date: string, premiumCents: number) => {
    const rateBp = scheduledRate(policy.line, rateKind)
    rows.push({
      id: nextId(),
      policyId: policy.policyId,
      transactionKind: kind,
      effectiveDate: date,
      amountCents: commissionCents(premiumCents, rateBp),
      premiumChangeCents: premiumCents,
      rateBp,
      rateKind,
    })
  }
  const [low, high] = PREMIUM_DOLLARS[policy.line]
  const premium = between(random, low, high) * 100 + (random() < 0.5 ? between(random, 0, 99) : 0)
  const rateKind: RateKind = random() < 0.4 ? 'new_business' : 'renewal'
  const termDate = addDays(BOOK_START, between(random, 0, WINDOW_DAYS - 30))
  if (rateKind === 'renewal' && random() < 0.75) {
    add('renewal', 'renewal', addDays(termDate, -365), Math.round(premium * (0.9 + random() * 0.1)))
  }
  add(rateKind, rateKind, termDate, premium)
  if (random() < 0.5) {
    const change = between(random, 25, 600) * 100 * (random() < 0.3 ? -1 : 1)
    add('endorsement', rateKind, addDays(termDate, between(random, 10, 120)), change)
  }
  const cancelled = random() < 0.1
  if (cancelled) {
    const returned = -Math.round(premium * (0.2 + random() * 0.8))
    add('cancellation', rateKind, addDays(termDate, between(random, 15, 150)), returned)
  }
  return { rows, cancelled }
}

export function generateCarrierBook(random: Random, size: number, sharedPairs: number): CarrierBook {
  const keys = new Set<string>()
  const policies: BookPolicy[] = []
  const cancelledPolicyIds = new Set<string>()
  let rowId = 0
  const nextId = () => `expected-${++rowId}`
  const addPolicy = (line: BookPolicy['line'], policyNumber: string) => {
    keys.add(statementPolicyKey(policyNumber))
    const policy: BookPolicy = {
      policyId: `policy-${policies.length + 1}`,
      policyNumber,
      insuredName: insuredNameFor(random, line),
      status: 'active' as PolicyStatus,
      line,
      rows: [],
    }
    const { rows, cancelled } = rowsFor(random, policy, nextId)
    policy.rows = rows
    if (cancelled) {
      policy.status = 'cancelled'
      cancelledPolicyIds.add(policy.policyId)
    } else if (random() < 0.05) policy.status = random() < 0.5 ? 'pending_cancellation' : 'renewed'
    policies.push(policy)
    return policy
  }
  while (policies.length < size - sharedPairs) {
    const line = pick(random, ['auto', 'auto', 'home', 'home', 'commercial'] as const)
    const number = policyNumberFor(random, line)
    if (!keys.has(statementPolicyKey(number))) addPolicy(line, number)
  }
  // A carrier that re-keyed its numbers: "AB-000123" and "AB 123" are two policies in the book.
  const sharedNumberPairs: [BookPolicy, BookPolicy][] = []
  while (sharedNumberPairs.length < sharedPairs) {
    const first = policies[between(random, 0, policies.length - 1)]!
    if (sharedNumberPairs.some((pair) => pair.includes(first)) || first.status === 'cancelled') continue
    const key = statementPolicyKey(first.policyNumber)
    const respelled = /^[A-Z]/.test(key) ? key.replace(/^([A-Z]+)/, '$1 ') : key
    sharedNumberPairs.push([first, addPolicy(first.line, respelled)])
  }
  const expected = policies.flatMap((policy) => policy.rows)
  const context: MatchContext = {
    policies,
    expected,
    cancelledPolicyIds,
    tolerance: { cents: 100, percent: 1 },
  }
  return { policies, sharedNumberPairs, keys, context }
}
