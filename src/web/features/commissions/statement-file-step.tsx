import { useQuery } from '@tanstack/react-query'
import { FileSpreadsheet } from 'lucide-react'
import { useId, useState } from 'react'
import { STATEMENT_TEXTS as T } from '#shared/contracts/commissions-statements-texts.ts'
import { Alert } from '#web/components/alert.tsx'
import { Button } from '#web/components/button.tsx'
import { DialogFooter } from '#web/components/dialog.tsx'
import { Field } from '#web/components/field.tsx'
import { Select } from '#web/components/select.tsx'
import { carriersQuery } from '#web/features/carriers/carriers.queries.ts'
import { isApiError } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { formatFileSize } from '#web/lib/format.ts'
import { useFileDrop } from '#web/lib/use-file-drop.ts'
import { checkStatementFile, STATEMENT_FILE_TYPES } from './check-statement-file.ts'
import { StepHeading } from './statement-step-heading.tsx'
import { refusalMessage } from './statement-texts.ts'
import type { PreviewMutation, StatementPreview, StatementUpload } from './statements.queries.ts'

export interface ChosenStatement extends StatementUpload {
  carrierName: string
}

interface StatementFileStepProps {
  /** What was chosen before, when the person came back from the columns. */
  chosen: ChosenStatement | null
  onCancel: () => void
  onPreviewed: (chosen: ChosenStatement, preview: StatementPreview) => void
  /** The dialog's, so it stays open while the file is read. */
  preview: PreviewMutation
}

/** Step 1: the carrier and the file; the server reads its headers and first rows. */
export function StatementFileStep({ chosen, onCancel, onPreviewed, preview }: StatementFileStepProps) {
  const id = useId()
  const carriers = useQuery(carriersQuery)
  const [carrierId, setCarrierId] = useState(chosen?.carrierId ?? '')
  const [file, setFile] = useState<File | null>(chosen?.file ?? null)
  const [errors, setErrors] = useState<{ carrierId?: string; file?: string }>({})
  const options = (carriers.data ?? [])
    .map((carrier) => ({ value: carrier.id, label: carrier.name }))
    .sort((a, b) => a.label.localeCompare(b.label))
  const choose = (files: readonly File[]) => {
    const [next = null] = files
    preview.reset()
    setFile(next)
    setErrors((current) => ({
      ...current,
      file: files.length > 1 ? 'Choose one file to import.' : undefined,
    }))
  }
  const { dragging, handlers, className } = useFileDrop({ disabled: preview.isPending, onFiles: choose })
  const submit = () => {
    const found = {
      carrierId: carrierId ? undefined : T.chooseCarrier,
      file: checkStatementFile(file) ?? undefined,
    }
    setErrors(found)
    if (found.carrierId || found.file || !file) return
    const carrierName = options.find((option) => option.value === carrierId)?.label ?? ''
    preview.mutate(
      { carrierId, file },
      {
        onSuccess: (answer) => onPreviewed({ carrierId, file, carrierName }, answer),
        onError: (error) => setErrors({ carrierId: carrierErrorOf(error) }),
      },
    )
  }
  const fileId = `${id}-file`
  const fileErrorId = `${fileId}-error`
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <StepHeading>Step 1 of 2: the carrier and the file</StepHeading>
      <Field id={`${id}-carrier`} label="Carrier" error={errors.carrierId}>
        {(control) => (
          <Select
            {...control}
            options={options}
            placeholder="Choose a carrier"
            value={carrierId}
            onChange={(event) => {
              preview.reset()
              setCarrierId(event.target.value)
            }}
          />
        )}
      </Field>
      <label htmlFor={fileId} {...handlers} className={cn(className, 'gap-1 px-4 py-6')}>
        <FileSpreadsheet aria-hidden="true" className="size-8 text-violet-700" />
        <span className="font-medium text-slate-900">
          {dragging ? 'Drop the file here' : 'Drop the statement here, or choose it'}
        </span>
        <span className="text-sm break-all text-slate-600">
          {file ? `${file.name} · ${formatFileSize(file.size)}` : 'CSV or Excel: .csv, .xlsx or .xls'}
        </span>
        <input
          id={fileId}
          type="file"
          aria-label="Statement file"
          aria-invalid={Boolean(errors.file)}
          aria-describedby={errors.file ? fileErrorId : undefined}
          accept={STATEMENT_FILE_TYPES}
          disabled={preview.isPending}
          className="sr-only"
          onChange={(event) => {
            choose(Array.from(event.target.files ?? []))
            event.target.value = ''
          }}
        />
      </label>
      {errors.file && (
        <p id={fileErrorId} className="-mt-2 text-sm font-medium text-red-700">
          {errors.file}
        </p>
      )}
      {preview.error && refusalMessage(preview.error) !== errors.carrierId && (
        <Alert tone="error">{refusalMessage(preview.error)}</Alert>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={preview.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={preview.isPending}>
          {preview.isPending ? 'Reading...' : 'Read the columns'}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** The server's message for the carrier, which goes on its field; a file's refusal stays in the alert. */
function carrierErrorOf(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined
  return error.fieldErrors.find((each) => each.path === 'carrierId')?.message
}
