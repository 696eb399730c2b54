import type { FastifyInstance } from 'fastify'
import type { Db } from '#server/db/connect.ts'
import type { CookieOptions } from '#server/platform/auth.plugin.ts'
import {
  BACKUP_JOB,
  type BackupSettings,
  createBackupHandler,
  scheduleBackups,
} from '#server/platform/backup/backup.job.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import type { JobHandler } from '#server/platform/jobs.ts'
import { createMailer, createMailJobHandler, MAIL_JOB } from '#server/platform/mail.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { analyticsRoutes } from './analytics/analytics.routes.ts'
import { applicationPacketSource } from './applications/application-packet-source.service.ts'
import { applicationsRoutes } from './applications/applications.routes.ts'
import { clientApplications } from './applications/applications.service.ts'
import { appointmentsRoutes } from './appointments/appointments.routes.ts'
import { isOwnAppointment } from './appointments/appointments.service.ts'
import { appointmentPacketSource } from './appointments/build-appointment-packet.ts'
import { assistantRoutes } from './assistant/assistant.routes.ts'
import type { AssistantProvider } from './assistant/assistant-provider.service.ts'
import { authRoutes } from './auth/auth.routes.ts'
import { securityRoutes } from './auth/security.routes.ts'
import type { SessionPolicy } from './auth/sessions.service.ts'
import type { GoogleSignIn } from './auth/sign-in-with-google.ts'
import { billingRoutes } from './billing/billing.routes.ts'
import { getUsage } from './billing/billing.service.ts'
import type { PaymentProvider } from './billing/payment-provider.service.ts'
import { createPeriodEndHandler, PERIOD_END_JOB, schedulePeriodEnd } from './billing/period-end.job.ts'
import { bulkSubmissionRoutes } from './bulk-submission/bulk-submission.routes.ts'
import { carrierDeliveryRoutes } from './carrier-delivery/carrier-delivery.routes.ts'
import {
  countSubmissionsByCarrier,
  type DeliverySettings,
} from './carrier-delivery/carrier-delivery.service.ts'
import type { PacketSources } from './carrier-delivery/carrier-packet.service.ts'
import { createDeliveryHandler } from './carrier-delivery/deliver-submission.job.ts'
import { DELIVERY_JOB } from './carrier-delivery/send-to-carriers.ts'
import type { AllowList } from './carrier-delivery/ssrf.service.ts'
import { carriersRoutes } from './carriers/carriers.routes.ts'
import { clientImportRoutes } from './client-import/client-import.routes.ts'
import { clientsRoutes } from './clients/clients.routes.ts'
import { commissionExceptionsRoutes } from './commissions/commission-exceptions.routes.ts'
import { commissionsRoutes } from './commissions/commissions.routes.ts'
import {
  COMMISSIONS_CATCH_UP_JOB,
  createExpectedCommissionsHandler,
} from './commissions/expected-commissions.job.ts'
import { createNeverPaidHandler, NEVER_PAID_JOB, scheduleNeverPaid } from './commissions/never-paid.job.ts'
import { complianceRoutes } from './compliance/compliance.routes.ts'
import {
  createAgencyRetentionHandler,
  createRetentionHandler,
  RETENTION_AGENCY_JOB,
  RETENTION_JOB,
  scheduleRetention,
} from './compliance/retention.job.ts'
import { contactRoutes } from './contact/contact.routes.ts'
import type { ContactSettings } from './contact/contact.service.ts'
import { dashboardRoutes } from './dashboard/dashboard.routes.ts'
import { databaseAdminRoutes } from './database-admin/database-admin.routes.ts'
import { createOrphanSweepHandler, SWEEP_JOB, scheduleOrphanSweep } from './documents/documents.job.ts'
import { documentsRoutes } from './documents/documents.routes.ts'
import { openDocumentContent } from './documents/documents.service.ts'
import { esigningRoutes } from './esigning/esigning.routes.ts'
import { esigningPublicRoutes } from './esigning/esigning-public.routes.ts'
import type { SigningProviders } from './esigning/providers/signing-provider.service.ts'
import { deriveMacKey } from './esigning/record-mac.service.ts'
import type { SigningCertificate } from './esigning/signing-certificate.service.ts'
import { isSigningShape, uploadForSigning } from './esigning/upload-for-signing.ts'
import { healthRoutes } from './health/health.routes.ts'
import { marketplaceRoutes } from './marketplace/marketplace.routes.ts'
import { createTurnaroundHandler, scheduleTurnaround, TURNAROUND_JOB } from './marketplace/turnaround.job.ts'
import type { PostingLimit } from './marketplace/write-items.ts'
import { notificationsRoutes } from './notifications/notifications.routes.ts'
import {
  createLicenseRemindersHandler,
  LICENSE_REMINDERS_JOB,
  scheduleLicenseReminders,
} from './onboarding/license-reminders.job.ts'
import { onboardingRoutes } from './onboarding/onboarding.routes.ts'
import { outboxRoutes } from './outbox/outbox.routes.ts'
import { ownerRoutes } from './owner/owner.routes.ts'
import { policiesRoutes } from './policies/policies.routes.ts'
import { POLICY_TRANSACTIONS_WRITTEN_JOB } from './policies/policy-commission.service.ts'
import {
  POLICIES_WRITTEN_JOB,
  POLICY_CANCELLED_JOB,
  POLICY_REINSTATED_JOB,
  RENEWAL_SETTINGS_CHANGED_JOB,
} from './policies/policy-renewal.service.ts'
import {
  createPolicyStatusHandler,
  POLICY_STATUS_JOB,
  schedulePolicyStatus,
} from './policies/policy-status.job.ts'
import { policyImportRoutes } from './policy-import/policy-import.routes.ts'
import { bindRequestSource } from './quotes/build-bind-request.ts'
import { quotesRoutes } from './quotes/quotes.routes.ts'
import { FIRST_QUOTE_JOB } from './quotes/quotes.service.ts'
import { carrierQuoteAnswers } from './quotes/receive-carrier-answer.ts'
import { calendarFeedRoutes } from './renewals/calendar-feed.routes.ts'
import {
  createPoliciesWrittenHandler,
  createRenewalPipelineHandler,
  RENEWAL_PIPELINE_JOB,
  scheduleRenewalPipeline,
} from './renewals/enter-pipeline.job.ts'
import { receiveRenewalOffer } from './renewals/receive-renewal-offer.ts'
import {
  createFirstQuoteHandler,
  createPolicyCancelledHandler,
  createPolicyReinstatedHandler,
} from './renewals/renewal-listeners.job.ts'
import {
  createRenewalRemindersHandler,
  RENEWAL_REMINDERS_JOB,
  scheduleRenewalReminders,
} from './renewals/renewal-reminders.job.ts'
import { createRenewalSettingsChangedHandler } from './renewals/renewal-settings.job.ts'
import { renewalsRoutes } from './renewals/renewals.routes.ts'
import { retentionRoutes } from './renewals/retention.routes.ts'
import {
  createOwnerRollupHandler,
  OWNER_ROLLUP_JOB,
  scheduleOwnerRollup,
} from './reporting/owner-rollups.job.ts'
import { readLetterhead } from './settings/branding.service.ts'
import { settingsRoutes } from './settings/settings.routes.ts'
import {
  createWeeklyAgencyReportHandler,
  createWeeklyReportHandler,
  scheduleWeeklyReport,
  WEEKLY_AGENCY_REPORT_JOB,
  WEEKLY_REPORT_JOB,
} from './settings/weekly-report.job.ts'

