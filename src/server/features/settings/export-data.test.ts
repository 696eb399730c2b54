import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '#server/db/connect.ts'
import { auditEvents } from '#server/platform/audit.table.ts'
import type { Ctx } from '#server/platform/context.ts'
import { AppointmentInputSchema } from '#shared/contracts/appointments.contract.ts'
import { SENSITIVE_CLIENT_FIELDS } from '#shared/contracts/clients.contract.ts'
import { sampleAppointment } from '#test/appointment-input.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { sampleClientData } from '#test/sample-client-data.ts'
import { appointments, directDeposits } from '../appointments/appointments.table.ts'
import { clients } from '../clients/clients.table.ts'
import { documents } from '../documents/documents.table.ts'
import { EXPORT_PAGE_SIZE } from '../reporting/export-section.repository.ts'
import { exportData } from './export-data.ts'

let test: TestApp
let mine: SignedInUser
let theirs: SignedInUser

async function addClient(user: SignedInUser, overrides: Record<string, unknown>) {
  const response = await test.request({
    method: 'POST',
    url: '/api/clients',
    cookie: user.cookie,
    payload: sampleClientData(overrides),
  })
  expect(response.statusCode, response.body).toBe(201)
}

beforeAll(async () => {
  test = await buildTestApp()
  mine = await signUp(test)
  theirs = await signUp(test)
  await addClient(mine, { firstName: 'Mina', ssn: '111-22-3333' })
  await addClient(theirs, { firstName: 'Theo', ssn: '444-55-6666' })
})
afterAll(() => test.close())

async function download(user: SignedInUser) {
  const response = await test.request({
    method: 'GET',
    url: '/api/settings/export-data',
    cookie: user.cookie,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response
}

describe('GET /api/settings/export-data', () => {
  it('downloads the user and agency as a dated JSON attachment', async () => {
    const response = await download(mine)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="data-export-\d{4}-\d{2}-\d{2}\.json"$/,
    )
    const data = response.json()
    expect(data.user).toMatchObject({
      id: mine.user.id,
      email: mine.email,
      notificationPreferences: { applicationUpdates: true, marketingEmails: false },
    })
    expect(data.agency).toMatchObject({ id: mine.user.agencyId, planCode: 'free' })
    for (const key of [
      'users',
      'clients',
      'carriers',
      'applications',
      'submissions',
      'appointments',
      'documents',
      'notifications',
    ]) {
      expect(Array.isArray(data[key]), key).toBe(true)
    }
    expect(data.notifications.length).toBeGreaterThan(0)
  })

  it("holds no secret, hash or session, masks SSNs, and never another agency's rows", async () => {
    await addAgent(test, mine.user.agencyId)
    const response = await download(mine)
    const text = response.body
    for (const secret of [
      'passwordHash',
      'password_hash',
      'totpSecret',
      'Encrypted',
      'sessions',
      'recoveryCodes',
      'storageKey',
      '$argon',
      '$scrypt',
    ]) {
      expect(text, secret).not.toContain(secret)
    }
    const data = response.json()
    expect(data.users).toHaveLength(2)
    expect(data.clients.map((c: { firstName: string }) => c.firstName)).toEqual(['Mina'])
    expect(data.clients[0].ssn).toBe('***-**-3333')
    expect(text).not.toContain('111-22-3333')
    expect(text).not.toContain('Theo')
    expect(text).not.toContain(theirs.user.agencyId)
    expect(text).not.toContain(theirs.email)
  })

  it('is audited as a sensitive read', async () => {
    const user = await signUp(test)
    await download(user)
    const events = await test.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorUserId, user.user.id), eq(auditEvents.action, 'settings.data_exported')))
    expect(events).toHaveLength(1)
  })

  it('pages through more rows than one page holds, each once', async () => {
    const user = await signUp(test)
    const rows = Array.from({ length: EXPORT_PAGE_SIZE + 7 }, (_, i) => ({
      agencyId: user.user.agencyId,
      firstName: `Bulk${i}`,
      lastName: 'Client',
    }))
    await test.db.insert(clients).values(rows)
    const data = (await download(user)).json()
    expect(data.clients).toHaveLength(EXPORT_PAGE_SIZE + 7)
    expect(new Set(data.clients.map((c: { id: string }) => c.id)).size).toBe(EXPORT_PAGE_SIZE + 7)
  })
})

