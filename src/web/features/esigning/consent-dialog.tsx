import { ESIGN_DISCLOSURE } from '#shared/contracts/esigning-texts.ts'
import { Button } from '#web/components/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/dialog.tsx'
import { DisclosureSections, useConsentAgreement } from './consent-parts.tsx'

interface ConsentDialogProps {
  open: boolean
  onAccept: () => Promise<void>
  onCancel: () => void
}

/** The ESIGN consumer disclosure, read and accepted before a first signature. */
export function ConsentDialog({ open, onAccept, onCancel }: ConsentDialogProps) {
  const { checkbox, accept } = useConsentAgreement(onAccept)
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{ESIGN_DISCLOSURE.title}</DialogTitle>
          <DialogDescription>{ESIGN_DISCLOSURE.intro}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 text-sm text-slate-700">
          <DisclosureSections />
          <p className="text-xs text-slate-600">Disclosure version {ESIGN_DISCLOSURE.version}</p>
        </div>
        {checkbox}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Not now
          </Button>
          {accept}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
