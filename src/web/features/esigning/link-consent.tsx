import { ESIGN_DISCLOSURE } from '#shared/contracts/esigning-texts.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { DisclosureSections, useConsentAgreement } from './consent-parts.tsx'

/** The ESIGN disclosure on a signing link's page, before the signature can be made. */
export function LinkConsent({ onAccept }: { onAccept: () => Promise<void> }) {
  const { checkbox, accept } = useConsentAgreement(onAccept)
  return (
    <Card>
      <CardHeader>
        <CardTitle>{ESIGN_DISCLOSURE.title}</CardTitle>
        <CardDescription>{ESIGN_DISCLOSURE.intro}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm text-slate-700">
        <DisclosureSections />
        {checkbox}
        <div>{accept}</div>
      </CardContent>
    </Card>
  )
}
