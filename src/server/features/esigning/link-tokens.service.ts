import { createHash, randomBytes } from 'node:crypto'

/** A signing link's secret: 256 random bits, URL-safe. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url')
}

/** What the database keeps to find a link: its SHA-256, never the secret. */
export function tokenHashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
