import { useQuery } from '@tanstack/react-query'
import { Upload } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Button } from '#web/components/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/card.tsx'
import { Field } from '#web/components/field.tsx'
import { Select } from '#web/components/select.tsx'
import { PageSpinner } from '#web/components/spinner.tsx'
import { carriersQuery } from '#web/features/carriers/carriers.queries.ts'
import { useOpenedOnce } from '#web/lib/use-opened-once.ts'
import { StatementList } from './statement-list.tsx'
import { STATEMENT_WORDS as W } from './statement-texts.ts'
import { statementsQuery } from './statements.queries.ts'

/** The import (with the file reading and the mapping's schema) loads when first opened. */
const ImportStatementDialog = lazy(() =>
  import('./import-statement-dialog.tsx').then((m) => ({ default: m.ImportStatementDialog })),
)

/** Commissions › Statements: the carriers' statements as imported, newest first, and the import. */
export function StatementsTab() {
  const [carrierId, setCarrierId] = useState<string | undefined>(undefined)
  const [importing, setImporting] = useState(false)
  const dialogMounted = useOpenedOnce(importing)
  const statements = useQuery({ ...statementsQuery(carrierId), throwOnError: true })
  const carriers = useQuery(carriersQuery)
  const carrierOptions = (carriers.data ?? [])
    .map((carrier) => ({ value: carrier.id, label: carrier.name }))
    .sort((a, b) => a.label.localeCompare(b.label))
  return (
    <Card className="min-w-0">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Carrier statements</CardTitle>
          <CardDescription>
            Each line is matched to a policy by its number, else by the insured with the amount and date; the
            rest waits in the exceptions queue. A statement whose lines do not add up to its total is flagged.
          </CardDescription>
        </div>
        <Button onClick={() => setImporting(true)}>
          <Upload aria-hidden="true" />
          {W.importStatement}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4 px-0 pb-2">
        <div className="px-4 sm:px-6">
          <Field id="statements-carrier" label={W.carrier} className="sm:max-w-xs">
            {(control) => (
              <Select
                {...control}
                options={carrierOptions}
                placeholder={W.allCarriers}
                value={carrierId ?? ''}
                onChange={(event) => setCarrierId(event.target.value || undefined)}
              />
            )}
          </Field>
        </div>
        {!statements.data ? (
          <PageSpinner />
        ) : statements.data.statements.length === 0 ? (
          <p className="px-4 pb-4 text-sm text-slate-600 sm:px-6">
            {carrierId ? W.noStatementsForCarrier : W.noStatements}
          </p>
        ) : (
          <StatementList statements={statements.data.statements} />
        )}
      </CardContent>
      <Suspense fallback={null}>
        {dialogMounted && <ImportStatementDialog open={importing} onOpenChange={setImporting} />}
      </Suspense>
    </Card>
  )
}
