import { randomBytes } from 'node:crypto'
import { and, count, eq, sql } from 'drizzle-orm'
import type { Executor } from '#server/db/connect.ts'
import { sha256Hex } from '#server/platform/crypto.ts'
import { knownDevices } from './auth.table.ts'

/**
 * Whether a sign-in comes from a device the user has used before, by a long-lived device cookie
 * (its SHA-256 is stored). A browser without the cookie gets a new token; a browser that carries
 * another user's token keeps it (the cookie names the device, not the person). The user's very
 * first device is not "new": nobody needs an alert for the sign-in right after signup.
 */
export async function recogniseDevice(
  executor: Executor,
  user: { id: string; agencyId: string },
  deviceToken: string | undefined,
  userAgent: string | null,
): Promise<{ deviceToken: string; isNew: boolean }> {
  const token = deviceToken && /^[A-Za-z0-9_-]{43}$/.test(deviceToken) ? deviceToken : newDeviceToken()
  const deviceHash = sha256Hex(token)
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
  if (seen.length > 0) return { deviceToken: token, isNew: false }
  const [row] = await executor
    .select({ n: count() })
    .from(knownDevices)
    .where(and(eq(knownDevices.agencyId, user.agencyId), eq(knownDevices.userId, user.id)))
  await executor
    .insert(knownDevices)
    .values({
      agencyId: user.agencyId,
      userId: user.id,
      deviceHash,
      userAgent: userAgent?.slice(0, 512) ?? null,
    })
    .onConflictDoNothing()
  return { deviceToken: token, isNew: (row?.n ?? 0) > 0 }
}

function newDeviceToken(): string {
  return randomBytes(32).toString('base64url')
}
