import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/connect.ts'
import { agencies } from '#server/features/agencies/agencies.table.ts'
import { createAgencyWithAdmin } from '#server/features/auth/auth.service.ts'

export const DEMO_USER_EMAIL = 'demo@harborpoint-demo.example'

/**
 * The demo agency that 'Try Demo Account' signs into. Idempotent: runs at every start and does
 * nothing once the agency exists. Each feature adds its demo rows here as it lands.
 */
export async function seedDemoData(db: Db): Promise<void> {
  const [existing] = await db
    .select({ id: agencies.id })
    .from(agencies)
    .where(eq(agencies.isDemo, true))
    .limit(1)
  if (existing) return
  await db.transaction(async (tx) => {
    await createAgencyWithAdmin(tx, {
      firstName: 'Jordan',
      lastName: 'Avery',
      email: DEMO_USER_EMAIL,
      passwordHash: null,
      agencyName: 'Harbor Point Insurance Agency',
      isDemo: true,
    })
  })
}
