import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { PolicyCommission } from '#shared/contracts/commissions-policies.contract.ts'
import { PRODUCER_ROLE_LABELS, COMMISSION_TEXTS as T } from '#shared/contracts/commissions-texts.ts'
import type { Policy } from '#shared/contracts/policies.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Spinner } from '#web/components/spinner.tsx'
import { formatDay } from '#web/lib/format.ts'
import { formatRate, formatSignedMoney } from './commission-display.ts'
import { policyCommissionQuery } from './commissions.queries.ts'
import { ExpectedCommissionTable } from './expected-commission-table.tsx'
import { OverrideDialog } from './override-dialog.tsx'
import { SplitDialog } from './split-dialog.tsx'

/** The policy's page › Commission: what each transaction should earn, the policy's own rate and who shares it. */
export function PolicyCommissionSection({ policy }: { policy: Policy }) {
  const ledgerSize = policy.terms.reduce((sum, term) => sum + term.transactions.length, 0)
  const { data, isError } = useQuery({ ...policyCommissionQuery(policy.id, ledgerSize), throwOnError: false })
  return (
    <section aria-labelledby="policy-commission" className="grid min-w-0 gap-4">
      <h2 id="policy-commission" className="text-lg font-semibold text-slate-900">
        Commission
      </h2>
      {data ? (
        <CommissionCards policy={policy} commission={data} />
      ) : isError ? (
        <Alert tone="warning">The commission could not be loaded. Try again in a moment.</Alert>
      ) : (
        <Spinner />
      )}
    </section>
  )
}

function CommissionCards({ policy, commission }: { policy: Policy; commission: PolicyCommission }) {
  const [editing, setEditing] = useState<'override' | 'split' | null>(null)
  const close = (open: boolean) => !open && setEditing(null)
  const { override, split } = commission
  const currentTerm = [...policy.terms].sort((a, b) => b.termNumber - a.termNumber)[0]
  return (
    <>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle as="h3">Expected commission</CardTitle>
          <CardDescription>
            Total expected{' '}
            <span className="font-semibold text-slate-900 tabular-nums">
              {formatSignedMoney(commission.totalExpected)}
            </span>
            . A cancellation’s is its expected chargeback.
          </CardDescription>
        </CardHeader>
        <CardContent className="px-0 pb-2">
          <ExpectedCommissionTable rows={commission.transactions} />
        </CardContent>
      </Card>
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <Card className="min-w-0">
          <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
            <div className="grid gap-1.5">
              <CardTitle as="h3">Policy rate</CardTitle>
              <CardDescription>
                {override.current
                  ? `New business ${formatRate(override.current.newBusinessRate)}, renewal ${formatRate(override.current.renewalRate)}, from ${formatDay(override.current.effectiveFrom)}. A blank rate follows the schedule.`
                  : 'The schedule’s rates apply.'}
              </CardDescription>
            </div>
            {commission.canEdit && (
              <Button variant="outline" size="sm" onClick={() => setEditing('override')}>
                Edit rate
              </Button>
            )}
          </CardHeader>
          {override.history.length > 0 && (
            <CardContent>
              <ul className="grid gap-1 text-sm text-slate-700" aria-label="Policy rate history">
                {override.history.map((row) => (
                  <li key={row.id}>
                    From {formatDay(row.effectiveFrom)}: {formatRate(row.newBusinessRate)} /{' '}
                    {formatRate(row.renewalRate)}
                    {row.createdByName && <span className="text-slate-600"> · {row.createdByName}</span>}
                  </li>
                ))}
              </ul>
            </CardContent>
          )}
        </Card>
        <Card className="min-w-0">
          <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
            <div className="grid gap-1.5">
              <CardTitle as="h3">Producer split</CardTitle>
              <CardDescription>
                {split.current ? `From ${formatDay(split.current.effectiveFrom)}` : T.noSplit}
              </CardDescription>
            </div>
            {commission.canEdit && (
              <Button variant="outline" size="sm" onClick={() => setEditing('split')}>
                Edit split
              </Button>
            )}
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            {split.current && (
              <ul className="grid gap-1" aria-label="Producers">
                {split.current.producers.map((producer) => (
                  <li key={producer.userId} className="flex justify-between gap-3">
                    <span>
                      {producer.name}{' '}
                      <span className="text-slate-600">({PRODUCER_ROLE_LABELS[producer.role]})</span>
                    </span>
                    <span className="tabular-nums">{producer.percent}%</span>
                  </li>
                ))}
              </ul>
            )}
            {split.history.length > 1 && (
              <details>
                <summary className="cursor-pointer text-violet-700">Earlier splits</summary>
                <ul className="mt-2 grid gap-1 text-slate-700">
                  {split.history.map((row) => (
                    <li key={row.id}>
                      From {formatDay(row.effectiveFrom)}:{' '}
                      {row.producers.map((p) => `${p.name} ${p.percent}%`).join(', ')}
                      {row.isDefault && <span className="text-slate-600"> (from the policy’s producer)</span>}
                    </li>
                  ))}
                </ul>
              </details>
            )}
          </CardContent>
        </Card>
      </div>
      {editing === 'override' && (
        <OverrideDialog
          policyId={policy.id}
          open
          onOpenChange={close}
          start={{
            newBusinessRate: override.current?.newBusinessRate?.toString() ?? '',
            renewalRate: override.current?.renewalRate?.toString() ?? '',
            effectiveFrom: currentTerm?.effectiveDate ?? policy.effectiveDate,
          }}
        />
      )}
      {editing === 'split' && (
        <SplitDialog policyId={policy.id} open onOpenChange={close} current={split.current} />
      )}
    </>
  )
}
