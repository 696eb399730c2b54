import { Download, FileSpreadsheet, Upload } from 'lucide-react'
import type { ReactNode } from 'react'
import { IMPORT_REQUIRED_COLUMNS } from '#shared/contracts/client-import.contract.ts'
import { Alert } from '#web/components/alert.tsx'
import { Card } from '#web/components/card.tsx'

const STEPS: [icon: ReactNode, title: string, text: string][] = [
  [
    <Download key="d" />,
    'Download template',
    'Get the Excel or CSV template with the columns the import reads.',
  ],
  [
    <FileSpreadsheet key="f" />,
    'Prepare your data',
    `Fill in one client per row. ${IMPORT_REQUIRED_COLUMNS.join(', ')} are required.`,
  ],
  [
    <Upload key="u" />,
    'Upload and import',
    'Drop the file below and review the imported rows, duplicates and errors.',
  ],
]

/** The Getting Started notice and the three numbered steps above the import panel. */
export function ImportIntro() {
  return (
    <>
      <Alert tone="info" title="Getting Started">
        Download the template, fill in one client per row, then upload the file. Rows whose email is already
        on file are skipped as duplicates, and rows with problems are listed with their row number.
      </Alert>
      <ol className="grid gap-4 md:grid-cols-3">
        {STEPS.map(([icon, title, text], index) => (
          <li key={title}>
            <Card className="flex h-full gap-4 p-5">
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-violet-100 text-violet-800 [&_svg]:size-5"
              >
                {icon}
              </span>
              <div>
                <h2 className="font-semibold text-slate-900">
                  <span className="sr-only">Step </span>
                  {index + 1}. {title}
                </h2>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </div>
            </Card>
          </li>
        ))}
      </ol>
    </>
  )
}
