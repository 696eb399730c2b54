import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '#server/platform/audit.table.ts'
import { SETTINGS_TEXTS as S } from '#shared/contracts/settings.contract.ts'
import { buildTestApp, type TestApp } from '#test/build-test-app.ts'
import { addAgent, type SignedInUser, signUp } from '#test/factories.ts'
import { samples } from '#test/file-fixtures.ts'
import { activatePlan } from '../agencies/agencies.service.ts'
import { agencyBranding } from './branding.table.ts'

let test: TestApp
let admin: SignedInUser

async function executive(user: SignedInUser) {
  await activatePlan(test.db, user.user.agencyId, {
    planCode: 'executive',
    billingPeriod: 'monthly',
    endsAt: new Date(Date.now() + 86_400_000),
  })
}

beforeAll(async () => {
  test = await buildTestApp()
  admin = await signUp(test)
  await executive(admin)
})
afterAll(() => test.close())

function logoForm(content: Buffer, fileName = 'logo.png') {
  const boundary = `----logo-${randomBytes(6).toString('hex')}`
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

const uploadLogo = (user: SignedInUser, content: Buffer, fileName?: string) =>
  test.request({
    method: 'POST',
    url: '/api/settings/branding/logo',
    cookie: user.cookie,
    ...logoForm(content, fileName),
  })

const brand = {
  organizationName: 'Harbor Insurance Group',
  customDomain: 'Portal.HarborInsurance.com',
  primaryColor: '#0F766E',
  accentColor: '#F59E0B',
  themeStyle: 'professional',
}

describe('GET and PUT /api/settings/branding', () => {
  it('answers the defaults before anything is saved', async () => {
    const response = await test.request({
      method: 'GET',
      url: '/api/settings/branding',
      cookie: admin.cookie,
    })
    expect(response.json()).toEqual({
      enabled: true,
      canEdit: true,
      branding: {
        organizationName: null,
        customDomain: null,
        primaryColor: '#8B5CF6',
        accentColor: '#EC4899',
        themeStyle: 'modern',
        logoUrl: null,
      },
    })
  })

  it("saves an executive agency's branding for all its users, audited", async () => {
    const saved = await test.request({
      method: 'PUT',
      url: '/api/settings/branding',
      cookie: admin.cookie,
      payload: brand,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().branding).toMatchObject({ ...brand, customDomain: 'portal.harborinsurance.com' })
    const colleague = await addAgent(test, admin.user.agencyId)
    const read = await test.request({
      method: 'GET',
      url: '/api/settings/branding',
      cookie: colleague.cookie,
    })
    expect(read.json()).toMatchObject({
      enabled: true,
      canEdit: false,
      branding: { primaryColor: '#0F766E' },
    })
    const audits = await test.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.agencyId, admin.user.agencyId),
          eq(auditEvents.action, 'settings.branding_updated'),
        ),
      )
    expect(audits).toHaveLength(1)
  })

  it('refuses a bad domain, colour and theme with field messages', async () => {
    const response = await test.request({
      method: 'PUT',
      url: '/api/settings/branding',
      cookie: admin.cookie,
      payload: { ...brand, customDomain: 'https://x', primaryColor: 'purple', themeStyle: 'retro' },
    })
    expect(response.statusCode).toBe(400)
    const paths = Object.fromEntries(
      (response.json().errors as { path: string; message: string }[]).map((e) => [e.path, e.message]),
    )
    expect(paths).toMatchObject({ customDomain: S.domainInvalid, primaryColor: S.colorInvalid })
    expect(paths.themeStyle).toBeDefined()
  })

  it('refuses agencies below the executive plan (402) and agents who are not admins (403)', async () => {
    const free = await signUp(test)
    const refused = await test.request({
      method: 'PUT',
      url: '/api/settings/branding',
      cookie: free.cookie,
      payload: brand,
    })
    expect(refused.statusCode).toBe(402)
    expect(refused.json().message).toBe(S.brandingPlanOnly)
    expect((await uploadLogo(free, samples.png())).statusCode).toBe(402)
    const read = await test.request({ method: 'GET', url: '/api/settings/branding', cookie: free.cookie })
    expect(read.json()).toMatchObject({ enabled: false, canEdit: false })
    expect(
      await test.db.select().from(agencyBranding).where(eq(agencyBranding.agencyId, free.user.agencyId)),
    ).toEqual([])

    const agent = await addAgent(test, admin.user.agencyId)
    const notAdmin = await test.request({
      method: 'PUT',
      url: '/api/settings/branding',
      cookie: agent.cookie,
      payload: brand,
    })
    expect(notAdmin.statusCode).toBe(403)
  })
})

describe('POST and GET /api/settings/branding/logo', () => {
  it('takes a PNG, serves it back to the agency only, and names it in the branding', async () => {
    const png = samples.png(3000)
    const uploaded = await uploadLogo(admin, png)
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    expect(uploaded.json().branding.logoUrl).toMatch(/^\/api\/settings\/branding\/logo\?v=/)
    const served = await test.request({
      method: 'GET',
      url: '/api/settings/branding/logo',
      cookie: admin.cookie,
    })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    // Its own policy, not the app's (the security headers are set first, so the route's wins).
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    expect(served.rawPayload.equals(png)).toBe(true)
    const other = await signUp(test)
    const elsewhere = await test.request({
      method: 'GET',
      url: '/api/settings/branding/logo',
      cookie: other.cookie,
    })
    expect(elsewhere.statusCode).toBe(404)
  })

  it('answers 404, not 500, when the stored logo file is missing', async () => {
    const user = await signUp(test)
    await executive(user)
    expect((await uploadLogo(user, samples.png(1000))).statusCode).toBe(200)
    const [row] = await test.db
      .select({ logoKey: agencyBranding.logoKey })
      .from(agencyBranding)
      .where(eq(agencyBranding.agencyId, user.user.agencyId))
    await test.storage.delete(row!.logoKey!)
    const served = await test.request({
      method: 'GET',
      url: '/api/settings/branding/logo',
      cookie: user.cookie,
    })
    expect(served.statusCode, served.body).toBe(404)
  })

  it('takes a JPEG and replaces the previous logo', async () => {
    const uploaded = await uploadLogo(admin, samples.jpeg(2000), 'logo.jpg')
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    const served = await test.request({
      method: 'GET',
      url: '/api/settings/branding/logo',
      cookie: admin.cookie,
    })
    expect(served.headers['content-type']).toBe('image/jpeg')
  })

  it('refuses by content a file named .png that is not an image, and one over 2 MB', async () => {
    const fake = await uploadLogo(admin, samples.pdf(2000), 'logo.png')
    expect(fake.statusCode).toBe(415)
    expect(fake.json()).toEqual({ message: S.logoType, errors: [{ path: 'logo', message: S.logoType }] })
    const big = await uploadLogo(admin, samples.png(2 * 1024 * 1024 + 1))
    expect(big.statusCode).toBe(413)
    expect(big.json().message).toBe(S.logoTooLarge)
    const served = await test.request({
      method: 'GET',
      url: '/api/settings/branding/logo',
      cookie: admin.cookie,
    })
    expect(served.headers['content-type']).toBe('image/jpeg')
  })

  it('answers 400 when the form has no logo', async () => {
    const response = await test.request({
      method: 'POST',
      url: '/api/settings/branding/logo',
      cookie: admin.cookie,
      payload: {},
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().message).toBe(S.logoNoFile)
  })
})
