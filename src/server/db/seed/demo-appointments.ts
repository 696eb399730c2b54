import { Readable } from 'node:stream'
import type { Db } from '#server/db/connect.ts'
import {
  createAppointment,
  isOwnAppointment,
  listAppointments,
} from '#server/features/appointments/appointments.service.ts'
import { saveDirectDeposit } from '#server/features/appointments/direct-deposit.service.ts'
import { submitAppointment } from '#server/features/appointments/submit-appointment.ts'
import { findCarriersForType } from '#server/features/carriers/carriers.service.ts'
import { uploadDocument } from '#server/features/documents/upload-document.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { AppointmentInputSchema } from '#shared/contracts/appointments.contract.ts'
import { DirectDepositInputSchema } from '#shared/contracts/appointments-direct-deposit.contract.ts'
import { demoPdf } from './demo-pdf.ts'

/**
 * The demo agent's contracting: an appointment application, the three required documents, a
 * direct deposit account (a published test routing number) and the application sent to two
 * carriers that take packets (no API connection in the demo). The worker delivers them after
 * start-up; a carrier's answer can only be recorded once its packet has gone, so none is seeded.
 */
export async function seedDemoAppointments(
  db: Db,
  { cipher, storage }: { cipher: FieldCipher; storage: FileStorage },
  ctx: Ctx,
): Promise<void> {
  if ((await listAppointments(db, ctx, 'mine')).length > 0) return
  const appointment = await createAppointment(
    db,
    ctx,
    AppointmentInputSchema.parse({
      fullName: 'Jordan Avery',
      npn: '19283746',
      email: 'jordan.avery@harborpoint-demo.example',
      phone: '(512) 555-0188',
      stateLicenses: ['TX', 'OK', 'LA'],
      linesOfAuthority: ['Property & Casualty', 'Life & Health', 'Auto Insurance'],
      eoInsuranceCarrier: 'Lakeside Professional Mutual',
      eoInsuranceAmount: 1000000,
      eoExpirationDate: `${new Date().getUTCFullYear() + 1}-03-31`,
      w9Signed: true,
      eoDocumentSigned: true,
      voidedCheckSubmitted: true,
      agencyAffiliation: 'Harbor Point Insurance Agency',
      agencyCode: 'HPIA-001',
      eSignature: 'Jordan Avery',
      ipAddress: 'unknown',
      userAgent: 'demo data',
      termsAccepted: true,
      privacyPolicyAccepted: true,
      consentToElectronicSignature: true,
    }),
  )
  for (const [documentType, title] of [
    ['w9', 'Form W-9 (demo)'],
    ['eo_certificate', 'Certificate of E&O insurance (demo)'],
    ['voided_check', 'Voided check (demo)'],
  ] as const) {
    const content = await demoPdf(title)
    await uploadDocument(
      db,
      storage,
      ctx,
      {
        filename: `${documentType.replace('_', '-')}-demo.pdf`,
        fields: { documentType, applicationId: appointment.id },
        stream: Readable.from([content]),
      },
      isOwnAppointment,
    )
  }
  await saveDirectDeposit(
    db,
    cipher,
    ctx,
    DirectDepositInputSchema.parse({
      bankName: 'Chase Bank',
      accountType: 'checking',
      routingNumber: '021000021',
      accountNumber: '000123456789',
      confirmAccountNumber: '000123456789',
      accountHolderName: 'Jordan Avery',
      agreeToTerms: true,
    }),
  )
  const carriers = (await findCarriersForType(db, ctx.actor.agencyId, 'life'))
    .filter((carrier) => carrier.effectiveActive && carrier.submissionMethod !== 'api')
    .slice(0, 2)
  if (carriers.length === 0) return
  await submitAppointment(
    db,
    ctx,
    appointment.id,
    carriers.map((carrier) => carrier.id),
    { storage, wake: () => {}, waitMs: 0 },
  )
}
