/**
 * E-signing's rules and constants (spec part 3 §3, §4, §5, §9), used by the browser and the server.
 */
export const SIGNATURE_TYPES = ['drawn', 'typed', 'uploaded'] as const
export type SignatureType = (typeof SIGNATURE_TYPES)[number]

/** Signer roles are labels only (spec §6). */
export const SIGNER_ROLES = ['agent', 'client', 'carrier_rep', 'admin'] as const
export type SignerRole = (typeof SIGNER_ROLES)[number]
export const SIGNER_ROLE_LABELS: Record<SignerRole, string> = {
  agent: 'Agent',
  client: 'Client',
  carrier_rep: 'Carrier representative',
  admin: 'Administrator',
}

export const SECURITY_LEVELS = ['standard', 'enhanced', 'maximum'] as const
export type SecurityLevel = (typeof SECURITY_LEVELS)[number]

/** The spec's third-party providers; Dropbox Sign (hellosign) is the one with an adapter. */
export const THIRD_PARTY_PROVIDERS = ['docusign', 'adobe', 'hellosign', 'pandadoc'] as const
/** 'email': the product itself, sending one-time signing links in order. */
export const SIGNING_PROVIDERS = ['email', ...THIRD_PARTY_PROVIDERS] as const
export type SigningProviderId = (typeof SIGNING_PROVIDERS)[number]
export const PROVIDER_LABELS: Record<SigningProviderId, string> = {
  email: 'Agency Back Office (signing links by email)',
  docusign: 'DocuSign',
  adobe: 'Adobe Acrobat Sign',
  hellosign: 'Dropbox Sign (HelloSign)',
  pandadoc: 'PandaDoc',
}

/** A document for signing (spec §4, sample documents): waiting for signatures, or signed by all. */
export const SIGNING_DOCUMENT_STATUSES = ['pending_signature', 'completed'] as const
export type SigningDocumentStatus = (typeof SIGNING_DOCUMENT_STATUSES)[number]

/**
 * A signer asked by email: waiting for those before them, sent a link, opened it, signed. A link
 * past its time reads as expired.
 */
export const SIGNER_STATUSES = ['waiting', 'sent', 'viewed', 'signed', 'expired'] as const
export type SignerStatus = (typeof SIGNER_STATUSES)[number]

/**
 * Basic: a signature on record with its consent and audit trail, applied to no document.
 * Advanced: applied to a PDF sealed with a certificate of completion. Qualified needs a qualified
 * certificate from a trust service provider, which this product does not issue (decision 020).
 */
export const COMPLIANCE_LEVELS = ['basic', 'advanced', 'qualified'] as const
export type ComplianceLevel = (typeof COMPLIANCE_LEVELS)[number]
export const COMPLIANCE_LEVEL_LABELS: Record<ComplianceLevel, string> = {
  basic: 'Basic',
  advanced: 'Advanced',
  qualified: 'Qualified',
}

const MB = 1024 * 1024
export const SIGNATURE_IMAGE_MAX_BYTES = 2 * MB
export const SIGNING_FILE_MAX_BYTES = 10 * MB
/** The largest signature image in pixels the server decodes (a phone photo of a signature fits). */
export const SIGNATURE_IMAGE_MAX_PIXELS = 4_000_000

/** Spec §5: the files a document for signing may be. */
export const SIGNING_FILE_EXTENSIONS = ['.pdf', '.doc', '.docx', '.txt', '.png', '.jpg', '.jpeg'] as const
/** Basic Upload's cards take scans only (spec §2). */
export const SCAN_EXTENSIONS = ['.pdf', '.jpg', '.jpeg', '.png'] as const

/** Spec §9: canvas sizes and fonts. */
export const SIGNATURE_CANVAS = {
  dialog: { width: 400, height: 200 },
  direct: { width: 500, height: 150 },
  typed: { width: 400, height: 100 },
} as const
export const TYPED_FONT_PX = 30
/** Direct signing draws a cursive name a little larger. */
export const DIRECT_CURSIVE_FONT_PX = 32

export const SIGNATURE_FONTS = ['cursive', 'serif', 'sans-serif', 'monospace'] as const
export type SignatureFont = (typeof SIGNATURE_FONTS)[number]
export const SIGNATURE_FONT_LABELS: Record<SignatureFont, string> = {
  cursive: 'Cursive',
  serif: 'Serif',
  'sans-serif': 'Sans-serif',
  monospace: 'Monospace',
}

/** A signing link works this long after it is sent (decision 020). */
export const SIGNING_LINK_VALID_DAYS = 14
/** Signers of one document, at most. */
export const MAX_SIGNERS = 10

/** '.pdf' for 'Form W-9.PDF'; '' without one. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase()
}

export function isSigningFileName(fileName: string): boolean {
  return (SIGNING_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(fileName))
}
