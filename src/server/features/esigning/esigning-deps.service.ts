import type { Db } from '#server/db/connect.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import type { SigningProviders } from './providers/signing-provider.service.ts'
import type { SigningCertificate } from './signing-certificate.service.ts'

/** What e-signing's use cases need beyond the database. */
export interface EsigningDeps {
  db: Db
  storage: FileStorage
  /** The sealing certificate, read at first use. */
  certificate: () => SigningCertificate
  /** Key of the signatures' record MACs (derived from the audit signing seed). */
  macKey: Buffer
  /** Seals signing links' secrets at rest, so the next signer's link can be mailed at their turn. */
  cipher: FieldCipher
  /** Where people reach the app: links in mail and on the certificate page. */
  publicUrl: string
  providers: SigningProviders
}

/** The public verify page's address for one signature (the certificate page's QR code). */
export function verifyUrlOf(publicUrl: string, signatureId: string): string {
  return `${publicUrl.replace(/\/$/, '')}/verify-signature?id=${signatureId}`
}

/** A signing link: the secret rides in the fragment, which browsers never send to a server. */
export function signingLinkOf(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/sign#${token}`
}