async function addPrivateRecords(user: SignedInUser, name: string) {
  const { agencyId, id: userId } = user.user
  const input = AppointmentInputSchema.parse(sampleAppointment({ fullName: name }))
  await test.db.insert(appointments).values({ ...input, agencyId, userId })
  await test.db.insert(directDeposits).values({
    agencyId,
    userId,
    bankName: `${name} Bank`,
    accountType: 'checking',
    routingNumberEncrypted: 'enc',
    routingNumberLast4: '0021',
    accountNumberEncrypted: 'enc',
    accountNumberLast4: '4321',
    accountHolderName: name,
    agreedAt: new Date(),
  })
}

describe('appointments and direct deposits in the export', () => {
  it("an agent exports only their own; an agency admin exports the agency's", async () => {
    const admin = await signUp(test)
    const agent = await addAgent(test, admin.user.agencyId)
    const colleague = await addAgent(test, admin.user.agencyId)
    await addPrivateRecords(agent, 'Agent Own')
    await addPrivateRecords(colleague, 'Colleague Private')
    const names = (rows: { fullName?: string; accountHolderName?: string }[]) =>
      rows.map((row) => row.fullName ?? row.accountHolderName).sort()

    const agentExport = await download(agent)
    expect(agentExport.body).not.toContain('Colleague Private')
    const agentData = agentExport.json()
    expect(names(agentData.appointments)).toEqual(['Agent Own'])
    expect(names(agentData.directDeposits)).toEqual(['Agent Own'])

    const adminData = (await download(admin)).json()
    expect(names(adminData.appointments)).toEqual(['Agent Own', 'Colleague Private'])
    expect(names(adminData.directDeposits)).toEqual(['Agent Own', 'Colleague Private'])
  })
})

describe('a query failing part-way', () => {
  it('destroys the stream with the error and logs it, so no truncated file ends as a success', async () => {
    const user = await signUp(test)
    const ctx: Ctx = {
      actor: { userId: user.user.id, agencyId: user.user.agencyId, role: 'agency_admin', sessionId: 'test' },
      ipAddress: null,
      userAgent: null,
      requestId: null,
    }
    // The users and clients pages answer; the carriers section's query throws.
    let selects = 0
    const failing = new Proxy(test.db, {
      get(target, property) {
        if (property === 'select') {
          return (...args: Parameters<Db['select']>) => {
            selects += 1
            if (selects === 3) throw new Error('connection lost')
            return target.select(...args)
          }
        }
        const value = Reflect.get(target, property, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const logged: string[] = []
    const stream = await exportData(failing, ctx, { error: (_details, message) => logged.push(message) })
    let text = ''
    await expect(
      (async () => {
        for await (const chunk of stream) text += String(chunk)
      })(),
    ).rejects.toThrow('connection lost')
    expect(stream.destroyed).toBe(true)
    expect(stream.errored).toBeInstanceOf(Error)
    expect(text).toContain('"clients"')
    expect(() => JSON.parse(text)).toThrow()
    expect(logged).toEqual(['data export failed part-way; the download is aborted'])
  })
})

describe('the allow-list of exported columns', () => {
  it('masks every sensitive client field and exports no document hash or storage key', async () => {
    const user = await signUp(test)
    await addClient(user, {
      firstName: 'Sensitive',
      ssn: '111-22-3401',
      spouseSsn: '111-22-3402',
      driversLicenseNumber: 'D12343403',
      mortgageAccount: '9876543404',
    })
    await test.db.insert(documents).values({
      agencyId: user.user.agencyId,
      kind: 'upload',
      filename: 'licence.pdf',
      contentType: 'application/pdf',
      sizeBytes: 3,
      sha256: 'a'.repeat(64),
      storageKey: 'documents/secret-key',
    })
    const response = await download(user)
    const data = response.json()
    expect(data.documents).toEqual([expect.objectContaining({ filename: 'licence.pdf' })])
    const [client] = data.clients
    expect(client).toMatchObject({
      ssn: '***-**-3401',
      spouseSsn: '***-**-3402',
      driversLicenseNumber: '****3403',
      mortgageAccount: '****3404',
    })
    for (const field of SENSITIVE_CLIENT_FIELDS) expect(client[field], field).toMatch(/^\*/)
    for (const plain of [
      '111-22-3401',
      '111223402',
      'D12343403',
      '9876543404',
      'Last4',
      'sha256',
      'storageKey',
    ]) {
      expect(response.body, plain).not.toContain(plain)
    }
  })
})
