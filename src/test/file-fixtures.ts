// Test helpers: files of each kind made in memory, and the upload form sent as a browser sends it.
import { randomBytes } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { appointments } from '#server/features/appointments/appointments.table.ts'
import { documents } from '#server/features/documents/documents.table.ts'
import { UPLOAD_PATH } from '#shared/contracts/documents.contract.ts'
import type { TestApp } from '#test/build-test-app.ts'
import type { SignedInUser } from '#test/factories.ts'

/** `size` bytes that start with `magic` (the rest random, so nothing compresses or dedupes them). */
export function fileOf(magic: number[] | string, size = 4096): Buffer {
  const head = typeof magic === 'string' ? Buffer.from(magic, 'latin1') : Buffer.from(magic)
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))])
}

export const samples = {
  pdf: (size?: number) => fileOf('%PDF-1.7\n', size),
  jpeg: (size?: number) => fileOf([0xff, 0xd8, 0xff, 0xe0], size),
  png: (size?: number) => fileOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], size),
  // An OLE2 header, then a directory entry naming the WordDocument stream (as Word writes it).
  doc: (size?: number) =>
    fileOf(
      [
        ...[0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
        ...Buffer.from(`${'\0'.repeat(504)}WordDocument`, 'utf16le'),
      ],
      size,
    ),
  ole: (size?: number) => fileOf([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], size),
  gif: (size?: number) => fileOf('GIF89a', size),
  exe: (size?: number) => fileOf('MZ\x90\x00', size),
}

interface ZipEntry {
  name: string
  content: Buffer | string
}

/**
 * A zip of stored entries. `streaming` writes the local headers as a streaming writer does: the
 * sizes and CRC left zero (flag bit 3) and given after the data instead.
 */
export function zipOf(entries: ZipEntry[], options: { streaming?: boolean } = {}): Buffer {
  const parts: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name)
    const data = Buffer.isBuffer(entry.content) ? entry.content : Buffer.from(entry.content)
    const crc = crc32(data)
    const header = Buffer.alloc(30)
    header.writeUInt32LE(0x04034b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt16LE(options.streaming ? 0x08 : 0, 6)
    header.writeUInt32LE(options.streaming ? 0 : crc, 14)
    header.writeUInt32LE(options.streaming ? 0 : data.length, 18)
    header.writeUInt32LE(options.streaming ? 0 : data.length, 22)
    header.writeUInt16LE(name.length, 26)
    const descriptor = Buffer.alloc(options.streaming ? 16 : 0)
    if (options.streaming) {
      descriptor.writeUInt32LE(0x08074b50, 0)
      descriptor.writeUInt32LE(crc, 4)
      descriptor.writeUInt32LE(data.length, 8)
      descriptor.writeUInt32LE(data.length, 12)
    }
    const record = Buffer.alloc(46)
    record.writeUInt32LE(0x02014b50, 0)
    record.writeUInt16LE(20, 4)
    record.writeUInt16LE(20, 6)
    record.writeUInt16LE(options.streaming ? 0x08 : 0, 8)
    record.writeUInt32LE(crc, 16)
    record.writeUInt32LE(data.length, 20)
    record.writeUInt32LE(data.length, 24)
    record.writeUInt16LE(name.length, 28)
    record.writeUInt32LE(offset, 42)
    central.push(record, name)
    parts.push(header, name, data, descriptor)
    offset += header.length + name.length + data.length + descriptor.length
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...parts, directory, end])
}

/** The parts of a minimal Word document, in the order Word writes them. */
export function docxOf(options: { streaming?: boolean; before?: ZipEntry[] } = {}): Buffer {
  return zipOf(
    [
      { name: '[Content_Types].xml', content: '<?xml version="1.0"?><Types/>' },
      { name: '_rels/.rels', content: '<?xml version="1.0"?><Relationships/>' },
      ...(options.before ?? []),
      { name: 'word/document.xml', content: '<?xml version="1.0"?><w:document/>' },
    ],
    options,
  )
}

export interface UploadForm {
  documentType?: string
  applicationId?: string
  fileName?: string
  content?: Buffer
  /** The file before the fields, as a careless client might send them. */
  fileFirst?: boolean
}

/** The form the Required Docs page sends: documentType (and applicationId) first, then the file. */
export function uploadBody(form: UploadForm) {
  const boundary = `----documents-test-${randomBytes(8).toString('hex')}`
  const field = (name: string, value: string) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
  const fields = [
    ...(form.documentType === undefined ? [] : [field('documentType', form.documentType)]),
    ...(form.applicationId === undefined ? [] : [field('applicationId', form.applicationId)]),
  ]
  const file =
    form.content === undefined
      ? []
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${form.fileName ?? 'document.pdf'}"\r\n` +
              'Content-Type: application/pdf\r\n\r\n',
          ),
          form.content,
          Buffer.from('\r\n'),
        ]
  const parts = form.fileFirst ? [...file, ...fields] : [...fields, ...file]
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

export function uploadDocumentAs(
  test: TestApp,
  cookie: string | undefined,
  form: UploadForm,
): Promise<LightMyRequestResponse> {
  return test.request({ method: 'POST', url: UPLOAD_PATH, cookie, ...uploadBody(form) })
}

/** An appointment application of the user's, as signed (the row only: uploads just name its id). */
export async function appointmentOf(test: TestApp, user: SignedInUser): Promise<string> {
  const [row] = await test.db
    .insert(appointments)
    .values({
      agencyId: user.user.agencyId,
      userId: user.user.id,
      fullName: 'Casey Morgan',
      npn: '12345678',
      email: user.email,
      phone: '5551234567',
      stateLicenses: ['IL'],
      linesOfAuthority: ['Life & Health'],
      eoInsuranceCarrier: 'Example E&O',
      eoInsuranceAmount: 1_000_000,
      eoExpirationDate: '2030-01-01',
      felonyConviction: false,
      disciplinaryAction: false,
      w9Signed: true,
      eoDocumentSigned: true,
      voidedCheckSubmitted: true,
      eSignature: 'Casey Morgan',
      ipAddress: 'unknown',
      termsAccepted: true,
      termsVersion: '1.0',
      privacyPolicyAccepted: true,
      consentToElectronicSignature: true,
    })
    .returning({ id: appointments.id })
  return row!.id
}

/** The rows and stored objects of the user's agency: what must stay empty after a refused upload. */
export async function leftBehind(test: TestApp, user: SignedInUser) {
  const rows = await test.db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.agencyId, user.user.agencyId))
  const objects: string[] = []
  for await (const object of test.storage.list(`documents/${user.user.agencyId}/`)) objects.push(object.key)
  return { rows: rows.map((row) => row.id), objects }
}