export interface FeatureDeps {
  db: Db
  policy: SessionPolicy
  cookie: CookieOptions
  /** Sign-in and sign-up calls per minute from one address. */
  authRateLimit: number
  paymentProvider: PaymentProvider
  google?: GoogleSignIn
  cipher: FieldCipher
  /** Seed of the Ed25519 key that signs audit checkpoints (AUDIT_SIGNING_KEY or DATA_DIR). */
  auditSigningKey: Buffer
  storage: FileStorage
  delivery: DeliverySettings
  smtpConfigured: boolean
  esigning: {
    /** The certificate that seals signed PDFs, read at first use. */
    certificate: () => SigningCertificate
    providers: SigningProviders
    /** Proves Dropbox Sign's callbacks. */
    helloSignApiKey?: string
  }
  marketplace: PostingLimit
  /** Where contact messages go (SUPPORT_EMAIL). */
  contact: ContactSettings
  /** Who answers the assistant widget: a configured model, or the built-in assistant. */
  assistant: AssistantProvider
  /** ANALYTICS_MEASUREMENT_ID: the third-party analytics tag's id, when configured. */
  analyticsMeasurementId?: string
  /** PAGE_VIEWS_PER_MINUTE: page views one browser session may record a minute. */
  pageViewsPerMinute: number
}

