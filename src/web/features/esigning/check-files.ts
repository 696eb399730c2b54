import {
  ESIGNING_TEXTS,
  fileTooLargeMessage,
  unsupportedFileMessage,
} from '#shared/contracts/esigning-texts.ts'
import {
  extensionOf,
  SIGNATURE_IMAGE_MAX_BYTES,
  SIGNING_FILE_EXTENSIONS,
  SIGNING_FILE_MAX_BYTES,
} from '#shared/domain/esigning.ts'

export interface Refusal {
  title: string
  description: string
}

/** Spec §5: a document for signing by its extension and size, before it leaves the browser. */
export function checkSigningFile(
  file: File,
  extensions: readonly string[] = SIGNING_FILE_EXTENSIONS,
): Refusal | null {
  if (!extensions.includes(extensionOf(file.name))) {
    return {
      title: ESIGNING_TEXTS.invalidFileTitle,
      description: unsupportedFileMessage(file.name, extensions),
    }
  }
  if (file.size > SIGNING_FILE_MAX_BYTES) {
    return { title: ESIGNING_TEXTS.fileTooLargeTitle, description: fileTooLargeMessage(file.name) }
  }
  return null
}

/** Spec §5: a signature image must be an image, under 2 MB. */
export function checkSignatureImage(file: File): Refusal | null {
  if (!file.type.startsWith('image/')) {
    return { title: ESIGNING_TEXTS.invalidImageTitle, description: ESIGNING_TEXTS.invalidImage }
  }
  if (file.size > SIGNATURE_IMAGE_MAX_BYTES) {
    return { title: ESIGNING_TEXTS.imageTooLargeTitle, description: ESIGNING_TEXTS.imageTooLarge }
  }
  return null
}
