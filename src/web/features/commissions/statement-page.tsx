import { useQuery } from '@tanstack/react-query'
import { ArrowLeft } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { Alert } from '#web/components/alert.tsx'
import { PageSpinner } from '#web/components/spinner.tsx'
import { PageHeader } from '#web/layout/page-header.tsx'
import { isApiError } from '#web/lib/api.ts'
import { StatementLines } from './statement-lines.tsx'
import { StatementSummary } from './statement-summary.tsx'
import { STATEMENT_WORDS as W } from './statement-texts.ts'
import { statementQuery } from './statements.queries.ts'

export const STATEMENTS_TAB_PATH = '/commissions?tab=statements'

/** /commissions/statements/:id — one carrier statement: its sums and tie-out, and each line with its match. */
export function StatementPage() {
  const { id = '' } = useParams()
  const details = useQuery({ ...statementQuery(id), throwOnError: (error) => !isMissing(error) })
  const statement = details.data
  return (
    <>
      <Link
        to={STATEMENTS_TAB_PATH}
        className="inline-flex min-h-11 items-center gap-2 justify-self-start text-sm font-medium text-violet-700 hover:underline sm:min-h-0"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {W.back}
      </Link>
      {statement ? (
        <>
          <PageHeader title={`${statement.carrierName} statement`} subtitle={statement.fileName} />
          <StatementSummary statement={statement} />
          <StatementLines lines={statement.lines} />
        </>
      ) : details.isError ? (
        <>
          <PageHeader title={W.notFoundTitle} />
          <Alert tone="warning">{W.notFound}</Alert>
        </>
      ) : (
        <PageSpinner />
      )}
    </>
  )
}

/** 404, or 400 for an address that is not a statement id at all. */
function isMissing(error: unknown): boolean {
  return isApiError(error, 404) || isApiError(error, 400)
}
