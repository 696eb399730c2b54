import { describe, expect, it } from 'vitest'
import { csvCell, csvLine } from './csv.ts'

describe('csv cells', () => {
  it('quotes text a spreadsheet would run as a formula, and text with separators', () => {
    expect(csvLine(['=1+1', '-2+3', '@SUM(A1)', 'a,b', 'say "hi"', 'plain'])).toBe(
      `'=1+1,'-2+3,'@SUM(A1),"a,b","say ""hi""",plain\r\n`,
    )
  })

  it('writes numbers as numbers, negative ones included, and nothing for a missing value', () => {
    expect([-4.5, 0, 12.25, Number.NaN, null, undefined].map(csvCell)).toEqual([
      '-4.5',
      '0',
      '12.25',
      '',
      '',
      '',
    ])
  })
})
