import { eq } from 'drizzle-orm'
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
