import { Download, FileText, PenLine, ShieldCheck } from 'lucide-react'
import type { SigningDocument } from '#shared/contracts/esigning-documents.contract.ts'
import { PROVIDER_LABELS, SIGNER_ROLE_LABELS } from '#shared/domain/esigning.ts'
import { Button } from '#web/components/button.tsx'
import { formatDateTime, formatFileSize } from '#web/lib/format.ts'
import { DocumentStatusBadge, SignerStatusBadge } from './status-badges.tsx'

interface DocumentCardProps {
  document: SigningDocument
  onSign: () => void
  onVerify: (signatureId: string) => void
}

/** A document for signing: its state, its signatures, its signers' progress, its files. */
export function DocumentCard({ document, onSign, onVerify }: DocumentCardProps) {
  const signable = document.status === 'pending_signature' && !document.provider
  return (
    <li
      aria-label={document.name}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start gap-3">
        <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold text-slate-900">{document.name}</h3>
          <p className="text-sm text-slate-600">
            {document.fileName} · {formatFileSize(document.fileSize)} · {formatDateTime(document.createdAt)}
            {document.documentType ? ` · ${document.documentType}` : ''}
          </p>
        </div>
        <DocumentStatusBadge status={document.status} />
      </div>
      {document.provider && (
        <p className="text-sm text-slate-700">Sent through {PROVIDER_LABELS[document.provider]}</p>
      )}
      {document.signers.length > 0 && (
        <ol aria-label={`Signers of ${document.name}`} className="grid gap-1 text-sm">
          {document.signers.map((signer) => (
            <li key={signer.id} className="flex flex-wrap items-center gap-2">
              <span className="text-slate-600">{signer.signingOrder}.</span>
              <span className="font-medium text-slate-900">{signer.name}</span>
              <span className="text-slate-600">
                {signer.email} · {SIGNER_ROLE_LABELS[signer.role]}
              </span>
              <SignerStatusBadge status={signer.status} />
            </li>
          ))}
        </ol>
      )}
      {document.signatures.length > 0 && (
        <ul aria-label={`Signatures on ${document.name}`} className="grid gap-1 text-sm">
          {document.signatures.map((signature) => (
            <li key={signature.signatureId} className="flex flex-wrap items-center gap-2">
              <span className="text-slate-800">
                Signed by {signature.signerName}, {formatDateTime(signature.signedAt)}
              </span>
              <code className="break-all font-mono text-xs text-slate-600">{signature.signatureId}</code>
              <Button
                size="sm"
                variant="link"
                className="h-auto px-0"
                onClick={() => onVerify(signature.signatureId)}
              >
                <ShieldCheck aria-hidden="true" />
                Verify
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        {signable && (
          <Button size="sm" onClick={onSign}>
            <PenLine aria-hidden="true" />
            Sign
          </Button>
        )}
        <Button size="sm" variant="outline" asChild>
          <a href={document.url} download aria-label={`Download the original of ${document.name}`}>
            <Download aria-hidden="true" />
            Original
          </a>
        </Button>
        {document.signedUrl && (
          <Button size="sm" variant="outline" asChild>
            <a href={document.signedUrl} download aria-label={`Download the signed PDF of ${document.name}`}>
              <Download aria-hidden="true" />
              Signed PDF
            </a>
          </Button>
        )}
      </div>
    </li>
  )
}
