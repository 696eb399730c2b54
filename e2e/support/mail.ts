import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { inject } from 'vitest'

interface SunkMessage {
  from: string
  to: string[]
  raw: string
}

/** A message's text with quoted-printable soft breaks and escapes undone. */
export function decodedText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** Every message the run's SMTP sink has received so far, oldest first. */
export function sunkMail(): SunkMessage[] {
  const dir = inject('mailDir')
  return readdirSync(dir)
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as SunkMessage)
}

/** The first message to `address` whose text includes `text`, waiting for it to arrive. */
export async function waitForMail(address: string, text: string, timeoutMs = 20_000): Promise<SunkMessage> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = sunkMail().find(
      (message) => message.to.includes(address) && decodedText(message.raw).includes(text),
    )
    if (found) return found
    if (Date.now() > deadline)
      throw new Error(`No mail to ${address} containing "${text}" within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** The signing link's path (with its fragment) in a signing invitation. */
export function signingLinkIn(message: SunkMessage): string {
  const match = /https?:\/\/[^/\s]+(\/sign#[A-Za-z0-9_-]{43})/.exec(decodedText(message.raw))
  if (!match) throw new Error('No signing link in the message')
  return match[1]!
}
