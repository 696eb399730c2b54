import { describe, expect, it } from 'vitest'
import {
  compareWithName,
  damerauLevenshtein,
  jaroWinkler,
  nameSimilarity,
  profileName,
} from './compare-insured-names.ts'
import { NAME_THRESHOLD } from './find-policy-by-name.ts'

const similarity = (a: string, b: string) => nameSimilarity(profileName(a), profileName(b))

describe('profileName', () => {
  it('reads one name from its spellings: case, order, initials, suffixes, “&”', () => {
    const key = profileName('John Smith').key
    expect(profileName('SMITH, JOHN A.').key).toBe(key)
    expect(profileName('John Q. Smith').key).toBe(key)
    expect(profileName('Acme & Sons Plumbing, Inc.').key).toBe(profileName('ACME AND SONS PLUMBING LLC').key)
    expect(profileName('The Acme Plumbing Co').key).toBe(profileName('Acme Plumbing L.L.C.').key)
    expect(profileName('José Núñez').key).toBe(profileName('JOSE NUNEZ').key)
  })

  it('keeps a name made only of suffix words', () => {
    expect(profileName('The Company').words).toEqual(['the', 'company'])
  })
})

describe('jaroWinkler and damerauLevenshtein', () => {
  it('give the textbook figures', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.9611, 4)
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.8133, 4)
    expect(jaroWinkler('abc', 'xyz')).toBe(0)
    expect(damerauLevenshtein('smith', 'simth')).toBe(1)
    expect(damerauLevenshtein('smith', 'smth')).toBe(1)
    expect(damerauLevenshtein('kitten', 'sitting')).toBe(3)
  })
})

describe('nameSimilarity', () => {
  it('passes a swapped or dropped letter, a middle initial and another order', () => {
    for (const [a, b] of [
      ['Jonathan Smith', 'Jonahtan Smith'],
      ['Jennifer Rodriguez', 'Jennifer Rodrigez'],
      ['Mary K. Johnson', 'JOHNSON, MARY'],
      ['Harbor & Vine Bakery LLC', 'Harbor and Vine Bakery, Inc.'],
      ['Robert McDonald', 'Robert Mc Donald'],
    ]) {
      expect(similarity(a!, b!), `${a} / ${b}`).toBeGreaterThanOrEqual(NAME_THRESHOLD)
    }
  })

  it('keeps apart names that only share a common word', () => {
    for (const [a, b] of [
      ['Mary Johnson', 'Mary Jackson'],
      ['Green Painting LLC', 'Reed Painting LLC'],
      ['Gordon Fitness Corp', 'Golden Fitness LLC'],
      ['John Smith', 'John Smith Harbor Bakery'],
    ]) {
      expect(similarity(a!, b!), `${a} / ${b}`).toBeLessThan(NAME_THRESHOLD)
    }
  })

  it('answers the same figure through a scorer that stops short only below its threshold', () => {
    const line = profileName('Jonahtan Smith')
    const scorer = compareWithName(line, NAME_THRESHOLD)
    const other = profileName('Jonathan Smith')
    expect(scorer(other)).toBe(nameSimilarity(line, other))
    expect(scorer(profileName('Quentin Abernathy'))).toBeLessThan(NAME_THRESHOLD)
  })
})
