import { describe, expect, it } from 'vitest'
import {
  addDays,
  daysBetween,
  dueReminderThreshold,
  isLicenseExpiring,
  isLicenseInForce,
  licenseStatusLabel,
} from './license-status.ts'

describe('the license label', () => {
  it('names the statuses set by hand whatever the date', () => {
    expect(licenseStatusLabel('expired', 400)).toEqual({ label: 'Expired', tone: 'destructive' })
    expect(licenseStatusLabel('suspended', 400)).toEqual({ label: 'Suspended', tone: 'destructive' })
    expect(licenseStatusLabel('revoked', null)).toEqual({ label: 'Revoked', tone: 'destructive' })
  })

  it('reads an active license by the days to expiry, at each boundary', () => {
    expect(licenseStatusLabel('active', -3)).toEqual({ label: 'Expired', tone: 'destructive' })
    expect(licenseStatusLabel('active', 0)).toEqual({ label: 'Expired', tone: 'destructive' })
    expect(licenseStatusLabel('active', 1)).toEqual({ label: 'Expires in 1 day', tone: 'destructive' })
    expect(licenseStatusLabel('active', 30)).toEqual({ label: 'Expires in 30 days', tone: 'destructive' })
    expect(licenseStatusLabel('active', 31)).toEqual({ label: 'Expires in 31 days', tone: 'outline' })
    expect(licenseStatusLabel('active', 90)).toEqual({ label: 'Expires in 90 days', tone: 'outline' })
    expect(licenseStatusLabel('active', 91)).toEqual({ label: 'Active', tone: 'default' })
    expect(licenseStatusLabel('active', null)).toEqual({ label: 'Active', tone: 'default' })
  })

  it('counts an active license in force until its last day and expiring within 90 days', () => {
    expect(isLicenseInForce('active', 1)).toBe(true)
    expect(isLicenseInForce('active', 0)).toBe(false)
    expect(isLicenseInForce('active', null)).toBe(true)
    expect(isLicenseInForce('suspended', 200)).toBe(false)
    expect(isLicenseExpiring('active', 90)).toBe(true)
    expect(isLicenseExpiring('active', 91)).toBe(false)
    expect(isLicenseExpiring('active', -10)).toBe(true)
    expect(isLicenseExpiring('revoked', 10)).toBe(false)
    expect(isLicenseExpiring('active', null)).toBe(false)
  })

  it('counts calendar days across months and years', () => {
    expect(daysBetween('2026-01-31', '2026-03-01')).toBe(29)
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1)
    expect(daysBetween('2026-05-10', '2026-05-01')).toBe(-9)
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01')
  })
})

describe('the reminder due', () => {
  it('sends nothing before 90 days, then the tightest threshold reached', () => {
    expect(dueReminderThreshold(91, null)).toBeNull()
    expect(dueReminderThreshold(90, null)).toBe(90)
    expect(dueReminderThreshold(31, null)).toBe(90)
    expect(dueReminderThreshold(30, null)).toBe(30)
    expect(dueReminderThreshold(20, null)).toBe(30)
    expect(dueReminderThreshold(0, null)).toBe(0)
    expect(dueReminderThreshold(-30, null)).toBe(0)
  })

  it('never sends a threshold twice, nor a looser one after a tighter', () => {
    expect(dueReminderThreshold(89, 90)).toBeNull()
    expect(dueReminderThreshold(30, 90)).toBe(30)
    expect(dueReminderThreshold(12, 30)).toBeNull()
    expect(dueReminderThreshold(60, 30)).toBeNull()
    expect(dueReminderThreshold(0, 30)).toBe(0)
    expect(dueReminderThreshold(-1, 0)).toBeNull()
  })

  it('gives up on licenses expired more than 30 days ago', () => {
    expect(dueReminderThreshold(-31, null)).toBeNull()
  })
})
