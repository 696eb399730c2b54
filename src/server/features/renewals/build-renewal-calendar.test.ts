import { describe, expect, it } from 'vitest'
import { buildRenewalCalendar, escapeText, foldLine } from './build-renewal-calendar.ts'

const octets = (line: string) => Buffer.byteLength(line, 'utf8')
const unfold = (text: string) => text.replace(/\r\n /g, '')

describe('RFC 5545 text', () => {
  it('escapes backslashes, semicolons, commas and line breaks, in that order', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf')
    expect(escapeText('Review: Ana — AB-1')).toBe('Review: Ana — AB-1')
  })

  it('leaves a line of 75 octets whole and folds the 76th onto a line that starts with a space', () => {
    const exact = 'X'.repeat(75)
    expect(foldLine(exact)).toBe(exact)
    expect(foldLine(`${exact}Y`)).toBe(`${exact}\r\n Y`)
    // A continuation holds 74 octets after its space.
    expect(foldLine('Z'.repeat(75 + 74 + 1))).toBe(`${'Z'.repeat(75)}\r\n ${'Z'.repeat(74)}\r\n Z`)
  })

  it('never folds inside a UTF-8 character', () => {
    // 'é' is two octets, '—' three: a fold must come before a character that would not fit.
    const line = `SUMMARY:${'é'.repeat(40)}${'—'.repeat(30)}`
    const folded = foldLine(line)
    const physical = folded.split('\r\n')
    // 8 + 33 × 2 = 74 octets: a 34th 'é' would be split across the fold, so it moves on whole.
    expect(physical).toEqual([
      `SUMMARY:${'é'.repeat(33)}`,
      ` ${'é'.repeat(7)}${'—'.repeat(20)}`,
      ` ${'—'.repeat(10)}`,
    ])
    expect(physical.map(octets)).toEqual([74, 75, 31])
    expect(unfold(folded)).toBe(line)
  })
})

describe('the renewals calendar', () => {
  it('writes each milestone as an all-day event, with CRLF line ends and long lines folded', () => {
    const calendar = buildRenewalCalendar({
      name: 'Renewal milestones',
      now: new Date('2026-11-28T15:07:03.456Z'),
      events: [
        {
          uid: '6f1c2d9e-0000-4000-8000-000000000001-review@app.example',
          date: '2027-02-28',
          summary: 'Review: O’Brien, Siobhán — HO-2207',
          description:
            'Renewal of policy HO-2207 (Northwind Mutual; Homeowners), expiring 2027-05-29.\nhttps://app.example/renewals/6f1c2d9e-0000-4000-8000-000000000001',
          url: 'https://app.example/renewals/6f1c2d9e-0000-4000-8000-000000000001',
        },
      ],
    })
    expect(calendar.endsWith('\r\n')).toBe(true)
    expect(calendar.replace(/\r\n/g, '')).not.toContain('\n')
    expect(calendar.split('\r\n')).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Agency back office//Renewal milestones//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Renewal milestones',
      'BEGIN:VEVENT',
      'UID:6f1c2d9e-0000-4000-8000-000000000001-review@app.example',
      'DTSTAMP:20261128T150703Z',
      'DTSTART;VALUE=DATE:20270228',
      'DTEND;VALUE=DATE:20270301',
      'SUMMARY:Review: O’Brien\\, Siobhán — HO-2207',
      'DESCRIPTION:Renewal of policy HO-2207 (Northwind Mutual\\; Homeowners)\\, exp',
      ' iring 2027-05-29.\\nhttps://app.example/renewals/6f1c2d9e-0000-4000-8000-00',
      ' 0000000001',
      'URL:https://app.example/renewals/6f1c2d9e-0000-4000-8000-000000000001',
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ])
    expect(calendar.split('\r\n').every((line) => octets(line) <= 75)).toBe(true)
  })

  it('is a calendar without events when there is nothing to show', () => {
    const calendar = buildRenewalCalendar({ name: 'Renewal milestones', events: [], now: new Date(0) })
    expect(calendar).not.toContain('BEGIN:VEVENT')
    expect(calendar.split('\r\n').slice(-2)).toEqual(['END:VCALENDAR', ''])
  })
})
