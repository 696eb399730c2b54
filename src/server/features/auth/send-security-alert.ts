import type { Executor } from '#server/db/connect.ts'
import type { RequestMeta } from '#server/platform/context.ts'
import { mailUserIfWanted } from './mail-if-wanted.ts'
import { summariseUserAgent } from './summarise-user-agent.ts'

export type SecurityAlert = 'new_device' | 'password_changed' | 'two_factor_disabled' | 'recovery_code_used'

const SUBJECTS: Record<SecurityAlert, string> = {
  new_device: 'New sign-in to your account',
  password_changed: 'Your password was changed',
  two_factor_disabled: 'Two-factor sign-in was turned off',
  recovery_code_used: 'A recovery code was used to sign in',
}

const LEADS: Record<SecurityAlert, string> = {
  new_device: 'Your account was signed in to from a device we have not seen before.',
  password_changed: 'The password of your account was changed. Your other sessions were signed out.',
  two_factor_disabled: 'Two-factor sign-in was turned off for your account.',
  recovery_code_used:
    'A recovery code was used to sign in to your account. That code no longer works; new codes can be made in Settings › Security.',
}

/**
 * A security alert mail (Settings › Notifications › Security alerts governs it), queued in the
 * caller's transaction. It says when, from which device and browser and from which address, and
 * what to do if it was not the user.
 */
export async function sendSecurityAlert(
  executor: Executor,
  user: { id: string; agencyId: string; firstName: string },
  alert: SecurityAlert,
  meta: RequestMeta,
): Promise<boolean> {
  const { device, browser } = summariseUserAgent(meta.userAgent)
  const text = [
    `Hello ${user.firstName},`,
    '',
    LEADS[alert],
    '',
    `When: ${new Date().toUTCString()}`,
    `Device: ${browser} on ${device}`,
    `Address: ${meta.ipAddress ?? 'unknown'}`,
    '',
    'If this was you, there is nothing to do. If it was not, change your password now and end your other sessions in Settings › Security.',
    '',
  ].join('\n')
  return mailUserIfWanted(executor, {
    agencyId: user.agencyId,
    userId: user.id,
    kind: 'securityAlerts',
    subject: SUBJECTS[alert],
    text,
  })
}
