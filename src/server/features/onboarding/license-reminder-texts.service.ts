import type { ReminderThreshold } from '#shared/domain/license-status.ts'

export interface DueReminder {
  agencyId: string
  licenseId: string
  agentId: string
  expirationDate: string
  state: string
  licenseType: string
  licenseNumber: string
  daysLeft: number
  threshold: ReminderThreshold
}

/** 'expires in 30 days (2026-06-01)', 'expires today', 'expired on 2026-05-01'. */
export function whenText(reminder: Pick<DueReminder, 'daysLeft' | 'expirationDate'>): string {
  if (reminder.daysLeft > 0)
    return `expires in ${reminder.daysLeft} ${reminder.daysLeft === 1 ? 'day' : 'days'} (${reminder.expirationDate})`
  return reminder.daysLeft === 0 ? 'expires today' : `expired on ${reminder.expirationDate}`
}

export function agentReminderTitle(reminder: DueReminder): string {
  return `Your ${reminder.state} ${reminder.licenseType} license ${whenText(reminder)}`
}

export function agentReminderText(reminder: DueReminder, firstName: string): string {
  return [
    `Hello ${firstName},`,
    '',
    `Your ${reminder.state} ${reminder.licenseType} license ${reminder.licenseNumber} ${whenText(reminder)}.`,
    reminder.threshold === 0
      ? 'You may not sell or service policies under it until it is renewed.'
      : 'Renew it with the state in time, then update the license in Agency Onboarding.',
    '',
    'You get this reminder at 90 days, 30 days and on the day a license expires.',
  ].join('\n')
}

export function adminDigestLine(reminder: DueReminder, agent: { agentCode: string; name: string }): string {
  return `${agent.agentCode} ${agent.name}: ${reminder.state} ${reminder.licenseType} ${reminder.licenseNumber} ${whenText(reminder)}`
}
