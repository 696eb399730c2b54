import { CircleCheck, TriangleAlert } from 'lucide-react'
import type { StatementSummary } from '#shared/contracts/commissions-statements.contract.ts'
import { tieOutProblem, STATEMENT_WORDS as W } from './statement-texts.ts'

type TieOutFacts = Pick<StatementSummary, 'tiesOut' | 'total' | 'statedTotal'>

/** Whether the lines add up to the stated total: a red flag with both sums when they do not. */
export function TieOut({ statement }: { statement: TieOutFacts }) {
  const problem = tieOutProblem(statement)
  if (problem)
    return (
      <span className="inline-flex items-start gap-1.5 font-medium whitespace-normal text-red-800">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {problem}
      </span>
    )
  if (statement.tiesOut)
    return (
      <span className="inline-flex items-center gap-1.5 text-green-800">
        <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
        {W.tiesOut}
      </span>
    )
  return <span className="text-slate-600">{W.noStatedTotal}</span>
}
