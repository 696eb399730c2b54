import { describe, expect, it } from 'vitest'
import { toCsv } from './csv-download.ts'

describe('toCsv', () => {
  it('quotes commas and quotes, and keeps formula-like cells as text', () => {
    const csv = toCsv(
      [
        { key: 'name', label: 'Name' },
        { key: 'n', label: 'Count' },
      ],
      [
        { name: 'Smith, "Jo"', n: 3 },
        { name: '=HYPERLINK("x")', n: -1 },
      ],
    )
    expect(csv).toBe('Name,Count\r\n"Smith, ""Jo""",3\r\n"\'=HYPERLINK(""x"")",\'-1\r\n')
  })
})
