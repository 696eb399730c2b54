import {
  allowedTypesText,
  DOCUMENT_DEFINITIONS,
  type DocumentType,
  megabytes,
} from '#shared/domain/document-types.ts'
import { formatDate } from '#web/lib/format.ts'

/** 'PDF, JPEG, PNG up to 5MB' (spec §9's limits, in the words of its messages). */
export function limitsText(type: DocumentType): string {
  return `${allowedTypesText(type)} up to ${megabytes(DOCUMENT_DEFINITIONS[type].maxBytes)}MB`
}

/** A calendar day ('2026-05-01') read as that day here, not as UTC midnight (the day before in the US). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number)
  if (!year || !month || !date) return formatDate(day)
  return formatDate(new Date(year, month - 1, date))
}
