import { formatDate, formatDollars } from '#web/lib/format.ts'
import type { ClientFieldSpec } from './client-fields.ts'

export const EMPTY_VALUE = '—'

/** A date-only value ('1985-04-23') is a calendar day, not an instant: no time-zone shift. */
export function formatDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return formatDate(value)
  return formatDate(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
}

/** How a field reads in the details view. */
export function displayValue(spec: ClientFieldSpec, value: unknown): string {
  if (value === undefined || value === null || value === '') return EMPTY_VALUE
  switch (spec.kind) {
    case 'flag':
      return value === true ? 'Yes' : 'No'
    case 'date':
      return formatDay(String(value))
    case 'dollars':
      return formatDollars(Number(value))
    case 'choice':
      return spec.options?.find((option) => option.value === value)?.label ?? String(value)
    default:
      return String(value)
  }
}

export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase()
}

export function fullNameOf(client: {
  firstName: string
  lastName: string
  middleName?: string
  suffix?: string
}) {
  return [client.firstName, client.middleName, client.lastName, client.suffix].filter(Boolean).join(' ')
}
