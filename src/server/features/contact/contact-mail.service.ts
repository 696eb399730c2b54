import type { Executor } from '#server/db/connect.ts'
import { queueMail } from '#server/platform/mail.ts'
import {
  CATEGORY_LABELS,
  type ContactCategory,
  type ContactPriority,
  PRIORITY_LABELS,
} from '#shared/contracts/contact.contract.ts'
import type { ContactMessageRow } from './contact.repository.ts'

const line = (label: string, value: string | null | undefined) => (value ? [`${label}: ${value}`] : [])

/** The copy for the support team, at SUPPORT_EMAIL: everything the sender gave. */
export function queueSupportCopy(tx: Executor, supportEmail: string, row: ContactMessageRow) {
  const priority = PRIORITY_LABELS[row.priority as ContactPriority]
  const category = CATEGORY_LABELS[row.category as ContactCategory]
  return queueMail(tx, {
    agencyId: null,
    to: supportEmail,
    subject: `[${row.reference}] ${priority} · ${category}: ${row.subject}`,
    text: [
      `Reference: ${row.reference}`,
      `From: ${row.name} <${row.email}>`,
      ...line('Phone', row.phone),
      ...line('Company', row.company),
      ...line('Agent ID', row.agentId),
      ...line('Plan', row.currentPlan),
      `Category: ${category}`,
      `Priority: ${priority}`,
      `May we follow up: ${row.consentToFollow ? 'yes' : 'no'}`,
      ...line('Browser', row.browserInfo),
      '',
      row.message,
    ].join('\n'),
  })
}

/** The sender's confirmation, with the reference to quote. */
export function queueConfirmation(tx: Executor, row: ContactMessageRow) {
  return queueMail(tx, {
    agencyId: row.agencyId,
    to: row.email,
    subject: `We received your message (${row.reference})`,
    text: [
      `Hello ${row.name},`,
      '',
      `Thank you for writing to us. Your reference number is ${row.reference}; please quote it if you write again about this.`,
      "We'll get back to you within 24 hours.",
      '',
      `Your message, "${row.subject}":`,
      '',
      row.message,
    ].join('\n'),
  })
}

/** Support's answer, mailed to the sender. */
export function queueReply(tx: Executor, row: ContactMessageRow, reply: string, authorName: string) {
  return queueMail(tx, {
    agencyId: row.agencyId,
    to: row.email,
    subject: `Re: ${row.subject} (${row.reference})`,
    text: [`Hello ${row.name},`, '', reply, '', `${authorName}, Support`].join('\n'),
  })
}
