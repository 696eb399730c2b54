import { describe, expect, it } from 'vitest'
import { isCalendarDate } from './calendar-date.ts'

describe('isCalendarDate', () => {
  it('takes real dates, leap days included', () => {
    for (const value of ['2026-01-31', '2028-02-29', '0001-01-01', '9999-12-31'])
      expect(isCalendarDate(value)).toBe(true)
  })

  it('refuses days a month does not have, year 0 and other shapes', () => {
    for (const value of [
      '2026-02-31',
      '2027-02-29',
      '2026-13-01',
      '0000-01-01',
      '2026-1-5',
      '05/01/2026',
      '',
    ])
      expect(isCalendarDate(value), value).toBe(false)
  })
})
