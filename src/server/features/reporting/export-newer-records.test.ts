import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ask } from '#test/assistant-calls.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { type SignedInUser, signUp } from '#test/factories.ts'
import { addOnboardingAgent, joinAsAgent } from '#test/onboarding.ts'
import { billingAccounts } from '../billing/billing.table.ts'
import { billingInvoices, subscriptionEvents } from '../billing/billing-records.table.ts'
import { esignConsents, esignSignatures, esignSigners, signingDocuments } from '../esigning/esigning.table.ts'
import { marketplaceItems, marketplaceReplies, marketplaceVotes } from '../marketplace/marketplace.table.ts'
import {
  agentLicenses,
  onboardingDocuments,
  trainingSessions,
} from '../onboarding/onboarding-records.table.ts'
import { exportSections } from './export-data.repository.ts'
import { readExportPage } from './export-section.repository.ts'

let test: TestApp
let admin: SignedInUser
let agent: SignedInUser
let elsewhere: SignedInUser
/** Values that are secrets, tokens or unmasked numbers: no export may hold them. */
const SECRETS = [
  'TXL-99887766',
  'token-hash-secret',
  'sealed-token-secret',
  'record-mac-secret',
  'cus_secretcustomer',
  'sub_secretsubscription',
  'invoice.example/secret-link',
]

async function download(user: SignedInUser) {
  const response = await test.request({
    method: 'GET',
    url: '/api/settings/export-data',
    cookie: user.cookie,
  })
  expect(response.statusCode, response.body).toBe(200)
  return { text: response.body, data: response.json() }
}

/** An agent with a license, a training session and a document; answers their sign-in when joined. */
async function addAgentRecords(owner: SignedInUser, name: string, join = false) {
  const added = await addOnboardingAgent(test, owner, { firstName: name })
  const cookie = join ? await joinAsAgent(test, added.input.email) : null
  const agencyId = owner.user.agencyId
  const agentId = added.agent.id
  await test.db.insert(agentLicenses).values({
    agencyId,
    agentId,
    licenseNumber: name === 'Elsewhere' ? 'ELSE-1234' : 'TXL-99887766',
    state: 'TX',
    licenseType: `${name} Life`,
  })
  await test.db.insert(trainingSessions).values({
    agencyId,
    agentId,
    title: `${name} training`,
    trainingType: 'onboarding',
    scheduledDate: new Date(),
  })
  await test.db.insert(onboardingDocuments).values({
    agencyId,
    agentId,
    documentType: 'w9',
    documentName: `${name} W-9`,
  })
  return { cookie, email: added.input.email }
}

/** A post, a reply, a vote, a sent document with a signer, a signature and a consent, by `user`. */
async function addUserRecords(user: SignedInUser, name: string) {
  const { agencyId, id: userId } = user.user
  const [item] = await test.db
    .insert(marketplaceItems)
    .values({
      kind: 'post',
      agencyId,
      authorUserId: userId,
      title: `${name} post`,
      content: 'x',
      postType: 'tip',
    })
    .returning()
  await test.db
    .insert(marketplaceReplies)
    .values({ postId: item!.id, agencyId, authorUserId: userId, content: `${name} reply` })
  await test.db.insert(marketplaceVotes).values({ itemId: item!.id, userId, agencyId, up: true })
  const documentId = randomUUID()
  await test.db.insert(signingDocuments).values({
    id: documentId,
    agencyId,
    ownerUserId: userId,
    name: `${name} agreement`,
    sourceKind: 'pdf',
    sourceSha256: 'b'.repeat(64),
  })
  await test.db.insert(esignSigners).values({
    agencyId,
    signingDocumentId: documentId,
    name: `${name} signer`,
    email: 'signer@client.test',
    role: 'client',
    signingOrder: 1,
    tokenHash: `token-hash-secret-${name}`,
    tokenSealed: 'sealed-token-secret',
  })
  const [consent] = await test.db
    .insert(esignConsents)
    .values({
      agencyId,
      userId,
      signerName: name,
      signerEmail: user.email,
      version: '1',
      acceptedAt: new Date(),
    })
    .returning()
  await test.db.insert(esignSignatures).values({
    id: randomUUID(),
    agencyId,
    signingDocumentId: documentId,
    userId,
    signatureType: 'drawn',
    signerName: `${name} signature`,
    signerEmail: user.email,
    signerRole: 'agent',
    imageDocumentId: randomUUID(),
    imageSha256: 'c'.repeat(64),
    consentId: consent!.id,
    signedAt: new Date(),
    recordMac: 'record-mac-secret',
  })
  await ask(test, user, `How many clients does ${name} have?`)
  return item!.id
}