/** Features whose records go to carriers: how carrier delivery rebuilds a packet for a retry. */
function packetSources(storage: FileStorage): PacketSources {
  return {
    application: applicationPacketSource,
    appointment: appointmentPacketSource(storage),
    quote: bindRequestSource,
  }
}

/** The one explicit list of features. */
export function registerFeatures(app: FastifyInstance, deps: FeatureDeps): void {
  healthRoutes(app, deps)
  // Billing depends on auth, not the other way: auth's answers take billing's usage count from here.
  authRoutes(app, { ...deps, readUsage: getUsage })
  securityRoutes(app, deps)
  notificationsRoutes(app, deps)
  billingRoutes(app, deps)
  clientsRoutes(app, { ...deps, applications: clientApplications })
  clientImportRoutes(app, deps)
  carriersRoutes(app, {
    ...deps,
    countApplications: (executor, agencyId) => countSubmissionsByCarrier(executor, agencyId, 'application'),
  })
  applicationsRoutes(app, deps)
  policiesRoutes(app, deps)
  policyImportRoutes(app, deps)
  renewalsRoutes(app, deps)
  retentionRoutes(app, deps)
  calendarFeedRoutes(app, deps)
  commissionsRoutes(app, deps)
  commissionExceptionsRoutes(app, deps)
  dashboardRoutes(app, deps)
  bulkSubmissionRoutes(app, deps)
  // Quotes and renewals sit above carrier delivery: what a carrier's quoted, declined, bound and
  // renewal_offer answers record is passed in here, so the dependency stays one way.
  carrierDeliveryRoutes(app, {
    ...deps,
    packetSources: packetSources(deps.storage),
    carrierAnswers: carrierQuoteAnswers,
    renewalOffers: receiveRenewalOffer,
  })
  quotesRoutes(app, { ...deps, readLetterhead })
  appointmentsRoutes(app, deps)
  // One upload call takes two forms: the appointment's documents and e-signing's (its own shape).
  documentsRoutes(app, {
    ...deps,
    isOwnApplication: isOwnAppointment,
    forSigning: {
      matches: isSigningShape,
      upload: (ctx, file) => uploadForSigning(deps.db, deps.storage, ctx, file),
    },
  })
  outboxRoutes(app, deps)
  complianceRoutes(app, deps)
  settingsRoutes(app, deps)
  const esigning = {
    db: deps.db,
    storage: deps.storage,
    cipher: deps.cipher,
    macKey: deriveMacKey(deps.auditSigningKey),
    publicUrl: deps.delivery.publicUrl,
    ...deps.esigning,
  }
  esigningRoutes(app, esigning)
  esigningPublicRoutes(app, esigning)
  marketplaceRoutes(app, deps)
  contactRoutes(app, deps)
  assistantRoutes(app, deps)
  onboardingRoutes(app, deps)
  analyticsRoutes(app, deps)
  ownerRoutes(app, deps)
  databaseAdminRoutes(app, deps)
}

export interface JobDeps {
  cipher: FieldCipher
  storage: FileStorage
  smtpUrl?: string
  mailFrom: string
  /** Hosts carrier deliveries may reach even on private or loopback addresses. */
  allowList: AllowList
  /** One API delivery's time limit. */
  apiTimeoutMs?: number
  log: { info(obj: object, msg: string): void }
  /** Stripe bills the subscriptions: test-mode plans are not renewed at their period's end. */
  stripeConfigured?: boolean
  /** The daily backup's database and folders: only a process on the embedded database has them. */
  backup?: BackupSettings
  /** The app's public address (PUBLIC_URL), for links in mail; a local address when not set. */
  publicUrl?: string
}

