import type { InsuranceType } from '#shared/domain/insurance-types.ts'
import { formatDollars } from '#web/lib/format.ts'
import {
  COVERAGE_BLOCKS,
  type CoverageField,
  EXTRA_FIELDS,
  HEALTHCARE_FLAGS,
  LIFE_HEALTH_QUESTIONS,
} from './wizard/coverage-fields.ts'

const KNOWN_LABELS: Record<string, string> = Object.fromEntries([
  ...Object.values(EXTRA_FIELDS).flatMap((fields) => fields.map((field) => [field.name, field.label])),
  ...HEALTHCARE_FLAGS,
  ...LIFE_HEALTH_QUESTIONS,
  ['healthQuestions', 'Health questions'],
  ['coverageTypes', 'Coverage types'],
])

/** 'numberOfEmployees' → 'Number of employees', for keys this screen has no label for. */
export function humanize(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function show(value: unknown, field?: CoverageField): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'number') return field?.label.includes('($') ? formatDollars(value) : String(value)
  if (Array.isArray(value)) return value.length > 0 ? value.map(String).join(', ') : '—'
  return String(value)
}

export interface DataRow {
  label: string
  value: string
}

/** The type's block first (in the wizard's order), then anything else the application holds. */
export function applicationDataRows(type: InsuranceType, data: Record<string, unknown>): DataRow[] {
  const { key, fields } = COVERAGE_BLOCKS[type]
  const block = (data[key] ?? {}) as Record<string, unknown>
  const rows: DataRow[] = fields.map((field) => ({
    label: field.label,
    value: show(block[field.name], field),
  }))
  for (const [name, value] of Object.entries(block)) {
    if (fields.some((field) => field.name === name)) continue
    if (name === 'healthQuestions' && value && typeof value === 'object') {
      for (const [question, answer] of Object.entries(value)) {
        rows.push({ label: KNOWN_LABELS[question] ?? humanize(question), value: show(answer) })
      }
    } else rows.push({ label: KNOWN_LABELS[name] ?? humanize(name), value: show(value) })
  }
  const extras = EXTRA_FIELDS[type] ?? []
  for (const [name, value] of Object.entries(data)) {
    if (name.endsWith('Data') || value === undefined || value === null) continue
    const field = extras.find((candidate) => candidate.name === name)
    rows.push({ label: KNOWN_LABELS[name] ?? humanize(name), value: show(value, field) })
  }
  return rows
}

export function ApplicationDataView({ type, data }: { type: InsuranceType; data: Record<string, unknown> }) {
  const rows = applicationDataRows(type, data)
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.label} className="grid gap-0.5">
          <dt className="text-xs font-medium text-slate-600">{row.label}</dt>
          <dd className="text-sm break-words text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  )
}
