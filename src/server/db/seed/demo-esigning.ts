import { Readable } from 'node:stream'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import type { Db } from '#server/db/connect.ts'
import { acceptConsent } from '#server/features/esigning/consent.service.ts'
import { pngDataUrl, scribblePng } from '#server/features/esigning/draw-scribble-png.ts'
import type { EsigningDeps } from '#server/features/esigning/esigning-deps.service.ts'
import { signingProviders } from '#server/features/esigning/providers/signing-provider.service.ts'
import { signDocument } from '#server/features/esigning/sign-document.ts'
import { uploadForSigning } from '#server/features/esigning/upload-for-signing.ts'
import type { Ctx } from '#server/platform/context.ts'
import { ESIGN_DISCLOSURE } from '#shared/contracts/esigning-texts.ts'

/** A demo form of a few lines, marked as demo data on its face. */
async function demoForm(title: string, lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const page = doc.addPage([612, 792])
  page.drawText(title, { x: 56, y: 720, size: 18, font: bold })
  page.drawText('Demo document: Harbor Point Insurance Agency sample data.', {
    x: 56,
    y: 696,
    size: 10,
    font,
  })
  lines.forEach((line, index) => {
    page.drawText(line, { x: 56, y: 660 - index * 18, size: 11, font })
  })
  return Buffer.from(await doc.save())
}

function upload(deps: EsigningDeps, ctx: Ctx, fileName: string, name: string, type: string, content: Buffer) {
  return uploadForSigning(deps.db, deps.storage, ctx, {
    filename: fileName,
    fields: { type, name },
    stream: Readable.from([content]),
    fieldsAfter: async () => ({}),
  })
}

export type DemoEsigningDeps = Pick<EsigningDeps, 'certificate' | 'macKey' | 'publicUrl'>

/**
 * The demo agent's e-signing: a carrier agreement signed and sealed, and a client's W-9 waiting
 * for a signature, so the Documents tab and verification have something real to show.
 */
export async function seedDemoEsigning(
  db: Db,
  deps: Omit<EsigningDeps, 'db' | 'providers' | 'certificate' | 'macKey' | 'publicUrl'> & DemoEsigningDeps,
  ctx: Ctx,
): Promise<void> {
  const esigning: EsigningDeps = { ...deps, db, providers: signingProviders([]) }
  const agreement = await upload(
    esigning,
    ctx,
    'lakeside-producer-agreement.pdf',
    'Producer agreement — Lakeside Professional Mutual (demo)',
    'carrier_agreement',
    await demoForm('Producer Agreement', [
      'Carrier: Lakeside Professional Mutual',
      'Producer: Jordan Avery, Harbor Point Insurance Agency',
      'Lines: Life & Health, Property & Casualty',
      'Commission schedule: Exhibit A (demo)',
    ]),
  )
  await upload(
    esigning,
    ctx,
    'w9-riley-chen.pdf',
    'Form W-9 — Riley Chen (demo)',
    'w9',
    await demoForm('Form W-9 (demo)', [
      'Name: Riley Chen',
      'Business: Chen Family Bakery LLC',
      'TIN: on file',
    ]),
  )
  await acceptConsent(db, ctx, { version: ESIGN_DISCLOSURE.version })
  await signDocument(esigning, ctx, {
    documentId: agreement.id,
    signatureType: 'drawn',
    signatureData: pngDataUrl(scribblePng({ seed: 4 })),
    signerRole: 'agent',
    documentType: 'carrier_agreement',
  })
}
