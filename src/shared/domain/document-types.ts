/**
 * The documents an agent keeps for carrier appointments (spec part 2 §2 Required Docs, §9). The
 * spec gives limits for the first five; banking_info, business_license and ein_letter are ours:
 * a bank letter, a state business licence and the IRS EIN letter (CP 575 or 147C) are scans or
 * PDFs a carrier reads like a W-9, so they take the W-9's 5 MB and its types.
 */
export const DOCUMENT_TYPES = [
  'w9',
  'eo_certificate',
  'voided_check',
  'license_copy',
  'additional_docs',
  'banking_info',
  'business_license',
  'ein_letter',
] as const
export type DocumentType = (typeof DOCUMENT_TYPES)[number]

/**
 * What a file's content is, read from its first bytes (never from its name or declared type). Plain
 * text has no magic number: only the e-signing upload takes it, judged as UTF-8 without controls.
 */
export const FILE_KINDS = ['pdf', 'jpeg', 'png', 'doc', 'docx', 'txt'] as const
export type FileKind = (typeof FILE_KINDS)[number]

export const FILE_KIND_MIME: Record<FileKind, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
}

export const FILE_KIND_LABELS: Record<FileKind, string> = {
  pdf: 'PDF',
  jpeg: 'JPEG',
  png: 'PNG',
  doc: 'Word',
  docx: 'Word',
  txt: 'Text',
}

export interface DocumentTypeDefinition {
  label: string
  description: string
  required: boolean
  maxBytes: number
  kinds: readonly FileKind[]
}

const MB = 1024 * 1024
const SCANS: readonly FileKind[] = ['pdf', 'jpeg', 'png']

export const DOCUMENT_DEFINITIONS: Record<DocumentType, DocumentTypeDefinition> = {
  w9: {
    label: 'W-9 Form',
    description: 'Signed IRS Form W-9',
    required: true,
    maxBytes: 5 * MB,
    kinds: SCANS,
  },
  eo_certificate: {
    label: 'E&O Certificate',
    description: 'Your current errors and omissions certificate',
    required: true,
    maxBytes: 5 * MB,
    kinds: SCANS,
  },
  voided_check: {
    label: 'Voided Check',
    description: 'A voided check for direct deposit',
    required: true,
    maxBytes: 2 * MB,
    kinds: SCANS,
  },
  license_copy: {
    label: 'License Copy',
    description: 'A copy of your resident state license',
    required: false,
    maxBytes: 3 * MB,
    kinds: SCANS,
  },
  additional_docs: {
    label: 'Additional Documents',
    description: 'Anything else a carrier asked for',
    required: false,
    maxBytes: 10 * MB,
    kinds: [...SCANS, 'doc', 'docx'],
  },
  banking_info: {
    label: 'Banking Information',
    description: 'A bank letter confirming your account, if a carrier asks instead of a voided check',
    required: false,
    maxBytes: 5 * MB,
    kinds: SCANS,
  },
  business_license: {
    label: 'Business License',
    description: "Your agency's business or entity license",
    required: false,
    maxBytes: 5 * MB,
    kinds: SCANS,
  },
  ein_letter: {
    label: 'EIN Letter',
    description: "The IRS letter with your agency's EIN (CP 575 or 147C)",
    required: false,
    maxBytes: 5 * MB,
    kinds: SCANS,
  },
}

/** The largest any type allows: the upload route's cap before the type is known. */
export const LARGEST_DOCUMENT_BYTES = Math.max(...Object.values(DOCUMENT_DEFINITIONS).map((d) => d.maxBytes))

/** '2.5' for 2.5 MB: the spec's messages give sizes in MB with at most one decimal. */
export function megabytes(bytes: number): string {
  return String(Math.round((bytes / MB) * 10) / 10)
}

export function allowedTypesText(type: DocumentType): string {
  return allowedKindsText(DOCUMENT_DEFINITIONS[type].kinds)
}

/** 'PDF, JPEG, PNG': the kinds a rule allows, as the refusal names them. */
export function allowedKindsText(kinds: readonly FileKind[]): string {
  return [...new Set(kinds.map((kind) => FILE_KIND_LABELS[kind]))].join(', ')
}

/** The spec's 'Invalid File Type' message. */
export function invalidFileTypeMessage(type: DocumentType, found: string): string {
  return `File type ${found} is not allowed. Allowed types: ${allowedTypesText(type)}`
}

/** The spec's 'File Too Large' message. */
export function fileTooLargeMessage(type: DocumentType, bytes: number): string {
  return `File size ${megabytes(bytes)}MB exceeds maximum size of ${megabytes(DOCUMENT_DEFINITIONS[type].maxBytes)}MB`
}
