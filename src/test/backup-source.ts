import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { type Database, openDatabase } from '#server/db/connect.ts'
import { auditEvents } from '#server/platform/audit.table.ts'
import { createFieldCipher, loadSecret } from '#server/platform/crypto.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import { type SignedInUser, signUp, uniqueEmail } from './factories.ts'
import { samples, uploadDocumentAs } from './file-fixtures.ts'

// An agency's whole business in a DATA_DIR, as `npm start` keeps it (PGlite on disk, files on disk,
// keys generated beside them), for the backup tests to copy and bring back.

export interface SourceAgency extends SignedInUser {
  clientIds: string[]
  document: { id: string; content: Buffer }
  /** Every audit event of the agency when the source was made. */
  auditEventIds: string[]
}

export interface BackupSource {
  dataDir: string
  database: Database
  test: TestApp
  agencies: SourceAgency[]
  createClient(agency: SignedInUser): Promise<{ id: string }>
  close(): Promise<void>
}

export async function createBackupSource(options: { agencies?: number } = {}): Promise<BackupSource> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'backup-source-'))
  const database = await openDatabase({ DATA_DIR: dataDir })
  await database.migrate()
  // The keys main.ts would make: the restored app reads them from the admin's kept copy.
  const cipher = createFieldCipher(loadSecret({ dataDir, fileName: 'encryption.key' }))
  const sessionSecret = loadSecret({ dataDir, fileName: 'session.key' }).toString('hex')
  const test = await buildTestApp({ database, env: { DATA_DIR: dataDir }, deps: { cipher, sessionSecret } })

  async function createClient(agency: SignedInUser) {
    const response = await test.request({
      method: 'POST',
      url: '/api/clients',
      cookie: agency.cookie,
      payload: {
        firstName: 'Maria',
        lastName: 'Gonzalez',
        email: uniqueEmail('maria'),
        phone: '(555) 201-3344',
        dateOfBirth: '1984-03-12',
        ssn: '123-45-6789',
        address: '12 Harbor Lane',
        city: 'Sacramento',
        state: 'CA',
        zipCode: '95814',
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json() as { id: string }
  }

  const agencies: SourceAgency[] = []
  for (let i = 0; i < (options.agencies ?? 2); i++) {
    const admin = await signUp(test)
    const clientIds: string[] = []
    for (let c = 0; c < 3; c++) clientIds.push((await createClient(admin)).id)
    const content = samples.pdf(200 * 1024)
    const upload = await uploadDocumentAs(test, admin.cookie, {
      documentType: 'w9',
      fileName: 'w9.pdf',
      content,
    })
    expect(upload.statusCode, upload.body).toBe(201)
    const reveal = await test.request({
      method: 'POST',
      url: `/api/clients/${clientIds[0]}/reveal`,
      cookie: admin.cookie,
      payload: { field: 'ssn' },
    })
    expect(reveal.statusCode, reveal.body).toBe(200)
    const events = await test.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(eq(auditEvents.agencyId, admin.user.agencyId))
    agencies.push({
      ...admin,
      clientIds,
      document: { id: upload.json().id, content },
      auditEventIds: events.map((event) => event.id),
    })
  }
  return { dataDir, database, test, agencies, createClient, close: () => test.close() }
}
