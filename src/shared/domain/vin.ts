import { makerOfWmi } from './vin-wmi.ts'

/**
 * Vehicle identification numbers (49 CFR Part 565, ISO 3779): 17 characters without I, O or Q.
 * Position 9 is a check digit over the other sixteen; position 10 codes the model year; positions
 * 1-3 are the World Manufacturer Identifier. Our own rule, so suggestions work offline.
 */
export const VIN_LENGTH = 17

const VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
}
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const

/** Position 10's year codes, in order: the cycle repeats every 30 years (1980, 2010, 2040). */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789'

/** Upper-cased, spaces and dashes dropped: what people paste from a title or a windshield. */
export function normaliseVin(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '')
}

export function isWellFormedVin(vin: string): boolean {
  return /^[A-HJ-NPR-Z0-9]{17}$/.test(vin)
}

function transliterate(char: string): number {
  return /\d/.test(char) ? Number(char) : (VALUES[char] ?? 0)
}

/** The check digit the other sixteen characters call for: '0'-'9' or 'X' (a remainder of 10). */
export function vinCheckDigit(vin: string): string {
  let sum = 0
  for (let i = 0; i < VIN_LENGTH; i++) sum += transliterate(vin[i]!) * WEIGHTS[i]!
  const remainder = sum % 11
  return remainder === 10 ? 'X' : String(remainder)
}

export function hasValidCheckDigit(vin: string): boolean {
  return isWellFormedVin(vin) && vin[8] === vinCheckDigit(vin)
}

/**
 * The model year from position 10. The code repeats every 30 years; for cars and light trucks
 * position 7 tells the cycles apart (a digit: 1980-2009, a letter: 2010-2039). A year more than
 * one ahead of `now` is taken from the cycle before (heavy vehicles do not follow the position-7 rule).
 */
export function vinModelYear(vin: string, now = new Date()): number | null {
  const index = YEAR_CODES.indexOf(vin[9] ?? '')
  if (index < 0) return null
  const latest = now.getUTCFullYear() + 1
  let year = (/\d/.test(vin[6] ?? '') ? 1980 : 2010) + index
  while (year > latest) year -= 30
  return year
}

export interface VinReading {
  vin: string
  /** Well formed and its check digit matches. */
  valid: boolean
  /** Why it is not valid, for the person typing it. */
  problem: string | null
  modelYear: number | null
  maker: string | null
  /** 3 when the full WMI is in our table, 2 when only its region-and-maker prefix is. */
  makerMatch: 2 | 3 | null
}

export const VIN_PROBLEMS = {
  length: 'A VIN has 17 characters.',
  characters: 'A VIN uses the digits and the letters other than I, O and Q.',
  checkDigit: "The VIN's check digit (the 9th character) does not match: look for a typing error.",
} as const

export function readVin(text: string, now = new Date()): VinReading {
  const vin = normaliseVin(text)
  const empty = { vin, modelYear: null, maker: null, makerMatch: null } as const
  if (vin.length !== VIN_LENGTH) return { ...empty, valid: false, problem: VIN_PROBLEMS.length }
  if (!isWellFormedVin(vin)) return { ...empty, valid: false, problem: VIN_PROBLEMS.characters }
  if (!hasValidCheckDigit(vin)) return { ...empty, valid: false, problem: VIN_PROBLEMS.checkDigit }
  const maker = makerOfWmi(vin)
  return {
    vin,
    valid: true,
    problem: null,
    modelYear: vinModelYear(vin, now),
    maker: maker?.name ?? null,
    makerMatch: maker?.match ?? null,
  }
}
