import { describe, expect, it } from 'vitest'
import {
  DEFAULT_RENEWAL_SETTINGS,
  entersPipelineOn,
  isAtRisk,
  isOverdue,
  isTimeZone,
  isWithinHorizon,
  milestoneDates,
  milestoneDaysProblem,
  nextMilestone,
  premiumChange,
  todayIn,
} from './renewal-pipeline.ts'

const DAYS = DEFAULT_RENEWAL_SETTINGS.milestoneDays

describe('milestones, worked by hand', () => {
  it('a term expiring 2027-03-20 is reviewed 2026-12-20, decided 2027-01-19, compared 2027-02-03, told 2027-02-18', () => {
    // 90 days back from March 20: 19 of March, 28 of February, 31 of January, 12 of December.
    expect(milestoneDates('2027-03-20', DAYS)).toEqual([
      { milestone: 'review', date: '2026-12-20' },
      { milestone: 'remarket_decision', date: '2027-01-19' },
      { milestone: 'quotes_compared', date: '2027-02-03' },
      { milestone: 'client_contacted', date: '2027-02-18' },
    ])
  })

  it('counts calendar days through a leap February and a daylight-saving change alike', () => {
    // 2028 is a leap year; US clocks go forward on 2028-03-12. 30 days before 2028-03-15: 15 days
    // back to February 29, 15 more to February 14.
    expect(milestoneDates('2028-03-15', DAYS).at(-1)).toEqual({
      milestone: 'client_contacted',
      date: '2028-02-14',
    })
    // A term expiring the day after clocks go back (2026-11-01 in the US) enters 120 days before:
    // 26 days of July after the 5th, 31 + 30 + 31 for August to October, 2 of November.
    expect(entersPipelineOn('2026-11-02', 120)).toBe('2026-07-05')
  })

  it('follows the agency’s own milestones', () => {
    const days = { review: 100, remarket_decision: 75, quotes_compared: 40, client_contacted: 21 }
    expect(milestoneDates('2027-01-01', days).map((m) => m.date)).toEqual([
      '2026-09-23',
      '2026-10-18',
      '2026-11-22',
      '2026-12-11',
    ])
  })

  it('works towards the milestone of its stage, and none once closed', () => {
    expect(nextMilestone('upcoming')).toBe('review')
    expect(nextMilestone('in_review')).toBe('remarket_decision')
    expect(nextMilestone('remarketing')).toBe('quotes_compared')
    expect(nextMilestone('quoted')).toBe('client_contacted')
    for (const stage of ['renewed', 'lost', 'non_renewed'] as const) expect(nextMilestone(stage)).toBeNull()
  })

  it('is overdue the day after its date, not on it', () => {
    expect(isOverdue('2026-12-20', '2026-12-20')).toBe(false)
    expect(isOverdue('2026-12-20', '2026-12-21')).toBe(true)
    expect(isOverdue(null, '2030-01-01')).toBe(false)
  })

  it('refuses milestones out of order or before the horizon', () => {
    expect(milestoneDaysProblem(DAYS, 120)).toBeNull()
    expect(milestoneDaysProblem({ ...DAYS, remarket_decision: 95 }, 120)).toEqual({
      milestone: 'remarket_decision',
      message: expect.stringMatching(/after the one before/),
    })
    expect(milestoneDaysProblem({ ...DAYS, client_contacted: 45 }, 120)?.milestone).toBe('client_contacted')
    expect(milestoneDaysProblem(DAYS, 60)).toEqual({
      milestone: 'review',
      message: expect.stringMatching(/before the renewal enters/),
    })
    expect(milestoneDaysProblem({ ...DAYS, client_contacted: 0 }, 120)).toEqual({
      milestone: 'client_contacted',
      message: expect.stringMatching(/1 or more/),
    })
  })
})

describe('the horizon', () => {
  it('takes a term expiring within 120 days, not one expiring today or later than that', () => {
    expect(isWithinHorizon('2027-03-28', '2026-11-28', 120)).toBe(true) // exactly 120 days
    expect(isWithinHorizon('2027-03-29', '2026-11-28', 120)).toBe(false)
    expect(isWithinHorizon('2026-11-28', '2026-11-28', 120)).toBe(false)
    expect(isWithinHorizon('2026-11-29', '2026-11-28', 120)).toBe(true)
  })
})

describe('the offer against the expiring premium', () => {
  it('is +15% and at risk for $1,000 → $1,150', () => {
    const change = premiumChange(100_000, 115_000)
    expect(change).toEqual({ changeCents: 15_000, changePercent: 15 })
    expect(isAtRisk(change, DEFAULT_RENEWAL_SETTINGS)).toBe(true)
  })

  it('is at risk at exactly +10%, not at +9.9%', () => {
    expect(isAtRisk(premiumChange(100_000, 110_000), DEFAULT_RENEWAL_SETTINGS)).toBe(true)
    expect(isAtRisk(premiumChange(100_000, 109_900), DEFAULT_RENEWAL_SETTINGS)).toBe(false)
  })

  it('is at risk at +$500 however small the percentage: $8,000 → $8,500 is +6.3%', () => {
    const change = premiumChange(800_000, 850_000)
    expect(change.changePercent).toBe(6.3)
    expect(isAtRisk(change, DEFAULT_RENEWAL_SETTINGS)).toBe(true)
  })

  it('is never at risk when cheaper, and has no percentage from a zero premium', () => {
    expect(isAtRisk(premiumChange(100_000, 60_000), DEFAULT_RENEWAL_SETTINGS)).toBe(false)
    expect(premiumChange(0, 10_000)).toEqual({ changeCents: 10_000, changePercent: null })
  })
})

describe('today in the agency’s time zone', () => {
  it('turns at the agency’s midnight on both sides of the clocks going back (Chicago, 2026-11-01)', () => {
    // Before the change Chicago is UTC−5: 04:30Z is 23:30 on October 31, 05:30Z is 00:30 on November 1.
    expect(todayIn('America/Chicago', new Date('2026-11-01T04:30:00Z'))).toBe('2026-10-31')
    expect(todayIn('America/Chicago', new Date('2026-11-01T05:30:00Z'))).toBe('2026-11-01')
    // After it, UTC−6: 05:30Z on November 2 is still 23:30 on November 1.
    expect(todayIn('America/Chicago', new Date('2026-11-02T05:30:00Z'))).toBe('2026-11-01')
    expect(todayIn('America/Chicago', new Date('2026-11-02T06:30:00Z'))).toBe('2026-11-02')
  })

  it('knows a real zone name from a made-up one', () => {
    expect(isTimeZone('America/New_York')).toBe(true)
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false)
  })
})
