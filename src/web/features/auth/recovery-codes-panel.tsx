import { Copy, Download } from 'lucide-react'
import { SECURITY_MESSAGES } from '#shared/contracts/auth-security.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { saveFile } from '#web/lib/save-file.ts'
import { showToast } from '#web/lib/toast-store.ts'

/**
 * Ten recovery codes, shown once, with copy and download. Shared by enrolment at sign-in and
 * Settings › Security (both are account security; the codes look the same in both places).
 */
export function RecoveryCodesPanel({ codes }: { codes: readonly string[] }) {
  const text = `${codes.join('\n')}\n`

  async function copy() {
    try {
      await navigator.clipboard.writeText(text)
      showToast({ title: 'Recovery codes copied', variant: 'success' })
    } catch {
      showToast({
        title: 'Copy failed',
        description: 'Select the codes and copy them by hand.',
        variant: 'destructive',
      })
    }
  }

  return (
    <div className="grid gap-3">
      <Alert tone="warning" title="Your recovery codes">
        {SECURITY_MESSAGES.recoveryCodesNote}
      </Alert>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={copy}>
          <Copy aria-hidden="true" /> Copy codes
        </Button>
        <Button
          variant="outline"
          onClick={() => saveFile(new Blob([text], { type: 'text/plain' }), 'recovery-codes.txt')}
        >
          <Download aria-hidden="true" /> Download codes
        </Button>
      </div>
    </div>
  )
}
