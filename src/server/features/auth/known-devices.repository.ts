import { and, count, eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { knownDevices } from './auth.table.ts'

type DeviceOwner = { id: string; agencyId: string }

/** Records the device as seen now; false when the user has no device with this hash. */
export async function touchKnownDevice(executor: Executor, user: DeviceOwner, deviceHash: string) {
  const seen = await executor
    .update(knownDevices)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(knownDevices.agencyId, user.agencyId),
        eq(knownDevices.userId, user.id),
        eq(knownDevices.deviceHash, deviceHash),
      ),
    )
    .returning({ id: knownDevices.id })
  return seen.length > 0
}

export async function countKnownDevices(executor: Executor, user: DeviceOwner): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(knownDevices)
    .where(and(eq(knownDevices.agencyId, user.agencyId), eq(knownDevices.userId, user.id)))
  return row?.n ?? 0
}

/** Adds the device (a device added meanwhile by another sign-in is kept as it is). */
export async function insertKnownDevice(
  executor: Executor,
  user: DeviceOwner,
  device: { deviceHash: string; userAgent: string | null },
): Promise<void> {
  await executor
    .insert(knownDevices)
    .values({ agencyId: user.agencyId, userId: user.id, ...device })
    .onConflictDoNothing()
}
