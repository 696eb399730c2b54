import { useState } from 'react'
import { IMPORT_TEXTS, type ImportResult } from '#shared/contracts/client-import.contract.ts'
import { Progress } from '#web/components/progress.tsx'
import { formatCount } from '#web/lib/format.ts'
import { showToast } from '#web/lib/toast-store.ts'
import { describeImportError, useImportClientsMutation } from './client-import.queries.ts'
import { FileDropZone } from './file-drop-zone.tsx'
import { ImportResults } from './import-results.tsx'
import { useImportProgress } from './use-import-progress.ts'

export function completeMessage(result: ImportResult): string {
  return IMPORT_TEXTS.complete
    .replace('{imported}', formatCount(result.successCount))
    .replace('{total}', formatCount(result.totalRows))
}

/** Idle, importing (the bar rises), then the results or a failure toast (spec part 1 §4). */
export function UploadTab() {
  const importClients = useImportClientsMutation()
  const progress = useImportProgress(importClients.isPending)
  const [result, setResult] = useState<ImportResult | null>(null)
  const [fileName, setFileName] = useState<string | null>(null)

  function start(file: File) {
    setResult(null)
    setFileName(file.name)
    importClients.mutate(file, {
      onSuccess: (answer) => {
        setResult(answer)
        if (answer.success) {
          showToast({
            title: IMPORT_TEXTS.completeTitle,
            description: completeMessage(answer),
            variant: 'success',
          })
        } else {
          showToast({
            title: IMPORT_TEXTS.failedTitle,
            description: IMPORT_TEXTS.failedNoSuccess,
            variant: 'destructive',
          })
        }
      },
      onError: (error) =>
        showToast({
          title: IMPORT_TEXTS.failedTitle,
          description: describeImportError(error),
          variant: 'destructive',
        }),
    })
  }

  const importing = importClients.isPending
  return (
    <div className="grid gap-4">
      <FileDropZone disabled={importing} onFile={start} />
      {(importing || result) && (
        <div className="grid gap-2">
          <p className="flex justify-between text-sm text-slate-700">
            <span className="truncate">
              {importing ? 'Importing' : 'Imported'} {fileName}
            </span>
            <span aria-hidden="true">{importing ? progress : 100}%</span>
          </p>
          <Progress label="Import progress" value={importing ? progress : 100} />
        </div>
      )}
      {result && <ImportResults result={result} />}
    </div>
  )
}