/** The one explicit list of background job types. */
export function createJobHandlers(db: Db, deps: JobDeps): Record<string, JobHandler> {
  const mailer = createMailer(db, {
    smtpUrl: deps.smtpUrl,
    from: deps.mailFrom,
    readAttachment: (attachment, agencyId) => {
      if (!agencyId) throw new Error('An attachment belongs to an agency')
      return openDocumentContent(db, deps.storage, agencyId, attachment.documentId)
    },
  })
  return {
    [MAIL_JOB]: createMailJobHandler(mailer),
    [DELIVERY_JOB]: createDeliveryHandler({
      db,
      cipher: deps.cipher,
      mailer,
      allowList: deps.allowList,
      apiTimeoutMs: deps.apiTimeoutMs ?? 15_000,
      storage: deps.storage,
      packetSources: packetSources(deps.storage),
    }),
    [SWEEP_JOB]: createOrphanSweepHandler(db, deps.storage, deps.log),
    [WEEKLY_REPORT_JOB]: createWeeklyReportHandler(db),
    [WEEKLY_AGENCY_REPORT_JOB]: createWeeklyAgencyReportHandler(db),
    [RETENTION_JOB]: createRetentionHandler(db, deps.log),
    [PERIOD_END_JOB]: createPeriodEndHandler(db, { renew: !deps.stripeConfigured }),
    [RETENTION_AGENCY_JOB]: createAgencyRetentionHandler(db, deps.log),
    [TURNAROUND_JOB]: createTurnaroundHandler(db, deps.log),
    [POLICY_STATUS_JOB]: createPolicyStatusHandler(db, deps.log),
    [RENEWAL_PIPELINE_JOB]: createRenewalPipelineHandler(db, deps.log),
    [POLICIES_WRITTEN_JOB]: createPoliciesWrittenHandler(db),
    [POLICY_CANCELLED_JOB]: createPolicyCancelledHandler(db),
    [POLICY_REINSTATED_JOB]: createPolicyReinstatedHandler(db),
    [FIRST_QUOTE_JOB]: createFirstQuoteHandler(db),
    [RENEWAL_SETTINGS_CHANGED_JOB]: createRenewalSettingsChangedHandler(db, deps.log),
    [RENEWAL_REMINDERS_JOB]: createRenewalRemindersHandler(db, {
      baseUrl: (deps.publicUrl ?? 'http://localhost:5000').replace(/\/$/, ''),
      log: deps.log,
    }),
    // Commissions hear of every ledger transaction, and catch a book up after a schedule change.
    [POLICY_TRANSACTIONS_WRITTEN_JOB]: createExpectedCommissionsHandler(db),
    [COMMISSIONS_CATCH_UP_JOB]: createExpectedCommissionsHandler(db),
    // Daily: expected commissions no statement has paid in the agency's never-paid days.
    [NEVER_PAID_JOB]: createNeverPaidHandler(db, deps.log),
    [LICENSE_REMINDERS_JOB]: createLicenseRemindersHandler(db, deps.log),
    [OWNER_ROLLUP_JOB]: createOwnerRollupHandler(db, deps.log),
    [BACKUP_JOB]: createBackupHandler(db, deps.backup, deps.log),
  }
}

/**
 * Books the first run of each recurring job (each run books the next). Every process that works
 * jobs asks at start; a run already booked is kept. `backups`: the process owns the embedded
 * database, whose daily backup it makes.
 */
export async function scheduleRecurringJobs(db: Db, options: { backups?: boolean } = {}): Promise<void> {
  await scheduleOrphanSweep(db)
  await scheduleRetention(db)
  await scheduleWeeklyReport(db)
  await schedulePeriodEnd(db)
  await scheduleTurnaround(db)
  await schedulePolicyStatus(db)
  await scheduleRenewalPipeline(db)
  await scheduleNeverPaid(db)
  await scheduleRenewalReminders(db)
  await scheduleLicenseReminders(db)
  await scheduleOwnerRollup(db)
  if (options.backups) await scheduleBackups(db)
}
