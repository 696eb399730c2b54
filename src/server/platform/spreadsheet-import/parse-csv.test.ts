import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { parseCsv } from './parse-csv.ts'

/** What csv-parse answered with the options the import used to give it. */
function reference(text: string, delimiter: string, max: number): string[][] | 'error' {
  try {
    return parse(text, {
      delimiter,
      bom: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: false,
      max_record_size: max,
    })
  } catch {
    return 'error'
  }
}

function ours(text: string, delimiter: string, max: number): string[][] | 'error' {
  try {
    return [...parseCsv(text, delimiter, max)]
  } catch {
    return 'error'
  }
}

describe('parseCsv', () => {
  it('reads quoted fields, kept quotes, line ends and empty lines as csv-parse did', () => {
    const text = '\uFEFFa,"b,1","c ""x"""\r\n5\'10",x"y,"q"z\r\n\r\n"multi\r\nline",\r\nlast'
    expect(ours(text, ',', 1000)).toEqual([
      ['a', 'b,1', 'c "x"'],
      ['5\'10"', 'x"y', '"q"z'],
      [''],
      ['multi\r\nline', ''],
      ['last'],
    ])
    expect(ours(text, ',', 1000)).toEqual(reference(text, ',', 1000))
  })

  it('refuses a quote never closed and a record over the limit', () => {
    expect(ours('a,"b\nc', ',', 1000)).toBe('error')
    expect(ours(`a,${'x'.repeat(2000)}`, ',', 1000)).toBe('error')
    expect(ours(`a\n${'x'.repeat(999)}`, ',', 1000)).toEqual(reference(`a\n${'x'.repeat(999)}`, ',', 1000))
  })

  it('agrees with csv-parse on thousands of generated texts', () => {
    const alphabet = ['a', 'b', ',', ';', '"', '"', '\r', '\n', '\r\n', ' ', 'é', '😀']
    let seed = 42
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed / 2 ** 31
    }
    for (let n = 0; n < 5000; n++) {
      const length = Math.floor(random() * 24)
      let text = random() < 0.1 ? '\uFEFF' : ''
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)]
      const delimiter = random() < 0.8 ? ',' : ';'
      const max = random() < 0.2 ? 6 : 1000
      expect({ text, delimiter, max, records: ours(text, delimiter, max) }).toEqual({
        text,
        delimiter,
        max,
        records: reference(text, delimiter, max),
      })
    }
  })
})
