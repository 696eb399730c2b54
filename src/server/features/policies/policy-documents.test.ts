import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { documentDownloadPath } from '#shared/contracts/documents.contract.ts'
import {
  POLICY_DOCUMENT_TEXTS,
  policyDocumentDownloadPath,
} from '#shared/contracts/policies-documents.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { signUpProfessional } from '#test/delivery-harness.ts'
import { addAgent, type SignedInUser } from '#test/factories.ts'
import { samples, uploadBody, uploadDocumentAs } from '#test/file-fixtures.ts'
import { documents } from '../documents/documents.table.ts'
import {
  applicationWithTwoCarriers,
  bind,
  enterQuote,
  quoteInput,
  today,
} from '../quotes/quotes.test-support.ts'
import { addClient, catalogueCarriers, enterPolicy, policyInput } from './policies.test-support.ts'

let test: TestApp
let owner: SignedInUser
beforeAll(async () => {
  test = await buildTestApp()
  owner = await signUpProfessional(test)
})
afterAll(() => test.close())

async function newPolicy(user = owner): Promise<string> {
  const client = await addClient(test, user)
  const [carrier] = await catalogueCarriers(test, user)
  return (await enterPolicy(test, user, policyInput(client, carrier!.id))).id
}

const upload = (policyId: string, form: Parameters<typeof uploadBody>[0], user = owner) =>
  test.request({
    method: 'POST',
    url: `/api/policies/${policyId}/documents`,
    cookie: user.cookie,
    ...uploadBody(form),
  })

const list = (policyId: string, query = '', user = owner) =>
  test.request({ method: 'GET', url: `/api/policies/${policyId}/documents${query}`, cookie: user.cookie })

describe('POST /api/policies/:id/documents', () => {
  it('keeps the file with its type, audited on the policy, for anyone in the agency to open', async () => {
    const policyId = await newPolicy()
    const content = samples.pdf(5000)
    const response = await upload(policyId, {
      documentType: 'declarations',
      fileName: 'dec page.pdf',
      content,
    })
    expect(response.statusCode, response.body).toBe(201)
    const document = response.json()
    expect(document).toMatchObject({
      documentType: 'declarations',
      fileName: 'dec page.pdf',
      fileSize: 5000,
      contentType: 'application/pdf',
      uploadedByName: `${owner.user.firstName} ${owner.user.lastName}`,
    })
    expect((await list(policyId)).json()).toEqual({ documents: [document], nextCursor: null })
    const [event] = await test.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, policyId), eq(auditEvents.action, 'policy.document_attached')))
    expect(event).toMatchObject({
      actorUserId: owner.user.id,
      details: { documentId: document.documentId, documentType: 'declarations' },
    })
    // A colleague who is not an admin opens it too: it is the agency's record, not the uploader's.
    const colleague = await addAgent(test, owner.user.agencyId)
    const download = await test.request({
      method: 'GET',
      url: documentDownloadPath(document.documentId),
      cookie: colleague.cookie,
    })
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(content)).toBe(true)
  })

  it('takes the type after the file, as a hand-written form may send it', async () => {
    const policyId = await newPolicy()
    const response = await upload(policyId, {
      documentType: 'id_card',
      content: samples.png(),
      fileFirst: true,
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toMatchObject({ documentType: 'id_card', contentType: 'image/png' })
  })

  it('refuses a missing or unknown type, no file, and a kind of file a policy does not keep, keeping nothing', async () => {
    const policyId = await newPolicy()
    for (const documentType of [undefined, 'w9', '']) {
      const response = await upload(policyId, { documentType, content: samples.pdf() })
      expect(response.statusCode, String(documentType)).toBe(400)
      expect(response.json().errors).toEqual([
        { path: 'documentType', message: POLICY_DOCUMENT_TEXTS.documentType },
      ])
    }
    const noFile = await upload(policyId, { documentType: 'declarations' })
    expect(noFile.statusCode).toBe(400)
    expect(noFile.json().message).toBe(POLICY_DOCUMENT_TEXTS.noFile)
    const program = await upload(policyId, { documentType: 'other', content: samples.exe() })
    expect(program.statusCode).toBe(415)
    expect(program.json().errors[0].path).toBe('file')
    expect((await list(policyId)).json().documents).toEqual([])
  })

  it('refuses a file past 10 MB on its field', async () => {
    const policyId = await newPolicy()
    const response = await upload(policyId, {
      documentType: 'other',
      content: samples.pdf(10 * 1024 * 1024 + 1),
    })
    expect(response.statusCode).toBe(413)
    expect(response.json().errors).toEqual([
      { path: 'file', message: 'File size 10MB exceeds maximum size of 10MB' },
    ])
    expect((await list(policyId)).json().documents).toEqual([])
  })
})

