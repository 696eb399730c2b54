import { useQuery } from '@tanstack/react-query'
import { FileSpreadsheet, LoaderCircle } from 'lucide-react'
import { useId, useState } from 'react'
import {
  POLICY_IMPORT_TEMPLATE_PATH,
  POLICY_IMPORT_TEXTS as T,
} from '#shared/contracts/policy-import-texts.ts'
import { IMPORT_FILE_TYPES, IMPORT_MAX_BYTES } from '#shared/contracts/spreadsheet-import-texts.ts'
import { Alert } from '#web/components/alert.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/dialog.tsx'
import { ApiError } from '#web/lib/api.ts'
import { cn } from '#web/lib/cn.ts'
import { useFileDrop } from '#web/lib/use-file-drop.ts'
import { runningImportQuery, useImportPolicies } from './policy-import.queries.ts'
import { PolicyImportResults } from './policy-import-results.tsx'

/** Why this choice of files cannot be sent, or null: one .xlsx, .xls or .csv of at most 10 MB. */
export function checkBookFiles(files: readonly File[]): string | null {
  const [file] = files
  if (!file) return T.noFile
  if (files.length > 1) return 'Choose one file to import.'
  if (!IMPORT_FILE_TYPES.some((type) => file.name.toLowerCase().endsWith(type))) return T.wrongType
  if (file.size > IMPORT_MAX_BYTES) return T.tooLarge
  if (file.size === 0) return T.emptyFile
  return null
}

interface ImportPoliciesDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** Import a book of policies: drop or choose a file, follow the reading, read what was done. */
export function ImportPoliciesDialog({ open, onOpenChange }: ImportPoliciesDialogProps) {
  const inputId = useId()
  const importing = useImportPolicies()
  const [rejection, setRejection] = useState<string | null>(null)
  const running = useQuery(runningImportQuery(importing.isPending))
  const send = (files: readonly File[]) => {
    const problem = checkBookFiles(files)
    setRejection(problem)
    if (!problem) importing.mutate(files[0]!)
  }
  const { dragging, handlers, className } = useFileDrop({ disabled: importing.isPending, onFiles: send })
  const failure =
    importing.error instanceof ApiError
      ? importing.error.message
      : importing.error
        ? 'The import failed.'
        : null
  return (
    <Dialog open={open} onOpenChange={(next) => !importing.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{T.title}</DialogTitle>
          <DialogDescription>{T.description}</DialogDescription>
        </DialogHeader>
        <label htmlFor={inputId} {...handlers} className={cn(className, 'gap-2 px-4 py-8')}>
          <FileSpreadsheet aria-hidden="true" className="size-8 text-violet-700" />
          <span className="font-medium text-slate-900">{dragging ? 'Drop the file here' : T.dropHint}</span>
          <span className="text-sm text-slate-600">.xlsx, .xls or .csv · {T.sizeHint}</span>
          <input
            id={inputId}
            type="file"
            aria-label={T.chooseFile}
            accept={IMPORT_FILE_TYPES.join(',')}
            disabled={importing.isPending}
            className="sr-only"
            onChange={(event) => {
              send(Array.from(event.target.files ?? []))
              event.target.value = ''
            }}
          />
        </label>
        <a
          href={POLICY_IMPORT_TEMPLATE_PATH}
          download
          className="text-sm font-medium text-violet-700 underline"
        >
          {T.templateLink}
        </a>
        {importing.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-violet-700" />
            {T.importing}
            {running.data?.lastRow ? ` Row ${running.data.lastRow.toLocaleString('en-US')} read.` : ''}
          </p>
        )}
        {(rejection ?? failure) && <Alert tone="error">{rejection ?? failure}</Alert>}
        {importing.data && !importing.isPending && <PolicyImportResults result={importing.data} />}
      </DialogContent>
    </Dialog>
  )
}
