import { PDFDocument, StandardFonts } from 'pdf-lib'

/** A one-page stand-in for a scanned form, marked as demo data on its face. */
export async function demoPdf(title: string): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const page = doc.addPage([612, 792])
  page.drawText(title, { x: 56, y: 720, size: 18, font })
  page.drawText('Demo document: Harbor Point Insurance Agency sample data.', {
    x: 56,
    y: 690,
    size: 11,
    font,
  })
  return Buffer.from(await doc.save())
}
