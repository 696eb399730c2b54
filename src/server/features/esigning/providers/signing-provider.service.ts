import type { SecurityLevel, SignerRole, SigningProviderId } from '#shared/domain/esigning.ts'

/** A document sent to a third-party provider: the original file and its signers, in order. */
export interface ProviderRequest {
  signingDocumentId: string
  title: string
  fileName: string
  contentType: string
  bytes: Buffer
  signers: { name: string; email: string; role: SignerRole; signingOrder: number }[]
  message: string
  securityLevel: SecurityLevel
}

export interface ProviderAccepted {
  requestId: string
  /** The provider's id of each signer's signature, by email. */
  signers: { email: string; providerSignatureId: string }[]
}

/** A third-party e-signing service, behind one interface (Dropbox Sign has the real adapter). */
export interface SigningProvider {
  readonly id: Exclude<SigningProviderId, 'email'>
  readonly configured: boolean
  send(request: ProviderRequest): Promise<ProviderAccepted>
  /** The completed document the provider made, once everyone signed. */
  downloadCompleted(requestId: string): Promise<Buffer>
}

export interface SigningProviders {
  /** Every provider the screen offers, with whether it is configured (the product's own always is). */
  list(): { id: SigningProviderId; configured: boolean }[]
  get(id: Exclude<SigningProviderId, 'email'>): SigningProvider | undefined
}

/** The providers configured: only those given here can send; the others are listed as not configured. */
export function signingProviders(configured: SigningProvider[]): SigningProviders {
  const byId = new Map(configured.filter((each) => each.configured).map((each) => [each.id, each]))
  const others = ['docusign', 'adobe', 'hellosign', 'pandadoc'] as const
  return {
    list: () => [
      { id: 'email', configured: true },
      ...others.map((id) => ({ id, configured: byId.has(id) })),
    ],
    get: (id) => byId.get(id),
  }
}
