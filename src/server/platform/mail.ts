import type { Readable } from 'node:stream'
import { desc, eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Db, Executor } from '#server/db/connect.ts'
import { enqueueJob, enqueueJobs, type JobHandler } from './jobs.ts'
import { type MailAttachment, mailMessages } from './mail.table.ts'

export interface OutgoingMail {
  agencyId: string | null
  to: string
  subject: string
  text: string
  /** Stored documents to attach (an application packet); read when the message is sent. */
  attachments?: MailAttachment[]
}

export interface MailOptions {
  smtpUrl?: string
  from: string
  /** The bytes of an attached document, streamed from file storage. */
  readAttachment?: (attachment: MailAttachment, agencyId: string | null) => Promise<Readable>
}

export const MAIL_JOB = 'mail.send'

/** Queue a message in the caller's transaction; the worker delivers it. */
export function queueMail(executor: Executor, mail: OutgoingMail): Promise<string> {
  return enqueueJob(executor, { type: MAIL_JOB, agencyId: mail.agencyId, payload: { ...mail } })
}

/** Many messages at once (a daily job's reminders), in the caller's transaction. */
export async function queueMails(executor: Executor, mails: OutgoingMail[]): Promise<void> {
  for (let at = 0; at < mails.length; at += 1000) {
    await enqueueJobs(
      executor,
      mails
        .slice(at, at + 1000)
        .map((mail) => ({ type: MAIL_JOB, agencyId: mail.agencyId, payload: { ...mail } })),
    )
  }
}

export interface Mailer {
  /** Whether SMTP_URL is set (otherwise messages are kept for the outbox screen). */
  readonly smtpConfigured: boolean
  /** Sends the message now (or keeps it); answers what happened. Throws when SMTP refuses it. */
  send(mail: OutgoingMail): Promise<'sent' | 'kept'>
}

/**
 * With SMTP_URL the message goes out through nodemailer; without it, it is kept in mail_messages
 * (status 'kept') so nothing is silently dropped. Either way the database has the record.
 */
export function createMailer(db: Db, options: MailOptions): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined
  return {
    smtpConfigured: transport !== undefined,
    async send(mail) {
      const attachments = mail.attachments ?? []
      if (!transport) {
        await db.insert(mailMessages).values({
          agencyId: mail.agencyId,
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          attachments,
          status: 'kept',
          transport: 'database',
        })
        return 'kept'
      }
      const opened = await Promise.allSettled(
        attachments.map(async (attachment) => {
          if (!options.readAttachment) throw new Error('Mail attachments need a document reader')
          return {
            filename: attachment.filename,
            content: await options.readAttachment(attachment, mail.agencyId),
          }
        }),
      )
      const files = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
      const failed = opened.find((result) => result.status === 'rejected')
      if (failed) {
        for (const file of files) file.content.destroy()
        throw failed.reason
      }
      let info: { messageId: string }
      try {
        info = await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          attachments: files,
        })
      } finally {
        // A refused message may leave an attachment unread: close its file.
        for (const file of files) file.content.destroy()
      }
      await db.insert(mailMessages).values({
        agencyId: mail.agencyId,
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        attachments,
        status: 'sent',
        transport: 'smtp',
        providerMessageId: info.messageId,
        sentAt: new Date(),
      })
      return 'sent'
    },
  }
}

export function createMailJobHandler(mailer: Mailer): JobHandler {
  return async (job) => {
    await mailer.send(job.payload as unknown as OutgoingMail)
  }
}

/** An agency's messages, newest first (the outbox screen). */
export function findMailMessages(executor: Executor, agencyId: string, limit: number) {
  return executor
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.agencyId, agencyId))
    .orderBy(desc(mailMessages.createdAt))
    .limit(limit)
}
