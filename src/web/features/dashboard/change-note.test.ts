import { describe, expect, it } from 'vitest'
import { formatChangeNote } from './change-note.ts'

describe('formatChangeNote', () => {
  it('writes the spec shapes from real changes', () => {
    expect(formatChangeNote('total', 12)).toBe('+12% from last month')
    expect(formatChangeNote('pending', -3)).toBe('-3% from last week')
    expect(formatChangeNote('approvalRate', 8)).toBe('+8% approval rate')
    expect(formatChangeNote('clients', 15)).toBe('+15% new clients')
  })

  it('rounds to whole percents and shows no sign for no change', () => {
    expect(formatChangeNote('total', 12.4)).toBe('+12% from last month')
    expect(formatChangeNote('pending', -2.6)).toBe('-3% from last week')
    expect(formatChangeNote('total', 0.2)).toBe('0% from last month')
  })

  it('says honestly when there is nothing to compare', () => {
    expect(formatChangeNote('total', null)).toBe('No data for last month')
    expect(formatChangeNote('pending', null)).toBe('No data for last week')
    expect(formatChangeNote('approvalRate', null)).toBe('No approvals to compare yet')
    expect(formatChangeNote('clients', undefined)).toBe('No data for last month')
  })
})
