import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { addDays, isoDay } from '#shared/domain/license-status.ts'
import { DOCUMENT_REVIEW } from '#shared/domain/onboarding-records.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { samples, uploadBody } from '#test/file-fixtures.ts'
import { addOnboardingAgent, joinAsAgent } from '#test/onboarding.ts'
import { documents } from '../documents/documents.table.ts'

let test: TestApp
let admin: SignedInUser
let agentId: string
let agentEmail: string

beforeAll(async () => {
  test = await buildTestApp()
  admin = await signUp(test)
  const added = await addOnboardingAgent(test, admin)
  agentId = added.input.agentId
  agentEmail = added.input.email
})
afterAll(() => test.close())

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, cookie = admin.cookie) =>
  test.request({ method, url: `/api/agency-onboarding${url}`, cookie, ...(payload ? { payload } : {}) })

const license = (overrides: object = {}) => ({
  agentId,
  licenseNumber: 'TX-1234567',
  state: 'TX',
  licenseType: 'Life & Health',
  issueDate: '2024-01-15',
  expirationDate: addDays(isoDay(), 20),
  ...overrides,
})

describe('licenses', () => {
  it('adds a license with the agent’s ID and answers its days to expiry', async () => {
    const response = await call('POST', '/licenses', license())
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      agentId,
      state: 'TX',
      status: 'active',
      linesOfAuthority: [],
      daysUntilExpiration: 20,
    })
    const listed = await call('GET', `/licenses?agentId=${agentId.toLowerCase()}`)
    expect(listed.json().map((row: { id: string }) => row.id)).toContain(response.json().id)
    const alerts = await call('GET', '/license-expiration')
    expect(alerts.json()).toEqual([
      expect.objectContaining({ id: response.json().id, daysUntilExpiration: 20 }),
    ])
  })

  it('answers the spec’s message for a missing field and refuses unknown states and types', async () => {
    const missing = await call('POST', '/licenses', { agentId, licenseNumber: '' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().message).toBe(T.required)
    const unknown = await call('POST', '/licenses', license({ state: 'ZZ', licenseType: 'Pet Insurance' }))
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors).toEqual([
      { path: 'state', message: T.state },
      { path: 'licenseType', message: T.licenseType },
    ])
    const unknownStatus = await call('POST', '/licenses', license({ status: 'lapsed' }))
    expect(unknownStatus.statusCode).toBe(400)
    const noAgent = await call('POST', '/licenses', license({ agentId: 'NOBODY-1' }))
    expect(noAgent.statusCode).toBe(400)
    expect(noAgent.json().errors).toEqual([{ path: 'agentId', message: T.unknownAgent }])
  })

  it('changes only the fields sent', async () => {
    const created = (await call('POST', '/licenses', license({ licenseNumber: 'TX-9' }))).json()
    const renewed = await call('PATCH', `/licenses/${created.id}`, { expirationDate: addDays(isoDay(), 700) })
    expect(renewed.statusCode).toBe(200)
    expect(renewed.json()).toMatchObject({
      licenseNumber: 'TX-9',
      issueDate: '2024-01-15',
      daysUntilExpiration: 700,
    })
    const suspended = await call('PATCH', `/licenses/${created.id}`, { status: 'suspended' })
    expect(suspended.json().status).toBe('suspended')
  })
})

