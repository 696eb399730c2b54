import { useId, useState } from 'react'
import { ESIGN_DISCLOSURE } from '#shared/contracts/esigning-texts.ts'
import { Button } from '#web/components/button.tsx'
import { Checkbox } from '#web/components/checkbox.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/dialog.tsx'

interface ConsentDialogProps {
  open: boolean
  onAccept: () => Promise<void>
  onCancel: () => void
}

/** The ESIGN consumer disclosure, read and accepted before a first signature. */
export function ConsentDialog({ open, onAccept, onCancel }: ConsentDialogProps) {
  const id = useId()
  const [agreed, setAgreed] = useState(false)
  const [saving, setSaving] = useState(false)
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{ESIGN_DISCLOSURE.title}</DialogTitle>
          <DialogDescription>{ESIGN_DISCLOSURE.intro}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 text-sm text-slate-700">
          {ESIGN_DISCLOSURE.sections.map((section) => (
            <section key={section.heading}>
              <h3 className="font-semibold text-slate-900">{section.heading}</h3>
              <p>{section.text}</p>
            </section>
          ))}
          <p className="text-xs text-slate-600">Disclosure version {ESIGN_DISCLOSURE.version}</p>
        </div>
        <Checkbox
          id={`${id}-agree`}
          label={ESIGN_DISCLOSURE.agreement}
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Not now
          </Button>
          <Button
            disabled={!agreed || saving}
            onClick={async () => {
              setSaving(true)
              try {
                await onAccept()
              } finally {
                setSaving(false)
              }
            }}
          >
            {ESIGN_DISCLOSURE.accept}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
