import { useQuery } from '@tanstack/react-query'
import { DIRECT_DEPOSIT_TEXTS } from '#shared/contracts/appointments-direct-deposit.contract.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { directDepositQuery } from './appointments.queries.ts'
import { DirectDepositForm } from './direct-deposit-form.tsx'
import { DirectDepositSaved } from './direct-deposit-saved.tsx'

/** Where carriers pay commissions: the saved account (masked) and the form that replaces it. */
export function DirectDepositCard() {
  const saved = useQuery(directDepositQuery)
  return (
    <Card>
      <CardHeader>
        <CardTitle>{DIRECT_DEPOSIT_TEXTS.title}</CardTitle>
        <CardDescription>
          Carriers pay your commissions into this account. Both numbers are stored encrypted.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {saved.isPending ? (
          <Spinner label="Loading direct deposit" />
        ) : (
          <>
            {saved.data && <DirectDepositSaved key={saved.data.updatedAt} saved={saved.data} />}
            <DirectDepositForm saved={saved.data ?? null} />
          </>
        )}
      </CardContent>
    </Card>
  )
}
