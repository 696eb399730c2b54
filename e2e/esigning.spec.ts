import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { scribblePng } from '#server/features/esigning/draw-scribble-png.ts'
import { PUBLIC_VERIFY_TEXTS } from '#shared/contracts/esigning-links.contract.ts'
import {
  ESIGN_DISCLOSURE,
  SIGNING_LINK_TEXTS,
  ESIGNING_TEXTS as T,
} from '#shared/contracts/esigning-texts.ts'
import { pageTitle, signUpThroughApi, uniqueEmail } from './support/app.ts'
import {
  api,
  expectNoSideScroll,
  expectToast,
  openTab,
  samplePdf,
  toastGone,
} from './support/appointments.ts'
import {
  expectNoSeriousAxeViolations as checkA11y,
  DESKTOP,
  launchBrowserForFile,
  MOBILE,
  newPage,
} from './support/browser.ts'
import { signingLinkIn, waitForMail } from './support/mail.ts'

const SHOTS = '/tmp/shots'
const browser = launchBrowserForFile()
beforeAll(() => mkdirSync(SHOTS, { recursive: true }))

interface ListedDocument {
  id: string
  name: string
  status: string
  signedUrl: string | null
  signatures: { signatureId: string }[]
}

/** A signature drawn across the pad, as a hand would. */
async function draw(page: Page, pad: Locator) {
  await pad.scrollIntoViewIfNeeded()
  const box = (await pad.boundingBox())!
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6)
  await page.mouse.down()
  for (let step = 1; step <= 12; step++) {
    await page.mouse.move(
      box.x + box.width * (0.15 + step * 0.06),
      box.y + box.height * (0.5 + 0.25 * Math.sin(step)),
      { steps: 3 },
    )
  }
  await page.mouse.up()
}

async function shoot(page: Page, name: string) {
  await checkA11y(page)
  await expectNoSideScroll(page)
  await page.screenshot({ path: `${SHOTS}/esigning-${name}.png`, fullPage: true })
}

async function acceptDisclosure(scope: Page | Locator) {
  await scope.getByRole('checkbox', { name: ESIGN_DISCLOSURE.agreement }).check()
  await scope.getByRole('button', { name: ESIGN_DISCLOSURE.accept }).click()
}

const documentsOf = async (page: Page) =>
  (await api<{ documents: ListedDocument[] }>(page, 'GET', '/api/esigning/documents')).documents

/** A signer opens their emailed link in a browser without an account, consents and signs. */
async function signByLink(size: string, email: string, documentName: string, order: number) {
  const link = signingLinkIn(await waitForMail(email, 'Review and sign:'))
  const { page, context } = await newPage(browser(), size === '390' ? MOBILE : DESKTOP)
  await page.goto(link)
  await page.getByRole('heading', { level: 1, name: `Please sign “${documentName}”` }).waitFor()
  await acceptDisclosure(page)
  const pad = page.getByTestId('signature-pad-dialog')
  await pad.waitFor()
  await shoot(page, `link-${order}-${size}`)
  await draw(page, pad)
  await page.getByRole('button', { name: 'Sign the document' }).click()
  await page.getByRole('heading', { name: SIGNING_LINK_TEXTS.completedTitle }).waitFor()
  // Each link works once.
  await page.reload()
  await page.getByText(SIGNING_LINK_TEXTS.used).waitFor()
  await context.close()
}

