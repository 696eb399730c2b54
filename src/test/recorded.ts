import { and, eq } from 'drizzle-orm'
import { auditEvents } from '#server/platform/audit.table.ts'
import { jobs } from '#server/platform/jobs.table.ts'
import { MAIL_JOB } from '#server/platform/mail.ts'
import type { TestApp } from './build-test-app.ts'

/** The mail queued for one address (subject and recipient), oldest first as the queue holds it. */
export async function queuedMailTo(test: TestApp, address: string) {
  const rows = await test.db.select().from(jobs).where(eq(jobs.type, MAIL_JOB))
  return rows
    .map((row) => row.payload as { to: string; subject: string })
    .filter((mail) => mail.to === address)
}

/** The actions of the audit events one user made. */
export async function auditActionsOf(test: TestApp, userId: string): Promise<string[]> {
  const rows = await test.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, userId))
  return rows.map((row) => row.action)
}

/** The audit events of one action by one user. */
export function auditEventsOf(test: TestApp, userId: string, action: string) {
  return test.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.actorUserId, userId), eq(auditEvents.action, action)))
}

/** A 400 answer's messages by field path. */
export const fieldMessagesOf = (body: { errors?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.errors ?? []).map((error) => [error.path, error.message]))
