import nodemailer from 'nodemailer'
import type { Db, Executor } from '#server/db/connect.ts'
import { enqueueJob, type JobHandler } from './jobs.ts'
import { mailMessages } from './mail.table.ts'

export interface OutgoingMail {
  agencyId: string | null
  to: string
  subject: string
  text: string
}

export const MAIL_JOB = 'mail.send'

/** Queue a message in the caller's transaction; the worker delivers it. */
export function queueMail(executor: Executor, mail: OutgoingMail): Promise<string> {
  return enqueueJob(executor, { type: MAIL_JOB, agencyId: mail.agencyId, payload: { ...mail } })
}

/**
 * With SMTP_URL the message goes out through nodemailer; without it, it is kept in mail_messages
 * (status 'kept') so nothing is silently dropped. Either way the database has the record.
 */
export function createMailJobHandler(db: Db, options: { smtpUrl?: string; from: string }): JobHandler {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined
  return async (job) => {
    const mail = job.payload as unknown as OutgoingMail
    if (!transport) {
      await db.insert(mailMessages).values({
        agencyId: mail.agencyId,
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        status: 'kept',
        transport: 'database',
      })
      return
    }
    const info = await transport.sendMail({
      from: options.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
    })
    await db.insert(mailMessages).values({
      agencyId: mail.agencyId,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      status: 'sent',
      transport: 'smtp',
      providerMessageId: info.messageId,
      sentAt: new Date(),
    })
  }
}
