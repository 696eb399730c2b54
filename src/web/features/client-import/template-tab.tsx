import { Download } from 'lucide-react'
import {
  IMPORT_OPTIONAL_COLUMNS,
  IMPORT_REQUIRED_COLUMNS,
  IMPORT_TEXTS,
} from '#shared/contracts/client-import.contract.ts'
import { Button } from '#web/components/button.tsx'
import { showToast } from '#web/lib/toast-store.ts'
import {
  type TemplateFormat,
  templateFileName,
  useDownloadTemplateMutation,
} from './client-import.queries.ts'

const FORMATS: [TemplateFormat, string][] = [
  ['xlsx', 'Download Excel Template'],
  ['csv', 'Download CSV Template'],
]

export function TemplateTab() {
  const download = useDownloadTemplateMutation()

  function save(format: TemplateFormat) {
    download.mutate(format, {
      onSuccess: () =>
        showToast({
          title: IMPORT_TEXTS.templateDownloaded,
          description: templateFileName(format),
          variant: 'success',
        }),
      onError: () =>
        showToast({
          title: IMPORT_TEXTS.downloadFailedTitle,
          description: IMPORT_TEXTS.downloadFailed,
          variant: 'destructive',
        }),
    })
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-700">
        The template has one column per client field. Required columns:{' '}
        <strong className="font-semibold">{IMPORT_REQUIRED_COLUMNS.join(', ')}</strong>. Optional:{' '}
        {IMPORT_OPTIONAL_COLUMNS.join(', ')}.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {FORMATS.map(([format, label]) => (
          <Button key={format} variant="outline" disabled={download.isPending} onClick={() => save(format)}>
            <Download aria-hidden="true" />
            {label} (.{format})
          </Button>
        ))}
      </div>
    </div>
  )
}
