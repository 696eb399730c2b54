import { isLastAttempt } from '#server/platform/jobs.ts'
import type { Delivery, DeliveryDeps } from './delivery-context.service.ts'
import { failSubmission, retryLater, settleAttempt } from './settle-attempt.ts'

/** The covering message: the packet's summary, and our reference for the carrier's reply. */
function coveringText(delivery: Delivery): string {
  const { carrier, submission } = delivery
  return [
    `Hello ${carrier.name} submissions team,`,
    '',
    `Please find attached ${submission.summary}.`,
    `Our reference: ${submission.id}.`,
    '',
    'Reply to this message with your confirmation number or any questions.',
  ].join('\n')
}

/**
 * Mails the packet stored when the submission was queued (the same document on every retry).
 * Without SMTP the message is kept in the Outbox and the agent is asked to send it.
 */
export async function deliverByEmail(deps: DeliveryDeps, delivery: Delivery): Promise<void> {
  const { job, submission, carrier, packet, startedAt } = delivery
  if (!carrier.contactEmail) {
    const message = `${carrier.name} has no contact email: add one, or send the packet yourself.`
    return failSubmission(deps.db, submission, carrier.name, { startedAt, message })
  }
  if (!packet) {
    const message = 'The packet for this submission is missing: retry it to make a new one.'
    return failSubmission(deps.db, submission, carrier.name, { startedAt, message })
  }
  let sent: 'sent' | 'kept'
  try {
    sent = await deps.mailer.send({
      agencyId: submission.agencyId,
      to: carrier.contactEmail,
      subject: submission.subject ?? `Submission ${submission.id}`,
      text: coveringText(delivery),
      attachments: [packet],
    })
  } catch (error) {
    const problem = `The mail server refused the message (${(error as Error).message.slice(0, 200)})`
    if (isLastAttempt(job))
      return failSubmission(deps.db, submission, carrier.name, { startedAt, message: problem })
    return retryLater(deps.db, submission, job, { startedAt, problem })
  }
  await settleAttempt(
    deps.db,
    submission,
    { startedAt, outcome: 'delivered' },
    sent === 'sent'
      ? { status: 'sent', message: `Emailed to ${carrier.contactEmail} with the application packet` }
      : {
          status: 'action_required',
          message: `Kept in the outbox: SMTP is not configured. Email the packet to ${carrier.contactEmail}, then mark it sent.`,
          notify: {
            title: `Send the application to ${carrier.name}`,
            priority: 'normal',
            packet,
          },
        },
  )
}
