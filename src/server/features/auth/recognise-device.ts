import { randomBytes } from 'node:crypto'
import type { Executor } from '#server/db/connect.ts'
import { sha256Hex } from '#server/platform/crypto.ts'
import * as repository from './known-devices.repository.ts'

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
  if (await repository.touchKnownDevice(executor, user, deviceHash))
    return { deviceToken: token, isNew: false }
  const known = await repository.countKnownDevices(executor, user)
  await repository.insertKnownDevice(executor, user, {
    deviceHash,
    userAgent: userAgent?.slice(0, 512) ?? null,
  })
  return { deviceToken: token, isNew: known > 0 }
}

function newDeviceToken(): string {
  return randomBytes(32).toString('base64url')
}
