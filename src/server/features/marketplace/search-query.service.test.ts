import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toPrefixTsQuery } from './search-query.service.ts'

describe('toPrefixTsQuery', () => {
  it('asks for every word, each as a prefix', () => {
    expect(toPrefixTsQuery('Underw  TIPS')).toBe('underw:* & tips:*')
  })

  it('keeps only letters and digits, so operators and quotes cannot reach the query', () => {
    expect(toPrefixTsQuery(`e&o's | !term (life) <-> 'x':*`)).toBe('e:* & o:* & s:* & term:* & life:* & x:*')
    expect(toPrefixTsQuery('  !&|  ')).toBeNull()
    expect(toPrefixTsQuery('')).toBeNull()
  })

  it('keeps words of any script and at most eight distinct words', () => {
    expect(toPrefixTsQuery('Zürich año')).toBe('zürich:* & año:*')
    expect(toPrefixTsQuery('a b c d e f g h i j a')?.split(' & ')).toHaveLength(8)
  })

  it('only ever produces word:* joined by &', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const query = toPrefixTsQuery(text)
        if (query !== null) expect(query).toMatch(/^[\p{L}\p{N}]+:\*( & [\p{L}\p{N}]+:\*)*$/u)
      }),
    )
  })
})
