import { ShieldCheck } from 'lucide-react'
import { type ChangeEvent, useRef, useState } from 'react'
import {
  AUDIT_INTEGRITY_TEXTS,
  AuditCheckpointSchema,
  type CheckpointVerification,
} from '#shared/contracts/compliance.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { showToast } from '#web/lib/toast-store.ts'
import { downloadCheckpoint, useCheckCheckpoint, useVerifyIntegrity } from './compliance.queries.ts'

/** Agency admins: walk the audit chain, download a signed checkpoint, check one kept elsewhere. */
export function AuditIntegrityPanel() {
  const verify = useVerifyIntegrity()
  const check = useCheckCheckpoint()
  const [checked, setChecked] = useState<CheckpointVerification | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const result = verify.data

  const pickCheckpoint = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    const parsed = AuditCheckpointSchema.safeParse(
      await file
        .text()
        .then(JSON.parse)
        .catch(() => null),
    )
    if (!parsed.success) {
      showToast({ title: AUDIT_INTEGRITY_TEXTS.checkpointFailed, variant: 'destructive' })
      return
    }
    check.mutate(parsed.data, {
      onSuccess: setChecked,
      onError: () => showToast({ title: AUDIT_INTEGRITY_TEXTS.checkpointFailed, variant: 'destructive' }),
    })
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit log integrity</CardTitle>
        <CardDescription>
          Each event is chained to the one before it by SHA-256: a change made directly in the database is
          detected.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => verify.mutate()} disabled={verify.isPending}>
            <ShieldCheck aria-hidden="true" className="size-4" />
            {verify.isPending ? 'Verifying...' : 'Verify integrity'}
          </Button>
          <Button
            variant="outline"
            onClick={() =>
              downloadCheckpoint().catch(() =>
                showToast({ title: 'The checkpoint could not be downloaded', variant: 'destructive' }),
              )
            }
          >
            Download checkpoint
          </Button>
          <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={check.isPending}>
            Check a checkpoint
          </Button>
          {/* Opened by the button above, which keyboards and screen readers reach like any other. */}
          <input
            ref={fileInput}
            name="checkpoint"
            type="file"
            accept="application/json,.json"
            tabIndex={-1}
            aria-hidden="true"
            className="hidden"
            onChange={pickCheckpoint}
          />
        </div>
        <div aria-live="polite" className="grid gap-2">
          {verify.isError && <Alert tone="error">{AUDIT_INTEGRITY_TEXTS.verifyFailed}</Alert>}
          {result?.ok === true && <Alert tone="info">{AUDIT_INTEGRITY_TEXTS.intact(result.events)}</Alert>}
          {result?.ok === false && (
            <Alert tone="error">{AUDIT_INTEGRITY_TEXTS.broken(result.firstBadEvent)}</Alert>
          )}
          {checked && <Alert tone={checked.valid ? 'info' : 'error'}>{checked.message}</Alert>}
        </div>
      </CardContent>
    </Card>
  )
}
