import { Download, FileText, PenLine, ShieldCheck, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { SignedDocument } from '#shared/contracts/esigning.contract.ts'
import { Button } from '#web/components/button.tsx'
import { Progress } from '#web/components/progress.tsx'
import { formatFileSize } from '#web/lib/format.ts'
import { DirectSigningPanel } from './direct-signing-panel.tsx'
import type { SignatureValue } from './signature-value.ts'
import { LocalStatusBadge } from './status-badges.tsx'
import type { LocalDocument } from './use-enhanced-documents.ts'

interface EnhancedDocumentRowProps {
  document: LocalDocument
  ensureConsent: () => Promise<boolean>
  onSigned: (answer: SignedDocument, signature: SignatureValue) => void
  onRemove: () => void
  onVerify: (signatureId: string) => void
}

/** One file of Enhanced E-Signing: its state, its progress, and signing it once uploaded. */
export function EnhancedDocumentRow({
  document,
  ensureConsent,
  onSigned,
  onRemove,
  onVerify,
}: EnhancedDocumentRowProps) {
  const [signing, setSigning] = useState(false)
  return (
    <li aria-label={document.name} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-3">
        <FileText aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-slate-900">{document.name}</p>
          <p className="text-sm text-slate-600">{formatFileSize(document.size)}</p>
        </div>
        <LocalStatusBadge status={document.status} />
        <div className="flex flex-wrap gap-2">
          {document.status === 'uploaded' && (
            <Button
              size="sm"
              variant={signing ? 'secondary' : 'primary'}
              onClick={() => setSigning(!signing)}
            >
              <PenLine aria-hidden="true" />
              {signing ? 'Close' : 'Sign'}
            </Button>
          )}
          {document.status === 'signed' && document.signedUrl && (
            <Button size="sm" variant="outline" asChild>
              <a href={document.signedUrl} download>
                <Download aria-hidden="true" />
                Signed PDF
              </a>
            </Button>
          )}
          {document.status === 'signed' && document.signatureId && (
            <Button size="sm" variant="outline" onClick={() => onVerify(document.signatureId!)}>
              <ShieldCheck aria-hidden="true" />
              Verify
            </Button>
          )}
          {document.status !== 'uploading' && (
            <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${document.name}`}>
              <Trash2 aria-hidden="true" />
            </Button>
          )}
        </div>
      </div>
      {document.status === 'uploading' && (
        <Progress value={document.uploadProgress} label={`Uploading ${document.name}`} />
      )}
      {document.error && <p className="text-sm font-medium text-red-700">{document.error}</p>}
      {document.signatureId && (
        <p className="text-sm text-slate-700">
          Signature ID <code className="break-all font-mono text-xs">{document.signatureId}</code>
        </p>
      )}
      {signing && document.status === 'uploaded' && (
        <DirectSigningPanel
          document={document}
          ensureConsent={ensureConsent}
          onSigned={(answer, signature) => {
            setSigning(false)
            onSigned(answer, signature)
          }}
        />
      )}
    </li>
  )
}
