import { describe, expect, it } from 'vitest'
import {
  cellText,
  excelSerialToIso,
  phoneText,
  zipText,
} from '#server/platform/spreadsheet-import/cell-values.ts'
import { parseBirthDate } from '#server/platform/spreadsheet-import/parse-date.ts'
import { detectDelimiter } from '#server/platform/spreadsheet-import/read-csv-rows.ts'
import { decodeWindows1252 } from '#server/platform/spreadsheet-import/sniff-file-kind.ts'
import { IMPORT_TEXTS } from '#shared/contracts/client-import.contract.ts'
import { matchColumns, normalizeHeader } from './match-columns.ts'

const today = new Date('2026-06-01T12:00:00Z')

describe('parseBirthDate', () => {
  it.each([
    ['1985-03-12', '1985-03-12'],
    ['1985/3/12', '1985-03-12'],
    ['03/12/1985', '1985-03-12'],
    ['3/12/85', '1985-03-12'],
    ['3-12-1985', '1985-03-12'],
    ['25/12/1985', '1985-12-25'],
    ['12.03.1985', '1985-03-12'],
    ['March 12, 1985', '1985-03-12'],
    ['Mar 12 1985', '1985-03-12'],
    ['Sept. 3rd, 1985', '1985-09-03'],
    ['12 March 1985', '1985-03-12'],
    ['12-Mar-85', '1985-03-12'],
    ['1985-03-12T00:00:00', '1985-03-12'],
    ['19850312', '1985-03-12'],
    ['31118', '1985-03-12'],
    ['1/2/05', '2005-01-02'],
    ['1/2/30', '1930-01-02'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseBirthDate(text, { today })).toBe(iso)
  })

  it.each(['02/30/1985', '13/13/1985', 'Marchx 12, 1985', 'yesterday', '2030-01-01', '1850-01-01', '0'])(
    'refuses %s',
    (text) => {
      expect(parseBirthDate(text, { today })).toBeUndefined()
    },
  )

  it('reads Excel serials in both date systems and Date cells at UTC', () => {
    expect(parseBirthDate(31118, { today })).toBe('1985-03-12')
    expect(parseBirthDate(31118.75, { today })).toBe('1985-03-12')
    expect(parseBirthDate(31118 - 1462, { today, date1904: true })).toBe('1985-03-12')
    expect(parseBirthDate(new Date(Date.UTC(1985, 2, 12)), { today })).toBe('1985-03-12')
    expect(excelSerialToIso(1)).toBe('1900-01-01')
    expect(excelSerialToIso(59)).toBe('1900-02-28')
    expect(excelSerialToIso(60)).toBeUndefined()
    expect(excelSerialToIso(61)).toBe('1900-03-01')
  })
})

describe('cell values', () => {
  it('writes numbers as typed, phones as digits, zips with their leading zeros', () => {
    expect(cellText(5552013344)).toBe('5552013344')
    expect(cellText(12.5)).toBe('12.5')
    expect(cellText('  =cmd  ')).toBe('=cmd')
    expect(phoneText(5552013344)).toBe('5552013344')
    expect(phoneText('5.552013344E+09')).toBe('5552013344')
    expect(phoneText('5.55E+09')).toBe('5.55E+09')
    expect(zipText(2134)).toBe('02134')
    expect(zipText('02134')).toBe('02134')
  })

  it('decodes Windows-1252, including the letters Latin-1 lacks', () => {
    expect(decodeWindows1252(Buffer.from([0x4a, 0x6f, 0x73, 0xe9, 0x20, 0x80, 0x93, 0x94]))).toBe('José €“”')
  })
})

describe('headers', () => {
  it('normalizes names and binds the contract name before an alias', () => {
    expect(normalizeHeader(' First  Name ')).toBe('firstname')
    expect(normalizeHeader('E-mail')).toBe('email')
    expect(matchColumns(['Mobile', 'Phone', 'First Name', 'Last Name', 'Email'])).toEqual({
      'First Name': 2,
      'Last Name': 3,
      Email: 4,
      Phone: 1,
    })
  })

  it('names the missing required columns', () => {
    expect(() => matchColumns(['First Name', 'Email'])).toThrow(
      IMPORT_TEXTS.missingColumns.replace('{columns}', 'Last Name, Phone'),
    )
    expect(() => matchColumns(['Notes', 'City'])).toThrow(IMPORT_TEXTS.noHeader)
  })

  it('detects the delimiter from the header line, outside quotes', () => {
    expect(detectDelimiter('First Name,Last Name;x\n')).toBe(',')
    expect(detectDelimiter('\uFEFF\r\nFirst Name;Last Name;Email\r\n')).toBe(';')
    expect(detectDelimiter('"a,b,c";"d";"e"\n')).toBe(';')
    expect(detectDelimiter('First Name\tLast Name\n')).toBe('\t')
  })
})
