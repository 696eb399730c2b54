import type { FileKind } from './document-types.ts'

/**
 * What a file kept with a policy is. `quote` is the carrier's quote the policy was bound from,
 * linked at binding; the others an agent uploads from the policy's page.
 */
export const POLICY_DOCUMENT_TYPES = [
  'declarations',
  'policy_form',
  'id_card',
  'endorsement',
  'cancellation_notice',
  'reinstatement_notice',
  'invoice',
  'quote',
  'other',
] as const
export type PolicyDocumentType = (typeof POLICY_DOCUMENT_TYPES)[number]

export const POLICY_DOCUMENT_LABELS: Record<PolicyDocumentType, string> = {
  declarations: 'Declarations page',
  policy_form: 'Policy form',
  id_card: 'ID card',
  endorsement: 'Endorsement',
  cancellation_notice: 'Cancellation notice',
  reinstatement_notice: 'Reinstatement notice',
  invoice: 'Invoice',
  quote: 'Quote',
  other: 'Other',
}

/** Carriers send scans, PDFs and Word files; the size of the largest appointment document. */
export const POLICY_DOCUMENT_KINDS: readonly FileKind[] = ['pdf', 'jpeg', 'png', 'doc', 'docx']
export const POLICY_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024
