import { inject } from 'vitest'

interface SunkMessage {
  to: string[]
  raw: string
}

/** A message's text as sent: quoted-printable soft breaks joined and =XX escapes decoded. */
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

/** The newest message the SMTP sink received for `address` whose text matches `pattern`, waiting for it. */
export async function waitForMail(address: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const messages = (await (await fetch(inject('mailSinkUrl'))).json()) as SunkMessage[]
    const found = messages
      .filter((message) => message.to.includes(address))
      .map((message) => decodedText(message.raw))
      .filter((text) => pattern.test(text))
      .at(-1)
    if (found) return found
    if (Date.now() > deadline)
      throw new Error(`No mail to ${address} matching ${pattern} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
