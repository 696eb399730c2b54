import { MILESTONE_LABELS } from '#shared/contracts/renewals-texts.ts'
import type { Milestone } from '#shared/domain/renewal-pipeline.ts'

/** What a reminder or a digest line says of one renewal. */
export interface ReminderSubject {
  id: string
  milestone: Milestone
  dueDate: string
  expirationDate: string
  insuredName: string
  policyNumber: string
  carrierName: string
}

const labelOf = (subject: ReminderSubject) => MILESTONE_LABELS[subject.milestone]

export function reminderTitle(subject: ReminderSubject, kind: 'due' | 'overdue'): string {
  return `${labelOf(subject)} ${kind === 'due' ? 'due today' : 'overdue'}: ${subject.insuredName}`
}

export function reminderMessage(subject: ReminderSubject, kind: 'due' | 'overdue'): string {
  const when = kind === 'due' ? 'is due today' : `was due ${subject.dueDate}`
  return `Policy ${subject.policyNumber} (${subject.carrierName}) expires ${subject.expirationDate}. ${labelOf(subject)} ${when}.`
}

/** One notification in place of many, when a user has more reminders than a list can show. */
export function summaryTitle(count: number): string {
  return `${count} renewals need your attention`
}

export function summaryMessage(due: number, overdue: number): string {
  return `${due} due today and ${overdue} overdue. Open Renewals to work them.`
}

export function digestSubject(count: number, day: string): string {
  return `Renewals: ${count} due or overdue (${day})`
}

function digestLine(subject: ReminderSubject, baseUrl: string): string[] {
  return [
    `- ${labelOf(subject)} (due ${subject.dueDate}): ${subject.insuredName}, policy ${subject.policyNumber} (${subject.carrierName}), expires ${subject.expirationDate}`,
    `  ${baseUrl}/renewals/${subject.id}`,
  ]
}

/** The morning's digest: overdue first, then what falls due today, with a link to each. */
export function digestText(input: {
  firstName: string
  day: string
  subjects: ReminderSubject[]
  total: number
  baseUrl: string
}): string {
  const overdue = input.subjects.filter((subject) => subject.dueDate < input.day)
  const due = input.subjects.filter((subject) => subject.dueDate === input.day)
  const more = input.total - input.subjects.length
  return [
    `Hello ${input.firstName},`,
    '',
    `These renewals assigned to you are due or overdue on ${input.day}:`,
    ...(overdue.length > 0 ? ['', 'Overdue', ...overdue.flatMap((s) => digestLine(s, input.baseUrl))] : []),
    ...(due.length > 0 ? ['', 'Due today', ...due.flatMap((s) => digestLine(s, input.baseUrl))] : []),
    ...(more > 0 ? ['', `… and ${more} more: ${input.baseUrl}/renewals`] : []),
    '',
    'You get this email because "Renewal reminders" is on in Settings › Notifications.',
  ].join('\n')
}
