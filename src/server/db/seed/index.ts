import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/connect.ts'
import { agencies } from '#server/features/agencies/agencies.table.ts'
import { createAgencyWithAdmin } from '#server/features/auth/auth.service.ts'
import { seedDemoSubscription } from '#server/features/billing/seed-demo-subscription.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { seedDemoApplications } from './demo-applications.ts'
import { seedDemoAppointments } from './demo-appointments.ts'
import { seedDemoAssistant } from './demo-assistant.ts'
import { seedDemoClients } from './demo-clients.ts'
import { seedDemoCommissions } from './demo-commissions.ts'
import { type DemoEsigningDeps, seedDemoEsigning } from './demo-esigning.ts'
import { seedDemoMarketplace } from './demo-marketplace.ts'
import { seedDemoOnboarding } from './demo-onboarding.ts'
import { seedDemoOwnerFigures } from './demo-owner.ts'
import { seedDemoPolicies } from './demo-policies.ts'
import { seedDemoRenewals } from './demo-renewals.ts'

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
    esigning,
    publicUrl = 'http://localhost:5000',
  }: {
    cipher: FieldCipher
    storage: FileStorage
    /** The sealing certificate and MAC key: without them the demo has no signed documents. */
    esigning?: DemoEsigningDeps
    /** The address invitation links in the demo's mail point at. */
    publicUrl?: string
  },
): Promise<void> {
  const [existing] = await db
    .select({ id: agencies.id })
    .from(agencies)
    .where(eq(agencies.isDemo, true))
    .limit(1)
  // The community's demo comes from other, fictional agencies; an install whose demo agency
  // predates the marketplace gets it at its next start.
  await seedDemoMarketplace(db)
  // Fictional agencies' subscriptions and visits, for the owner dashboard (issue #16).
  await seedDemoOwnerFigures(db)
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
    // Professional, so the demo's own applications leave room to try the wizard; in its second
    // month, with two test receipts in the billing history.
    await seedDemoSubscription(tx, { agencyId: owner.agencyId, userId: owner.id, planCode: 'professional' })
    return ctx
  })
  await seedDemoApplications(db, { cipher, storage }, ctx)
  await seedDemoPolicies(db, cipher, ctx)
  await seedDemoRenewals(db, storage, ctx)
  await seedDemoCommissions(db, ctx)
  await seedDemoAppointments(db, { cipher, storage }, ctx)
  if (esigning) await seedDemoEsigning(db, { cipher, storage, ...esigning }, ctx)
  await seedDemoAssistant(db, ctx)
  await seedDemoOnboarding(db, { storage, publicUrl }, ctx)
}
