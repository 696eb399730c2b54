import { addDays } from '#shared/domain/policy-ledger.ts'

/** One all-day event of a calendar feed: a renewal's milestone on its date. */
export interface CalendarEvent {
  /** Stable across fetches, so a calendar updates the event instead of adding another. */
  uid: string
  /** YYYY-MM-DD */
  date: string
  summary: string
  description: string
  url: string
}

const CRLF = '\r\n'
/** RFC 5545 §3.1: a content line is at most 75 octets, line break excluded. */
const MAX_OCTETS = 75

/** RFC 5545 §3.3.11: a TEXT value escapes backslashes, semicolons, commas and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
}

/**
 * RFC 5545 §3.1: a longer line is folded, each continuation starting with a space (which counts
 * towards its 75 octets), and never inside a UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  let limit = MAX_OCTETS
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8')
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
      limit = MAX_OCTETS - 1
    }
    current += character
    octets += size
  }
  parts.push(current)
  return parts.join(`${CRLF} `)
}

const compactDate = (date: string) => date.replaceAll('-', '')
/** 2026-11-28T15:07:03.123Z → 20261128T150703Z */
const compactStamp = (instant: Date) => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`

/** An iCalendar document (RFC 5545) of all-day events, CRLF line ends, long lines folded. */
export function buildRenewalCalendar(input: { name: string; events: CalendarEvent[]; now: Date }): string {
  const stamp = compactStamp(input.now)
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Agency back office//Renewal milestones//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(input.name)}`,
    ...input.events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compactDate(event.date)}`,
      // An all-day event ends, exclusive, on the next day.
      `DTEND;VALUE=DATE:${compactDate(addDays(event.date, 1))}`,
      `SUMMARY:${escapeText(event.summary)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `URL:${event.url}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ]
  return lines.map(foldLine).join(CRLF) + CRLF
}
