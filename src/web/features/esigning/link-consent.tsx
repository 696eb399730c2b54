import { useId, useState } from 'react'
import { ESIGN_DISCLOSURE } from '#shared/contracts/esigning-texts.ts'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Checkbox } from '#web/components/checkbox.tsx'

/** The ESIGN disclosure on a signing link's page, before the signature can be made. */
export function LinkConsent({ onAccept }: { onAccept: () => Promise<void> }) {
  const id = useId()
  const [agreed, setAgreed] = useState(false)
  const [saving, setSaving] = useState(false)
  return (
    <Card>
      <CardHeader>
        <CardTitle>{ESIGN_DISCLOSURE.title}</CardTitle>
        <CardDescription>{ESIGN_DISCLOSURE.intro}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm text-slate-700">
        {ESIGN_DISCLOSURE.sections.map((section) => (
          <section key={section.heading}>
            <h3 className="font-semibold text-slate-900">{section.heading}</h3>
            <p>{section.text}</p>
          </section>
        ))}
        <Checkbox
          id={`${id}-agree`}
          label={ESIGN_DISCLOSURE.agreement}
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
        />
        <div>
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
        </div>
      </CardContent>
    </Card>
  )
}
