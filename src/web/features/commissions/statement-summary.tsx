import type { ReactNode } from 'react'
import type { StatementSummary as Summary } from '#shared/contracts/commissions-statements.contract.ts'
import { Card, CardContent } from '#web/components/card.tsx'
import { formatCount, formatDateTime } from '#web/lib/format.ts'
import { formatSignedMoney } from './commission-display.ts'
import { STATEMENT_WORDS as W } from './statement-texts.ts'
import { TieOut } from './statement-tie-out.tsx'

/** A statement at a glance: where it came from, its sums and whether they tie out, and how its lines stand. */
export function StatementSummary({ statement }: { statement: Summary }) {
  return (
    <Card className="min-w-0">
      <CardContent className="pt-6">
        <dl className="grid gap-x-6 gap-y-4 min-[25rem]:grid-cols-2 lg:grid-cols-4">
          <Item label={W.carrier}>{statement.carrierName}</Item>
          <Item label={W.file}>
            <span className="break-all">{statement.fileName}</span>
          </Item>
          <Item label={W.imported}>
            {formatDateTime(statement.importedAt)}
            {statement.importedByName && (
              <span className="block text-xs text-slate-600">by {statement.importedByName}</span>
            )}
          </Item>
          <Item label={W.lines}>{formatCount(statement.lineCount)}</Item>
          <Item label={W.total}>
            <span className="text-base font-semibold tabular-nums">{formatSignedMoney(statement.total)}</span>
          </Item>
          <Item label={W.statedTotal}>
            <span className="tabular-nums">
              {statement.statedTotal === null ? '—' : formatSignedMoney(statement.statedTotal)}
            </span>
            <span className="mt-1 block text-sm">
              <TieOut statement={statement} />
            </span>
          </Item>
          <Item label={`${W.matched} / ${W.exceptions} / ${W.resolved}`}>
            <span className="tabular-nums">
              {formatCount(statement.matched)} / {formatCount(statement.exceptions)} /{' '}
              {formatCount(statement.resolved)}
            </span>
          </Item>
        </dl>
      </CardContent>
    </Card>
  )
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-1">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  )
}
