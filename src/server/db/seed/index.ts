import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/connect.ts'
import { activatePlan } from '#server/features/agencies/agencies.service.ts'
import { agencies } from '#server/features/agencies/agencies.table.ts'
import { createAgencyWithAdmin } from '#server/features/auth/auth.service.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { seedDemoApplications } from './demo-applications.ts'
import { seedDemoAppointments } from './demo-appointments.ts'
import { seedDemoClients } from './demo-clients.ts'
import { seedDemoOnboarding } from './demo-onboarding.ts'

export const DEMO_USER_EMAIL = 'demo@harborpoint-demo.example'

/**
 * The demo agency that 'Try Demo Account' signs into. Idempotent: runs at every start and does
 * nothing once the agency exists. Each feature adds its demo rows here as it lands.
 */
export async function seedDemoData(
  db: Db,
  {
    cipher,
    storage,
    publicUrl = 'http://localhost:5000',
  }: { cipher: FieldCipher; storage: FileStorage; publicUrl?: string },
): Promise<void> {
  const [existing] = await db
    .select({ id: agencies.id })
    .from(agencies)
    .where(eq(agencies.isDemo, true))
    .limit(1)
  if (existing) return
  const ctx = await db.transaction(async (tx) => {
    const owner = await createAgencyWithAdmin(tx, {
      firstName: 'Jordan',
      lastName: 'Avery',
      email: DEMO_USER_EMAIL,
      passwordHash: null,
      agencyName: 'Harbor Point Insurance Agency',
      isDemo: true,
    })
    const ctx = {
      actor: { userId: owner.id, agencyId: owner.agencyId, role: 'agency_admin' as const, sessionId: 'seed' },
      ipAddress: null,
      userAgent: 'seed',
      requestId: null,
    }
    await seedDemoClients(tx, cipher, ctx)
    // Professional, so the demo's own applications leave room to try the wizard.
    await activatePlan(tx, owner.agencyId, {
      planCode: 'professional',
      billingPeriod: 'monthly',
      endsAt: new Date(Date.now() + 30 * 86_400_000),
    })
    return ctx
  })
  await seedDemoApplications(db, { cipher, storage }, ctx)
  await seedDemoAppointments(db, { cipher, storage }, ctx)
  await seedDemoOnboarding(db, { storage, publicUrl }, ctx)
}
