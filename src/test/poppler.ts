// Poppler's command-line tools, for tests that check signed PDFs as a PDF reader would.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

function withFile<T>(pdf: Buffer, run: (file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'poppler-'))
  const file = path.join(dir, 'document.pdf')
  try {
    writeFileSync(file, pdf)
    return run(file)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** pdfsig's report (it exits non-zero for a broken signature: its report is the answer either way). */
export function pdfsig(pdf: Buffer): string {
  return withFile(pdf, (file) => {
    try {
      return execFileSync('pdfsig', [file], { encoding: 'utf8' })
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string }
      return `${failed.stdout ?? ''}${failed.stderr ?? ''}`
    }
  })
}

/** The text of every page, as pdftotext lays it out. */
export function pdftotext(pdf: Buffer): string {
  return withFile(pdf, (file) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }))
}

/** The files attached to the PDF (pdfdetach -list). */
export function pdfAttachments(pdf: Buffer): string {
  return withFile(pdf, (file) => execFileSync('pdfdetach', ['-list', file], { encoding: 'utf8' }))
}
