import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatCommaList, parseCommaList } from './comma-list.ts'

describe('parseCommaList', () => {
  it('splits on commas, trims, and drops blank items', () => {
    expect(parseCommaList(' fast quotes, ,good portal,,  ')).toEqual(['fast quotes', 'good portal'])
    expect(parseCommaList('')).toEqual([])
    expect(parseCommaList(' , ,')).toEqual([])
  })

  it('collapses inner white space and keeps a repeated item once, first spelling', () => {
    expect(parseCommaList('Term  Life,term life, TERM LIFE,auto')).toEqual(['Term Life', 'auto'])
    expect(parseCommaList('a\tb,\nc')).toEqual(['a b', 'c'])
  })

  it('reads back what formatCommaList wrote', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (texts) => {
        const once = parseCommaList(texts.join(','))
        expect(parseCommaList(formatCommaList(once))).toEqual(once)
        for (const item of once) {
          expect(item).not.toContain(',')
          expect(item.trim()).toBe(item)
          expect(item).not.toBe('')
        }
      }),
    )
  })
})