beforeAll(async () => {
  test = await buildTestApp()
  admin = await signUp(test)
  elsewhere = await signUp(test)
  const joined = await addAgentRecords(admin, 'Joined', true)
  await addAgentRecords(admin, 'Invited')
  await addAgentRecords(elsewhere, 'Elsewhere')
  const me = await test.request({ method: 'GET', url: '/api/auth/user', cookie: joined.cookie! })
  agent = { cookie: joined.cookie!, user: me.json(), email: joined.email, password: '' }
  const adminPost = await addUserRecords(admin, 'Admin')
  await addUserRecords(agent, 'Agent')
  await addUserRecords(elsewhere, 'Elsewhere')
  // The agent also votes on the admin's post: two votes on one item, paged by (item, user).
  await test.db
    .insert(marketplaceVotes)
    .values({ itemId: adminPost, userId: agent.user.id, agencyId: agent.user.agencyId, up: false })
  const agencyId = admin.user.agencyId
  await test.db.insert(billingAccounts).values({
    agencyId,
    provider: 'stripe',
    stripeCustomerId: 'cus_secretcustomer',
    stripeSubscriptionId: 'sub_secretsubscription',
  })
  await test.db.insert(billingInvoices).values({
    agencyId,
    provider: 'stripe',
    externalId: 'in_1',
    number: 'INV-0001',
    description: 'Professional plan',
    amountCents: 4900,
    status: 'paid',
    hostedUrl: 'https://invoice.example/secret-link',
    pdfUrl: 'https://invoice.example/secret-link.pdf',
  })
  await test.db.insert(subscriptionEvents).values({
    agencyId,
    eventType: 'started',
    fromPlanCode: 'free',
    toPlanCode: 'professional',
    amountCents: 4900,
    provider: 'stripe',
    effectiveAt: new Date(),
  })
})
afterAll(() => test.close())

const values = (rows: Record<string, unknown>[], field: string) => rows.map((row) => row[field]).sort()

describe('the newer features in the data export', () => {
  it("gives an agency admin the agency's onboarding, e-signing, billing and community records, masked", async () => {
    const { text, data } = await download(admin)
    expect(values(data.onboardingAgents, 'firstName')).toEqual(['Invited', 'Joined'])
    expect(values(data.agentLicenses, 'licenseType')).toEqual(['Invited Life', 'Joined Life'])
    expect(values(data.agentLicenses, 'licenseNumber')).toEqual(['****7766', '****7766'])
    expect(values(data.trainingSessions, 'title')).toEqual(['Invited training', 'Joined training'])
    expect(values(data.onboardingDocuments, 'documentName')).toEqual(['Invited W-9', 'Joined W-9'])
    expect(values(data.signingDocuments, 'name')).toEqual(['Admin agreement', 'Agent agreement'])
    expect(values(data.signers, 'name')).toEqual(['Admin signer', 'Agent signer'])
    expect(values(data.signatures, 'signerName')).toEqual(['Admin signature', 'Agent signature'])
    expect(data.signingConsents).toHaveLength(2)
    expect(data.subscription).toEqual([
      expect.objectContaining({ provider: 'stripe', cancelAtPeriodEnd: false }),
    ])
    expect(data.invoices).toEqual([expect.objectContaining({ number: 'INV-0001', amountCents: 4900 })])
    expect(data.subscriptionEvents).toEqual([expect.objectContaining({ toPlanCode: 'professional' })])
    expect(values(data.marketplaceItems, 'title')).toEqual(['Admin post', 'Agent post'])
    expect(values(data.marketplaceReplies, 'content')).toEqual(['Admin reply', 'Agent reply'])
    expect(data.marketplaceVotes).toHaveLength(3)
    // Conversations are the user's own, whatever the role.
    expect(data.assistantConversations).toHaveLength(1)
    expect(data.assistantMessages.map((m: { content: string }) => m.content)).toContain(
      'How many clients does Admin have?',
    )
    for (const secret of [
      ...SECRETS,
      'Elsewhere',
      'Agent have?',
      'tokenHash',
      'recordMac',
      'Sha256',
      'stripe_',
      'hostedUrl',
    ]) {
      expect(text, secret).not.toContain(secret)
    }
  })

  it('gives an agent only their own agent row, records, documents sent, posts, votes and conversations', async () => {
    const { text, data } = await download(agent)
    expect(values(data.onboardingAgents, 'firstName')).toEqual(['Joined'])
    expect(values(data.agentLicenses, 'licenseType')).toEqual(['Joined Life'])
    expect(values(data.trainingSessions, 'title')).toEqual(['Joined training'])
    expect(values(data.onboardingDocuments, 'documentName')).toEqual(['Joined W-9'])
    expect(values(data.signingDocuments, 'name')).toEqual(['Agent agreement'])
    expect(values(data.signers, 'name')).toEqual(['Agent signer'])
    expect(values(data.signatures, 'signerName')).toEqual(['Agent signature'])
    expect(values(data.signingConsents, 'signerName')).toEqual(['Agent'])
    expect(values(data.marketplaceItems, 'title')).toEqual(['Agent post'])
    expect(values(data.marketplaceVotes, 'up')).toEqual([false, true])
    expect(data.assistantMessages.map((m: { content: string }) => m.content)).toContain(
      'How many clients does Agent have?',
    )
    expect(data.invoices).toHaveLength(1)
    for (const other of [
      ...SECRETS,
      'Invited',
      'Admin post',
      'Admin agreement',
      'Admin have?',
      'Elsewhere',
    ]) {
      expect(text, other).not.toContain(other)
    }
  })

  it('pages votes by item and user, so two votes on one item are each read once', async () => {
    const { agencyId, id, role } = admin.user
    const section = exportSections(agencyId, id, role).find((s) => s.name === 'marketplaceVotes')!
    const rows = await readExportPage(test.db, section, null)
    expect(rows).toHaveLength(3)
    for (const [i, row] of rows.entries()) {
      expect(await readExportPage(test.db, section, row)).toEqual(rows.slice(i + 1))
    }
  })
})
