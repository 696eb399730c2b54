import { inject } from 'vitest'

/** A message as the run's SMTP sink received it (src/test/smtp-sink.ts). */
interface SunkMessage {
  to: string[]
  raw: string
}

export interface ReceivedMail extends SunkMessage {
  /** The body as sent: quoted-printable undone. */
  text: string
}

/** A message's body as sent: quoted-printable soft breaks joined and =XX escapes decoded. */
export function decodedText(raw: string): string {
  const body = raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n')
  const joined = body.replace(/=\r?\n/g, '')
  return /quoted-printable/i.test(raw)
    ? Buffer.from(
        joined.replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        ),
        'latin1',
      ).toString('utf8')
    : joined
}

/**
 * The newest message the SMTP sink received for `address` whose text matches, waiting for it. The
 * journeys run in other processes than the sink: global-setup serves its messages over loopback.
 */
export async function waitForMail(
  address: string,
  match: string | RegExp,
  timeoutMs = 20_000,
): Promise<ReceivedMail> {
  const matches = (text: string) => (typeof match === 'string' ? text.includes(match) : match.test(text))
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const messages = (await (await fetch(inject('mailSinkUrl'))).json()) as SunkMessage[]
    const found = messages
      .filter((message) => message.to.includes(address))
      .map((message) => ({ ...message, text: decodedText(message.raw) }))
      .filter((message) => matches(message.text))
      .at(-1)
    if (found) return found
    if (Date.now() > deadline)
      throw new Error(`No mail to ${address} matching ${match} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The signing link's path (with its fragment) in a signing invitation. */
export function signingLinkIn(mail: ReceivedMail): string {
  const match = /https?:\/\/[^/\s]+(\/sign#[A-Za-z0-9_-]{43})/.exec(mail.text)
  if (!match) throw new Error('No signing link in the message')
  return match[1]!
}
