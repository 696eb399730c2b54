import nodemailer from 'nodemailer'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts'

let sink: SmtpSink

beforeEach(async () => {
  sink = await startSmtpSink()
})
afterEach(async () => {
  await sink.close()
})

describe('SMTP sink', () => {
  it('keeps a message sent through nodemailer, with its envelope and attachment', async () => {
    const transport = nodemailer.createTransport(sink.url)
    await transport.sendMail({
      from: 'agency@lakeside.test',
      to: ['submissions@acme.test', 'backup@acme.test'],
      subject: 'Application packet for Jane Doe',
      text: 'Please find the application packet attached.',
      attachments: [
        {
          filename: 'application-packet.pdf',
          content: Buffer.from('%PDF-1.7 test'),
          contentType: 'application/pdf',
        },
      ],
    })
    transport.close()

    const [message] = await sink.waitForMessages(1, 2_000)
    expect(message?.from).toBe('agency@lakeside.test')
    expect(message?.to).toEqual(['submissions@acme.test', 'backup@acme.test'])
    expect(message?.raw).toContain('Subject: Application packet for Jane Doe')
    expect(message?.raw).toContain('filename=application-packet.pdf')
    expect(message?.raw).toContain('Content-Type: application/pdf')
    expect(message?.raw).toContain(Buffer.from('%PDF-1.7 test').toString('base64'))
  })

  it('fails the wait when no message comes', async () => {
    await expect(sink.waitForMessages(1, 50)).rejects.toThrow('got 0 of 1 messages')
  })
})
