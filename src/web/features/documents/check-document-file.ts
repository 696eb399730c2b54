import { UPLOAD_TEXTS } from '#shared/contracts/documents.contract.ts'
import {
  DOCUMENT_DEFINITIONS,
  type DocumentType,
  FILE_KIND_MIME,
  type FileKind,
  fileTooLargeMessage,
  invalidFileTypeMessage,
} from '#shared/domain/document-types.ts'

const EXTENSIONS: Record<FileKind, readonly string[]> = {
  pdf: ['.pdf'],
  jpeg: ['.jpg', '.jpeg'],
  png: ['.png'],
  doc: ['.doc'],
  docx: ['.docx'],
  txt: ['.txt'],
}

/** The picker's `accept`: the extensions and types a document type takes. */
export function acceptFor(type: DocumentType): string {
  const kinds = DOCUMENT_DEFINITIONS[type].kinds
  return [...kinds.flatMap((kind) => EXTENSIONS[kind]), ...kinds.map((kind) => FILE_KIND_MIME[kind])].join(
    ',',
  )
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot).toLowerCase()
}

export interface FileRefusal {
  title: string
  description: string
}

/**
 * The browser's first look, by name and declared type, so a wrong or huge file is refused before
 * its bytes are sent. The server checks the content again: a renamed file passes here, not there.
 */
export function checkDocumentFile(type: DocumentType, file: File): FileRefusal | null {
  const { kinds, maxBytes } = DOCUMENT_DEFINITIONS[type]
  const extension = extensionOf(file.name)
  const extensionAllowed = kinds.some((kind) => EXTENSIONS[kind].includes(extension))
  const mimeAllowed = !file.type || kinds.some((kind) => FILE_KIND_MIME[kind] === file.type)
  if (!extensionAllowed || !mimeAllowed) {
    const found = (!mimeAllowed && file.type) || extension || 'unknown'
    return { title: UPLOAD_TEXTS.invalidTypeTitle, description: invalidFileTypeMessage(type, found) }
  }
  if (file.size > maxBytes) {
    return { title: UPLOAD_TEXTS.tooLargeTitle, description: fileTooLargeMessage(type, file.size) }
  }
  return null
}
