import { useState } from 'react'
import { useNavigate } from 'react-router'
import { STATEMENT_TEXTS as T } from '#shared/contracts/commissions-statements-texts.ts'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/dialog.tsx'
import { formatCount } from '#web/lib/format.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { type ChosenStatement, StatementFileStep } from './statement-file-step.tsx'
import { StatementMappingStep } from './statement-mapping-step.tsx'
import { statementPath } from './statement-texts.ts'
import {
  type ImportedStatement,
  type StatementPreview,
  useImportStatement,
  usePreviewStatement,
} from './statements.queries.ts'

interface ImportStatementDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

type Read = { chosen: ChosenStatement; preview: StatementPreview }

/**
 * Import a carrier's statement in two steps: the carrier and the file, whose headers and first
 * rows the server reads; then the columns, preset, and the stated total. Done, it opens the statement.
 */
export function ImportStatementDialog({ open, onOpenChange }: ImportStatementDialogProps) {
  const navigate = useNavigate()
  const preview = usePreviewStatement()
  const importing = useImportStatement()
  const [chosen, setChosen] = useState<ChosenStatement | null>(null)
  const [read, setRead] = useState<Read | null>(null)
  const busy = preview.isPending || importing.isPending
  const close = () => {
    onOpenChange(false)
    setChosen(null)
    setRead(null)
    preview.reset()
    importing.reset()
  }
  const done = (statement: ImportedStatement) => {
    showToast({
      title: statement.duplicate ? T.alreadyImported : T.imported,
      description: summaryOf(statement),
      variant: 'success',
    })
    close()
    navigate(statementPath(statement.id))
  }
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Import a statement</DialogTitle>
          <DialogDescription>
            A carrier’s commission statement as CSV or Excel. Its columns are kept for the carrier’s next
            statement.
          </DialogDescription>
        </DialogHeader>
        {read ? (
          <StatementMappingStep
            chosen={read.chosen}
            preview={read.preview}
            importing={importing}
            onBack={() => {
              importing.reset()
              setRead(null)
            }}
            onImported={done}
          />
        ) : (
          <StatementFileStep
            chosen={chosen}
            preview={preview}
            onCancel={close}
            onPreviewed={(next, answer) => {
              setChosen(next)
              setRead({ chosen: next, preview: answer })
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function summaryOf(statement: ImportedStatement): string {
  return `${statement.carrierName}, ${statement.fileName}: ${formatCount(statement.lineCount)} lines, ${formatCount(statement.matched)} matched, ${formatCount(statement.exceptions)} exceptions.`
}
