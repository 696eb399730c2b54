import type { SignerStatus, SigningDocumentStatus } from '#shared/domain/esigning.ts'
import { Badge, type BadgeTone } from '#web/components/badge.tsx'
import type { LocalStatus } from './use-enhanced-documents.ts'

const DOCUMENT: Record<SigningDocumentStatus, [string, BadgeTone]> = {
  pending_signature: ['Pending Signature', 'yellow'],
  completed: ['Completed', 'green'],
}

const SIGNER: Record<SignerStatus, [string, BadgeTone]> = {
  waiting: ['Waiting', 'neutral'],
  sent: ['Link sent', 'blue'],
  viewed: ['Viewed', 'violet'],
  signed: ['Signed', 'green'],
  expired: ['Link expired', 'red'],
}

const LOCAL: Record<LocalStatus, [string, BadgeTone]> = {
  pending: ['Pending', 'neutral'],
  uploading: ['Uploading', 'blue'],
  uploaded: ['Uploaded', 'violet'],
  error: ['Error', 'red'],
  signed: ['Signed', 'green'],
}

export function DocumentStatusBadge({ status }: { status: SigningDocumentStatus }) {
  const [label, tone] = DOCUMENT[status]
  return (
    <Badge tone={tone} data-status={status}>
      {label}
    </Badge>
  )
}

export function SignerStatusBadge({ status }: { status: SignerStatus }) {
  const [label, tone] = SIGNER[status]
  return (
    <Badge tone={tone} data-status={status}>
      {label}
    </Badge>
  )
}

export function LocalStatusBadge({ status }: { status: LocalStatus }) {
  const [label, tone] = LOCAL[status]
  return (
    <Badge tone={tone} data-status={status}>
      {label}
    </Badge>
  )
}
