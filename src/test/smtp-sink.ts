import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface SunkMessage {
  from: string
  to: string[]
  raw: string
}

export interface SmtpSink {
  /** For nodemailer.createTransport(url): plain SMTP, no STARTTLS, no auth. */
  url: string
  messages: SunkMessage[]
  waitForMessages(count: number, timeoutMs?: number): Promise<SunkMessage[]>
  /** The next `count` messages are refused with a temporary error (451), as a busy server does. */
  refuseNext(count: number): void
  /** How many messages were refused so far. */
  readonly refused: number
  close(): Promise<void>
}

/** An SMTP server on loopback that accepts every message and keeps it, for tests of outgoing mail. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: SunkMessage[] = []
  const arrivals: (() => void)[] = []
  let toRefuse = 0
  let refused = 0
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // close() otherwise waits up to 30 s for clients that keep their connection open.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', callback)
      stream.on('end', () => {
        if (toRefuse > 0) {
          toRefuse--
          refused++
          return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }))
        }
        const { mailFrom, rcptTo } = session.envelope
        const message = {
          from: mailFrom ? mailFrom.address : '',
          to: rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        }
        messages.push(message)
        for (const notify of arrivals.splice(0)) notify()
        callback()
      })
    },
  })
  server.listen(0, '127.0.0.1')
  await once(server.server, 'listening')
  const { port } = server.server.address() as AddressInfo

  return {
    // ignoreTLS: nodemailer would otherwise upgrade whenever a server offers STARTTLS.
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    async waitForMessages(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs
      while (messages.length < count) {
        const left = deadline - Date.now()
        if (left <= 0)
          throw new Error(`SMTP sink got ${messages.length} of ${count} messages in ${timeoutMs} ms`)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left)
          arrivals.push(() => {
            clearTimeout(timer)
            resolve()
          })
        })
      }
      return messages.slice(0, count)
    },
    refuseNext(count) {
      toRefuse = count
    },
    get refused() {
      return refused
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
