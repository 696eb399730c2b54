import { useId, useState } from 'react'
import { ESIGN_DISCLOSURE } from '#shared/contracts/esigning-texts.ts'
import { Button } from '#web/components/button.tsx'
import { Checkbox } from '#web/components/checkbox.tsx'

/** The disclosure's sections, as the consent dialog and a signing link's page both show them. */
export function DisclosureSections() {
  return ESIGN_DISCLOSURE.sections.map((section) => (
    <section key={section.heading}>
      <h3 className="font-semibold text-slate-900">{section.heading}</h3>
      <p>{section.text}</p>
    </section>
  ))
}

/** The agreement's checkbox and the accept button, which waits for the tick and for the save. */
export function useConsentAgreement(onAccept: () => Promise<void>) {
  const id = useId()
  const [agreed, setAgreed] = useState(false)
  const [saving, setSaving] = useState(false)
  const checkbox = (
    <Checkbox
      id={`${id}-agree`}
      label={ESIGN_DISCLOSURE.agreement}
      checked={agreed}
      onChange={(event) => setAgreed(event.target.checked)}
    />
  )
  const accept = (
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
  )
  return { checkbox, accept }
}