describe('e-signing', () => {
  for (const [size, viewport] of [
    ['1280', DESKTOP],
    ['390', MOBILE],
  ] as const) {
    it(`signs in the browser and by email, verifies, and shows tampering at ${size} px`, {
      timeout: 300_000,
    }, async () => {
      const { page, context } = await newPage(browser(), viewport)
      await signUpThroughApi(page, uniqueEmail(`esign-${size}`))
      await page.goto('/esigning-demo')
      await pageTitle(page, 'E-Signing').waitFor()
      for (const tab of [
        'Overview',
        'Basic Upload',
        'Documents',
        'Third-Party',
        'Verification',
        'Enhanced E-Signing',
      ]) {
        await openTab(page, tab)
        await page.waitForLoadState('networkidle')
        await shoot(page, `${tab.toLowerCase().replace(/[^a-z]+/g, '-')}-${size}`)
      }

      // 1. Enhanced E-Signing: a PDF and a PNG, Upload All, sign each (drawn, then typed), Complete Process.
      const pdf = await samplePdf('Carrier agreement')
      await page.getByLabel('Choose documents to sign').setInputFiles([
        { name: 'agreement.pdf', mimeType: 'application/pdf', buffer: pdf },
        {
          name: 'scan.png',
          mimeType: 'image/png',
          buffer: scribblePng({ width: 300, height: 150, seed: 7 }),
        },
      ])
      await page.getByRole('button', { name: 'Upload All' }).click()
      const row = (name: string) =>
        page.getByRole('list', { name: 'Documents to sign' }).getByRole('listitem', { name })
      for (const name of ['agreement.pdf', 'scan.png'])
        await row(name).locator('[data-status="uploaded"]').waitFor()
      await toastGone(page)
      await row('agreement.pdf').getByRole('button', { name: 'Sign', exact: true }).click()
      await draw(page, row('agreement.pdf').getByTestId('signature-pad-direct'))
      await shoot(page, `enhanced-signing-${size}`)
      await row('agreement.pdf').getByRole('button', { name: 'Sign agreement.pdf' }).click()
      const disclosure = page.getByRole('dialog', { name: ESIGN_DISCLOSURE.title })
      await disclosure.waitFor()
      await shoot(page, `consent-${size}`)
      await acceptDisclosure(disclosure)
      await expectToast(page, T.signedTitle, T.signed)
      await row('agreement.pdf').locator('[data-status="signed"]').waitFor()
      await toastGone(page)
      await row('scan.png').getByRole('button', { name: 'Sign', exact: true }).click()
      await row('scan.png').getByRole('tab', { name: 'Type' }).click()
      await row('scan.png').getByLabel('Font').selectOption('serif')
      await expect
        .poll(() => row('scan.png').getByTestId('typed-signature-preview').getAttribute('aria-label'))
        .toContain('Riley Morgan')
      await row('scan.png').getByRole('button', { name: 'Sign scan.png' }).click()
      await expectToast(page, T.signedTitle)
      await row('scan.png').locator('[data-status="signed"]').waitFor()
      await page.getByRole('button', { name: 'Complete Process' }).click()
      await page.getByRole('heading', { name: 'Process complete' }).waitFor()
      await shoot(page, `complete-${size}`)

      // 2. Basic Upload, then Documents: an uploaded signature through the dialog (a blank one is refused).
      await openTab(page, 'Basic Upload')
      await page.getByLabel('Choose files for Client Documents').setInputFiles({
        name: 'w9-client.pdf',
        mimeType: 'application/pdf',
        buffer: await samplePdf('Form W-9'),
      })
      await expectToast(page, T.uploadedTitle)
      await page.getByLabel('Choose files for Agent License Copies').setInputFiles({
        name: 'license.pdf',
        mimeType: 'application/pdf',
        buffer: await samplePdf('Resident license'),
      })
      await page.getByRole('list', { name: 'Uploaded to Agent License Copies' }).waitFor()
      await openTab(page, 'Documents')
      const pending = page.getByRole('list', { name: 'Pending signature' })
      await pending
        .getByRole('listitem', { name: 'w9-client.pdf' })
        .getByRole('button', { name: 'Sign' })
        .click()
      const dialog = page.getByRole('dialog', { name: 'Sign w9-client.pdf' })
      await dialog.getByRole('button', { name: 'Submit Signature' }).click()
      await expectToast(page, T.signatureRequiredTitle, T.signatureRequiredSubmit)
      await dialog.getByRole('tab', { name: 'Upload' }).click()
      await dialog.getByLabel('Choose a signature image').setInputFiles({
        name: 'my-signature.png',
        mimeType: 'image/png',
        buffer: scribblePng({ seed: 11 }),
      })
      await dialog.getByRole('img', { name: 'Uploaded signature' }).waitFor()
      await shoot(page, `dialog-upload-${size}`)
      await dialog.getByRole('button', { name: 'Submit Signature' }).click()
      await expectToast(page, T.signatureCreatedTitle, T.signatureCreated)
      const signedList = page.getByRole('list', { name: 'Signed' })
      const w9 = signedList.getByRole('listitem', { name: 'w9-client.pdf' })
      await w9.waitFor()
      await shoot(page, `documents-signed-${size}`)

      // 3. Verify its signature id.
      await toastGone(page)
      await w9.getByRole('button', { name: 'Verify' }).click()
      const result = page.getByRole('region', { name: 'Verification result' })
      await result.getByRole('heading', { name: T.validSignature }).waitFor()
      await shoot(page, `verified-${size}`)

      // 4. The public verify page, signed out, with the downloaded PDF.
      const w9Listed = (await documentsOf(page)).find((each) => each.name === 'w9-client.pdf')!
      const signedPdf = Buffer.from(await (await page.context().request.get(w9Listed.signedUrl!)).body())
      const visitor = await newPage(browser(), viewport)
      await visitor.page.goto('/verify-signature')
      await visitor.page.getByLabel('Choose the signed PDF').setInputFiles({
        name: 'signed.pdf',
        mimeType: 'application/pdf',
        buffer: signedPdf,
      })
      await visitor.page.getByText(PUBLIC_VERIFY_TEXTS.matched).waitFor()
      await visitor.page.getByText('Signed by Riley Morgan', { exact: false }).waitFor()
      await shoot(visitor.page, `public-verify-${size}`)
      await visitor.context.close()

      // 5. One byte changed in the stored signed PDF: verification shows tamper evidence.
      const user = await api<{ agencyId: string }>(page, 'GET', '/api/auth/user')
      const sealedId = /\/api\/documents\/([0-9a-f-]{36})\/download/.exec(w9Listed.signedUrl!)![1]!
      const stored = path.join(inject('dataDir'), 'files', 'documents', user.agencyId, sealedId)
      const bytes = readFileSync(stored)
      bytes[Math.floor(bytes.length / 2)]! ^= 0x01
      writeFileSync(stored, bytes)
      await page.getByRole('button', { name: 'Verify', exact: true }).click()
      await result.getByRole('heading', { name: T.invalidSignature }).waitFor()
      await result.getByText(T.tamperEvidence).waitFor()
      await shoot(page, `tampered-${size}`)

      // 6. Third-Party: the license to two signers in order, by the product's own email links.
      await openTab(page, 'Third-Party')
      const stamp = `${size}-${Date.now()}`
      const first = `avery-${stamp}@example.com`
      const second = `blake-${stamp}@example.com`
      await page.getByLabel('Document', { exact: true }).selectOption({ label: 'license.pdf' })
      const signer = (n: number) => page.getByRole('listitem', { name: `Signer ${n}` })
      await signer(1).getByLabel('Name').fill('Avery First')
      await signer(1).getByLabel('Email').fill(first)
      await page.getByRole('button', { name: 'Add signer' }).click()
      await signer(2).getByLabel('Name').fill('Blake Second')
      await signer(2).getByLabel('Email').fill(second)
      await signer(2).getByLabel('Role').selectOption('carrier_rep')
      await page.getByLabel('Message to the signers (optional)').fill('Please sign by Friday.')
      await page.getByRole('button', { name: 'Send for Signature' }).click()
      await expectToast(page, T.sentTitle, T.sent)
      await signByLink(size, first, 'license.pdf', 1)
      await signByLink(size, second, 'license.pdf', 2)
      const completed = await waitForMail(first, 'has been signed by everyone')
      expect(completed.raw).toContain('Content-Type: application/pdf')
      await page.reload()
      await openTab(page, 'Third-Party')
      const sent = page
        .getByRole('list', { name: 'Sent for signature' })
        .getByRole('listitem', { name: 'license.pdf' })
      await expect.poll(() => sent.locator('[data-status="signed"]').count(), { timeout: 10_000 }).toBe(2)
      await shoot(page, `third-party-sent-${size}`)
      await context.close()
    })
  }
})
