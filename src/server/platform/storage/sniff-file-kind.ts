import { FILE_KIND_MIME, type FileKind } from '#shared/domain/document-types.ts'

/** How much of an upload is read before its type is judged; the rest streams straight to storage. */
export const SNIFF_BYTES = 64 * 1024

export interface SniffedType {
  /** One of the kinds a document may be, or null for anything else. */
  kind: FileKind | null
  /** What the content is, for the refusal message: a MIME type, or 'unknown'. */
  mime: string
}

const startsWith = (head: Buffer, bytes: number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, i) => head[at + i] === byte)

const ascii = (text: string) => [...Buffer.from(text, 'latin1')]

const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04])
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1'])

/**
 * A .docx is a zip, and a zip's table of contents is at its end, which a stream has not seen when
 * it must decide. So the rule is: a zip is Word when one of the local file headers in its first
 * 64 KB names an entry under `word/` (every .docx has `word/document.xml`; Word, LibreOffice and
 * Google Docs write the `word/` parts right after `[Content_Types].xml` and `_rels/`, long before
 * any media). A zip of anything else (an .xlsx's `xl/`, a plain archive) stays `application/zip`.
 * Each local header is found by its signature rather than walked, since a header written in
 * streaming mode does not give the size of the data that follows it.
 */
function namesWordEntry(head: Buffer): boolean {
  let contentTypes = false
  let word = false
  let at = head.indexOf(ZIP_LOCAL_HEADER)
  while (at !== -1 && at + 30 <= head.length) {
    const nameLength = head.readUInt16LE(at + 26)
    const extraLength = head.readUInt16LE(at + 28)
    const name = head.subarray(at + 30, Math.min(head.length, at + 30 + nameLength)).toString('latin1')
    // An Office document also names its [Content_Types].xml: a plain zip with a word/ folder
    // (which could carry anything) is not one.
    if (name === '[Content_Types].xml') contentTypes = true
    if (name.startsWith('word/')) word = true
    if (contentTypes && word) return true
    at = head.indexOf(ZIP_LOCAL_HEADER, at + 30 + nameLength + extraLength)
  }
  return false
}

/**
 * An OLE2 compound file is a Word .doc when its directory names the WordDocument stream. Other
 * compound files (an .msi installer, an .xls) are not documents a carrier asked for. Word writes
 * the directory near the start; a .doc whose directory lies past the first 64 KB is refused with
 * its type named, and can be sent as PDF or .docx.
 */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le')

/** Types we refuse but can name, so the message says what the file really is. */
function otherType(head: Buffer): string {
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif'
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp'
  if (startsWith(head, ascii('ftyp'), 4) && HEIF_BRANDS.has(head.toString('latin1', 8, 12)))
    return 'image/heic'
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'image/tiff'
  if (startsWith(head, ascii('BM'))) return 'image/bmp'
  if (startsWith(head, ascii('MZ'))) return 'application/x-msdownload'
  if (startsWith(head, [0x7f, ...ascii('ELF')])) return 'application/x-executable'
  if (startsWith(head, [0x1f, 0x8b])) return 'application/gzip'
  if (startsWith(head, ascii('Rar!'))) return 'application/vnd.rar'
  return 'unknown'
}

/** What an upload is, judged by its first bytes only (never by its name or the type the browser declared). */
export function sniffFileKind(head: Buffer): SniffedType {
  const known = (kind: FileKind): SniffedType => ({ kind, mime: FILE_KIND_MIME[kind] })
  if (startsWith(head, ascii('%PDF-'))) return known('pdf')
  if (startsWith(head, [0xff, 0xd8, 0xff])) return known('jpeg')
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return known('png')
  if (startsWith(head, OLE2)) {
    return head.subarray(0, SNIFF_BYTES).includes(WORD_STREAM)
      ? known('doc')
      : { kind: null, mime: 'application/x-ole-storage' }
  }
  if (startsWith(head, [...ZIP_LOCAL_HEADER])) {
    return namesWordEntry(head.subarray(0, SNIFF_BYTES))
      ? known('docx')
      : { kind: null, mime: 'application/zip' }
  }
  return { kind: null, mime: otherType(head) }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROLS = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/

/**
 * Plain text: the bytes read as UTF-8 (a character cut at the end of the head is fine) with no
 * control characters but tabs, line breaks and form feeds. Never empty.
 */
export function isPlainText(head: Buffer): boolean {
  if (head.length === 0) return false
  // Up to three bytes of a character cut by the 64 KB head.
  for (let cut = 0; cut <= Math.min(3, head.length - 1); cut++) {
    try {
      const text = new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - cut))
      return !CONTROLS.test(text)
    } catch {
      if (head.length < SNIFF_BYTES) return false
    }
  }
  return false
}

/** sniffFileKind, and plain text for what has no magic number (the e-signing upload takes .txt). */
export function sniffWithText(head: Buffer): SniffedType {
  const sniffed = sniffFileKind(head)
  if (sniffed.kind || sniffed.mime !== 'unknown' || !isPlainText(head)) return sniffed
  return { kind: 'txt', mime: FILE_KIND_MIME.txt }
}