describe('GET /api/policies/:id/documents', () => {
  it('pages the documents newest first', async () => {
    const policyId = await newPolicy()
    for (const documentType of ['declarations', 'id_card', 'invoice'])
      expect((await upload(policyId, { documentType, content: samples.pdf() })).statusCode).toBe(201)
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const response = await list(policyId, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      expect(response.statusCode).toBe(200)
      seen.push(...response.json().documents.map((d: { documentType: string }) => d.documentType))
      cursor = response.json().nextCursor
    } while (cursor)
    expect(seen).toEqual(['invoice', 'id_card', 'declarations'])
    expect((await list(policyId, '?cursor=nonsense')).statusCode).toBe(400)
  })

  it('shows the quote letter the bound quote was entered with', async () => {
    const { application, carriers } = await applicationWithTwoCarriers(test, owner)
    const content = samples.pdf()
    const letter = await uploadDocumentAs(test, owner.cookie, {
      documentType: 'additional_docs',
      fileName: 'quote letter.pdf',
      content,
    })
    const quote = await enterQuote(
      test,
      owner,
      application.id,
      quoteInput(carriers[0]!.id, { documentId: letter.json().id }),
    )
    const policy = await bind(test, owner, quote.id, { effectiveDate: today(), policyNumber: 'QL-1' })
    expect(policy.statusCode, policy.body).toBe(201)
    const [link] = (await list(policy.json().id)).json().documents
    expect(link).toEqual(
      expect.objectContaining({
        documentType: 'quote',
        documentId: letter.json().id,
        fileName: 'quote letter.pdf',
      }),
    )
    // The letter was the agent's upload, which the documents' own download keeps to them and their
    // admins; through the policy, a colleague who may open the policy opens it, audited there.
    const colleague = await addAgent(test, owner.user.agencyId)
    const path = policyDocumentDownloadPath(policy.json().id, link.id)
    expect(
      (
        await test.request({
          method: 'GET',
          url: documentDownloadPath(letter.json().id),
          cookie: colleague.cookie,
        })
      ).statusCode,
    ).toBe(404)
    const download = await test.request({ method: 'GET', url: path, cookie: colleague.cookie })
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-disposition']).toContain('quote_letter.pdf')
    expect(download.rawPayload.equals(content)).toBe(true)
    const [event] = await test.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, policy.json().id), eq(auditEvents.action, 'policy.document_downloaded')),
      )
    expect(event).toMatchObject({ actorUserId: colleague.user.id, details: { documentId: letter.json().id } })
  })
})

describe('tenancy', () => {
  it('answers 401 without a session', async () => {
    const policyId = await newPolicy()
    expect(
      (await test.request({ method: 'GET', url: `/api/policies/${policyId}/documents` })).statusCode,
    ).toBe(401)
    const post = await test.request({
      method: 'POST',
      url: `/api/policies/${policyId}/documents`,
      ...uploadBody({ documentType: 'declarations', content: samples.pdf() }),
    })
    expect(post.statusCode).toBe(401)
  })

  it('answers 404 for a policy that is not there, and stores nothing', async () => {
    const missing = '00000000-0000-4000-8000-000000000000'
    const stored = () => test.db.select().from(documents).where(eq(documents.agencyId, owner.user.agencyId))
    const before = (await stored()).length
    const response = await upload(missing, { documentType: 'declarations', content: samples.pdf() })
    expect(response.statusCode).toBe(404)
    expect(await stored()).toHaveLength(before)
    expect((await list(missing)).statusCode).toBe(404)
  })

  it('downloads a policy document only with a session, of the agency, through its own policy', async () => {
    const policyId = await newPolicy()
    const linkId = (await upload(policyId, { documentType: 'declarations', content: samples.pdf() })).json()
      .id
    const path = policyDocumentDownloadPath(policyId, linkId)
    expect((await test.request({ method: 'GET', url: path })).statusCode).toBe(401)
    const stranger = await signUpProfessional(test)
    expect((await test.request({ method: 'GET', url: path, cookie: stranger.cookie })).statusCode).toBe(404)
    const otherPolicy = await newPolicy()
    const wrongPolicy = policyDocumentDownloadPath(otherPolicy, linkId)
    expect((await test.request({ method: 'GET', url: wrongPolicy, cookie: owner.cookie })).statusCode).toBe(
      404,
    )
  })
})