describe('training', () => {
  const session = (overrides: object = {}) => ({
    agentId,
    title: 'Carrier portal walkthrough',
    trainingType: 'technology_training',
    scheduledDate: '2026-09-01T15:30:00.000Z',
    ...overrides,
  })

  it('schedules with one ISO timestamp and the spec’s defaults', async () => {
    const response = await call('POST', '/training', session())
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({
      scheduledDate: '2026-09-01T15:30:00.000Z',
      duration: 60,
      attendanceRequired: true,
      attendanceConfirmed: false,
      status: 'scheduled',
    })
    const noDate = await call('POST', '/training', session({ scheduledDate: '' }))
    expect(noDate.json().message).toBe(T.required)
    const dateOnly = await call('POST', '/training', session({ scheduledDate: '2026-09-01' }))
    expect(dateOnly.statusCode).toBe(400)
    expect(dateOnly.json().message).toBe(T.scheduledDate)
    const unknownType = await call('POST', '/training', session({ trainingType: 'yoga' }))
    expect(unknownType.json().errors).toEqual([{ path: 'trainingType', message: T.trainingType }])
  })

  it('marks Present (completed, attendance confirmed) and No Show, and keeps completed final', async () => {
    const present = (await call('POST', '/training', session())).json()
    const marked = await call('PATCH', `/training/${present.id}`, {
      status: 'completed',
      attendanceConfirmed: true,
    })
    expect(marked.json()).toMatchObject({ status: 'completed', attendanceConfirmed: true })
    const back = await call('PATCH', `/training/${present.id}`, {
      status: 'no_show',
      attendanceConfirmed: false,
    })
    expect(back.statusCode).toBe(409)
    expect(back.json().message).toBe('A training session that is completed cannot become no show.')
    const absent = (await call('POST', '/training', session())).json()
    const noShow = await call('PATCH', `/training/${absent.id}`, { status: 'no_show' })
    expect(noShow.json()).toMatchObject({ status: 'no_show', attendanceConfirmed: false })
    const contradiction = (await call('POST', '/training', session())).json()
    const refused = await call('PATCH', `/training/${contradiction.id}`, {
      status: 'completed',
      attendanceConfirmed: false,
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe(T.attendanceMismatch)
  })

  it('is scheduled and recorded by admins; the agent sees their own sessions', async () => {
    const cookie = await joinAsAgent(test, agentEmail)
    expect((await call('POST', '/training', session(), cookie)).statusCode).toBe(403)
    const own = await call('GET', '/training', undefined, cookie)
    expect(own.statusCode).toBe(200)
    expect(own.json().length).toBeGreaterThan(0)
    expect(own.json().every((row: { agentId: string }) => row.agentId === agentId)).toBe(true)
  })
})

describe('documents', () => {
  const document = (overrides: object = {}) => ({
    agentId,
    documentType: 'eo_insurance',
    documentName: 'E&O certificate 2026',
    expirationDate: addDays(isoDay(), 200),
    ...overrides,
  })

  it('adds a document pending review, and approves or rejects it only while pending', async () => {
    const added = await call('POST', '/documents', document())
    expect(added.statusCode).toBe(201)
    expect(added.json()).toMatchObject({ status: 'pending', isRequired: true, reviewedAt: null })
    const approved = await call('PATCH', `/documents/${added.json().id}`, {
      status: 'approved',
      reviewedAt: '2000-01-01T00:00:00.000Z',
      reviewNotes: DOCUMENT_REVIEW.approve.reviewNotes,
    })
    expect(approved.json()).toMatchObject({ status: 'approved', reviewNotes: 'Document approved' })
    // The review time is the server's.
    expect(Date.now() - Date.parse(approved.json().reviewedAt)).toBeLessThan(60_000)
    const rejectAfter = await call('PATCH', `/documents/${added.json().id}`, { status: 'rejected' })
    expect(rejectAfter.statusCode).toBe(409)
    expect(rejectAfter.json().message).toBe('A document that is approved cannot become rejected.')
    const other = (
      await call('POST', '/documents', document({ documentType: 'w9', documentName: 'W-9' }))
    ).json()
    const rejected = await call('PATCH', `/documents/${other.id}`, { status: 'rejected' })
    expect(rejected.json()).toMatchObject({ status: 'rejected', reviewNotes: 'Document rejected' })
  })

  it('answers the spec’s message and refuses unknown types and statuses', async () => {
    const missing = await call('POST', '/documents', { agentId, documentType: 'w9' })
    expect(missing.json().message).toBe(T.required)
    const unknown = await call('POST', '/documents', document({ documentType: 'passport' }))
    expect(unknown.json().errors).toEqual([{ path: 'documentType', message: T.documentType }])
    const created = (await call('POST', '/documents', document())).json()
    const badStatus = await call('PATCH', `/documents/${created.id}`, { status: 'lost' })
    expect(badStatus.statusCode).toBe(400)
  })

  it('carries a real file through storage, checked by content, downloadable as an attachment', async () => {
    const created = (
      await call(
        'POST',
        '/documents',
        document({ documentType: 'background_check', documentName: 'Background check' }),
      )
    ).json()
    const pdf = samples.pdf(5000)
    const attached = await test.request({
      method: 'POST',
      url: `/api/agency-onboarding/documents/${created.id}/file`,
      cookie: admin.cookie,
      ...uploadBody({ content: pdf, fileName: 'background.pdf' }),
    })
    expect(attached.statusCode, attached.body).toBe(200)
    expect(attached.json().file).toMatchObject({ fileName: 'background.pdf', fileSize: 5000 })
    const download = await test.request({
      method: 'GET',
      url: attached.json().documentUrl,
      cookie: admin.cookie,
    })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-disposition']).toContain('attachment')
    expect(Buffer.from(download.rawPayload).equals(pdf)).toBe(true)
    const exe = await test.request({
      method: 'POST',
      url: `/api/agency-onboarding/documents/${created.id}/file`,
      cookie: admin.cookie,
      ...uploadBody({ content: samples.exe(), fileName: 'virus.pdf' }),
    })
    expect(exe.statusCode).toBe(415)
    const [row] = await test.db.select().from(documents).where(eq(documents.id, attached.json().file.id))
    expect(row?.kind).toBe('attachment')
  })

  it('lets an agent add their own, sends a reviewed one they change back to review, and keeps review for admins', async () => {
    const cookie = await joinAsAgent(test, (await addOnboardingAgent(test, admin)).input.email)
    const me = await call('GET', '/agents', undefined, cookie)
    const ownId = me.json().agents[0].agentId
    const mine = await call('POST', '/documents', document({ agentId: ownId }), cookie)
    expect(mine.statusCode).toBe(201)
    const someoneElse = await call('POST', '/documents', document(), cookie)
    expect(someoneElse.json().errors).toEqual([{ path: 'agentId', message: T.unknownAgent }])
    const selfApproval = await call('PATCH', `/documents/${mine.json().id}`, { status: 'approved' }, cookie)
    expect(selfApproval.statusCode).toBe(403)
    expect(selfApproval.json().message).toBe(T.reviewAdminOnly)
    await call('PATCH', `/documents/${mine.json().id}`, { status: 'approved' })
    const changed = await call(
      'PATCH',
      `/documents/${mine.json().id}`,
      { expirationDate: addDays(isoDay(), 900) },
      cookie,
    )
    expect(changed.json()).toMatchObject({ status: 'pending', reviewNotes: null, reviewedAt: null })
    // Another agent's record is not theirs to see: 404, like a missing one.
    const adminDocs = (await call('GET', `/documents?agentId=${agentId}`)).json()
    const theirs = await call('PATCH', `/documents/${adminDocs[0].id}`, { documentName: 'x' }, cookie)
    expect(theirs.statusCode).toBe(404)
  })
})
