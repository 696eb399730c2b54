import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import type { CookieOptions } from '#server/platform/auth.plugin.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import type { JobHandler } from '#server/platform/jobs.ts'
import { createMailJobHandler, MAIL_JOB } from '#server/platform/mail.ts'
import type { SessionPolicy } from '#server/platform/session.ts'
import { applicationsRoutes } from './applications/applications.routes.ts'
import { authRoutes } from './auth/auth.routes.ts'
import type { GoogleSignIn } from './auth/google.ts'
import { billingRoutes } from './billing/billing.routes.ts'
import type { PaymentProvider } from './billing/payment-provider.ts'
import { carriersRoutes } from './carriers/carriers.routes.ts'
import { clientImportRoutes } from './client-import/client-import.routes.ts'
import { clientsRoutes } from './clients/clients.routes.ts'
import { dashboardRoutes } from './dashboard/dashboard.routes.ts'
import { healthRoutes } from './health/health.routes.ts'
import { notificationsRoutes } from './notifications/notifications.routes.ts'

export interface FeatureDeps {
  db: Db
  policy: SessionPolicy
  cookie: CookieOptions
  /** Sign-in and sign-up calls per minute from one address. */
  authRateLimit: number
  paymentProvider: PaymentProvider
  google?: GoogleSignIn
  cipher: FieldCipher
}

/** The one explicit list of features. */
export function registerFeatures(app: FastifyInstance, deps: FeatureDeps): void {
  healthRoutes(app, deps)
  authRoutes(app, deps)
  notificationsRoutes(app, deps)
  billingRoutes(app, deps)
  clientsRoutes(app, deps)
  clientImportRoutes(app, deps)
  carriersRoutes(app, deps)
  applicationsRoutes(app, deps)
  dashboardRoutes(app, deps)
}

/** The one explicit list of background job types. */
export function createJobHandlers(
  db: Db,
  mail: { smtpUrl?: string; from: string },
): Record<string, JobHandler> {
  return {
    [MAIL_JOB]: createMailJobHandler(db, mail),
  }
}
