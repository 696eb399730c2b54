import { describe, expect, it } from 'vitest'
import { FILE_KIND_MIME } from '#shared/domain/document-types.ts'
import { docxOf, fileOf, samples, zipOf } from '#test/file-fixtures.ts'
import { SNIFF_BYTES, sniffFileKind } from './sniff-file-kind.ts'

describe('sniffFileKind', () => {
  it.each([
    ['pdf', samples.pdf()],
    ['jpeg', samples.jpeg()],
    ['png', samples.png()],
    ['doc', samples.doc()],
    ['docx', docxOf()],
  ] as const)('knows a %s by its first bytes', (kind, bytes) => {
    expect(sniffFileKind(bytes)).toEqual({ kind, mime: FILE_KIND_MIME[kind] })
  })

  it('reads a Word document written by a streaming zip writer (sizes after the data)', () => {
    expect(sniffFileKind(docxOf({ streaming: true })).kind).toBe('docx')
  })

  it('refuses an .exe renamed .pdf and names what it is', () => {
    expect(sniffFileKind(samples.exe())).toEqual({ kind: null, mime: 'application/x-msdownload' })
  })

  it.each([
    ['GIF89a', 'image/gif'],
    ['GIF87a', 'image/gif'],
    ['\x7fELF', 'application/x-executable'],
    ['RIFF\x00\x00\x00\x00WEBPVP8 ', 'image/webp'],
    ['\x00\x00\x00\x18ftypheic', 'image/heic'],
  ])('names a file starting %j as %s', (magic, mime) => {
    expect(sniffFileKind(fileOf(magic))).toEqual({ kind: null, mime })
  })

  it('takes a zip that holds no word/ part (a workbook, an archive) for a plain zip', () => {
    const workbook = zipOf([
      { name: '[Content_Types].xml', content: '<Types/>' },
      { name: 'xl/workbook.xml', content: '<workbook/>' },
      { name: 'xl/word/notes.xml', content: 'not a Word part' },
    ])
    expect(sniffFileKind(workbook)).toEqual({ kind: null, mime: 'application/zip' })
    expect(sniffFileKind(zipOf([{ name: 'photos/word.jpg', content: 'x' }])).mime).toBe('application/zip')
  })

  it('takes a zip with a word/ folder but no [Content_Types].xml for a plain zip, not a document', () => {
    const archive = zipOf([{ name: 'word/setup.exe', content: 'MZ' }])
    expect(sniffFileKind(archive)).toEqual({ kind: null, mime: 'application/zip' })
  })

  it('takes an OLE2 file for a Word .doc only when it names the WordDocument stream (an .msi does not)', () => {
    expect(sniffFileKind(samples.doc()).kind).toBe('doc')
    expect(sniffFileKind(samples.ole())).toEqual({ kind: null, mime: 'application/x-ole-storage' })
  })

  it('judges a zip by its first 64 KB: a word/ part only named after them is not seen', () => {
    const bulky = { name: 'docProps/thumbnail.jpeg', content: Buffer.alloc(SNIFF_BYTES) }
    expect(sniffFileKind(docxOf({ before: [bulky] })).mime).toBe('application/zip')
    const small = { name: 'docProps/thumbnail.jpeg', content: Buffer.alloc(SNIFF_BYTES - 1024) }
    expect(sniffFileKind(docxOf({ before: [small] })).kind).toBe('docx')
  })

  it('answers unknown for text, an empty file and a magic number cut short', () => {
    expect(sniffFileKind(Buffer.from('name,email\nAnn,ann@example.com\n'))).toEqual({
      kind: null,
      mime: 'unknown',
    })
    expect(sniffFileKind(Buffer.alloc(0)).mime).toBe('unknown')
    expect(sniffFileKind(Buffer.from('%PD')).mime).toBe('unknown')
    expect(sniffFileKind(Buffer.from([0x89, 0x50, 0x4e, 0x47])).mime).toBe('unknown')
  })

  it('does not trust a name inside the content: "%PDF-" after the first byte is not a PDF', () => {
    expect(sniffFileKind(Buffer.from(' %PDF-1.7')).mime).toBe('unknown')
  })
})
