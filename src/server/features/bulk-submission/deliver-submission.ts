import { and, eq } from 'drizzle-orm'
import type { Db, Executor } from '#server/db/connect.ts'
import type { FieldCipher } from '#server/platform/crypto.ts'
import { type ClaimedJob, isLastAttempt, type JobHandler, PermanentJobError } from '#server/platform/jobs.ts'
import type { Mailer } from '#server/platform/mail.ts'
import { INSURANCE_TYPE_LABELS, type InsuranceType } from '#shared/domain/insurance-types.ts'
import type { SubmissionStatus } from '#shared/domain/submission-status.ts'
import { agencies } from '../agencies/agencies.table.ts'
import { applicationSubmissions, applications } from '../applications/applications.table.ts'
import { changeSubmission, findSubmission, type SubmissionRow } from '../applications/submissions.ts'
import { users } from '../auth/auth.table.ts'
import { carriers } from '../carriers/carriers.table.ts'
import { clients } from '../clients/clients.table.ts'
import { storeDocument } from '../documents/documents.service.ts'
import { notifyUser } from '../notifications/notifications.service.ts'
import { CarrierUnreachableError, postToCarrier } from './api-delivery.ts'
import { renderApplicationPacket } from './application-packet.ts'
import { submissionAttempts } from './bulk-submission.table.ts'
import { findConnectionSecret } from './carrier-connections.ts'
import type { CarrierDeliveryPayload } from './delivery-payload.ts'
import type { AllowList } from './ssrf.ts'

export interface DeliveryDeps {
  db: Db
  cipher: FieldCipher
  mailer: Mailer
  allowList: AllowList
  /** How long one API delivery may take, connection to last byte. */
  apiTimeoutMs: number
}

interface DeliveryContext {
  submission: SubmissionRow
  payload: CarrierDeliveryPayload
  carrier: { name: string; code: string; contactEmail: string | null }
  carriers: { name: string; code: string }[]
}

async function loadContext(
  db: Executor,
  agencyId: string,
  submission: SubmissionRow,
): Promise<DeliveryContext> {
  const [row] = await db
    .select({
      application: applications,
      client: clients,
      carrier: carriers,
      agencyName: agencies.name,
      agent: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(applications)
    .innerJoin(clients, eq(clients.id, applications.clientId))
    .innerJoin(agencies, eq(agencies.id, applications.agencyId))
    .innerJoin(carriers, eq(carriers.id, submission.carrierId))
    .leftJoin(users, eq(users.id, submission.requestedByUserId ?? applications.createdByUserId))
    .where(and(eq(applications.agencyId, agencyId), eq(applications.id, submission.applicationId)))
  if (!row) throw new PermanentJobError('The application of this submission no longer exists')
  // Only the packet lists every carrier the application goes to; an API body does not need them.
  const others =
    submission.method === 'api'
      ? []
      : await db
          .select({ name: carriers.name, code: carriers.code })
          .from(applicationSubmissions)
          .innerJoin(carriers, eq(carriers.id, applicationSubmissions.carrierId))
          .where(
            and(
              eq(applicationSubmissions.agencyId, agencyId),
              eq(applicationSubmissions.applicationId, submission.applicationId),
            ),
          )
          .orderBy(carriers.name)
  const { application, client, carrier, agent } = row
  return {
    submission,
    carrier: { name: carrier.name, code: carrier.code, contactEmail: carrier.contactEmail },
    carriers: others,
    payload: {
      submissionId: submission.id,
      applicationId: application.id,
      submittedAt: (submission.lastAttemptAt ?? submission.createdAt).toISOString(),
      insuranceType: application.insuranceType as InsuranceType,
      carrier: { id: carrier.id, code: carrier.code, name: carrier.name },
      agency: { id: agencyId, name: row.agencyName },
      agent: agent?.email
        ? { name: `${agent.firstName} ${agent.lastName}`.trim(), email: agent.email }
        : null,
      client: {
        firstName: client.firstName,
        lastName: client.lastName,
        email: client.email,
        phone: client.phone,
        dateOfBirth: client.dateOfBirth,
        address: client.address,
        city: client.city,
        state: client.state,
        zipCode: client.zipCode,
        ssnMasked: client.ssnLast4 ? `***-**-${client.ssnLast4}` : null,
      },
      applicationData: application.applicationData,
      notes: application.notes,
    },
  }
}

interface Outcome {
  status: SubmissionStatus
  message: string
  confirmationNumber?: string | null
  documentId?: string
  /** Notify the agent (a task for them, or a failure). */
  notify?: { title: string; priority: 'high' | 'normal' }
}

interface AttemptRecord {
  startedAt: Date
  outcome: 'delivered' | 'retry' | 'failed'
  httpStatus?: number
  error?: string
}

/** Writes an attempt and its outcome in one transaction; a submission no longer queued is left alone. */
async function settle(
  db: Db,
  submission: SubmissionRow,
  attempt: AttemptRecord,
  outcome: Outcome | { retryMessage: string },
  packet?: { content: Uint8Array; filename: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findSubmission(tx, submission.agencyId, submission.id, { forUpdate: true })
    if (current?.status !== 'queued') return
    await tx.insert(submissionAttempts).values({
      agencyId: submission.agencyId,
      submissionId: submission.id,
      attempt: current.attempts + 1,
      startedAt: attempt.startedAt,
      durationMs: Math.round(Date.now() - attempt.startedAt.getTime()),
      outcome: attempt.outcome,
      httpStatus: attempt.httpStatus ?? null,
      error: attempt.error ?? null,
    })
    const documentId = packet
      ? await storeDocument(tx, {
          agencyId: submission.agencyId,
          kind: 'application_packet',
          filename: packet.filename,
          contentType: 'application/pdf',
          content: packet.content,
          applicationId: submission.applicationId,
        })
      : undefined
    const base = { attempts: current.attempts + 1, lastAttemptAt: attempt.startedAt }
    if ('retryMessage' in outcome) {
      await changeSubmission(tx, current, {
        ...base,
        status: 'queued',
        source: 'delivery',
        message: outcome.retryMessage,
      })
      return
    }
    await changeSubmission(tx, current, {
      ...base,
      status: outcome.status,
      source: 'delivery',
      message: outcome.message,
      confirmationNumber: outcome.confirmationNumber,
      documentId: documentId ?? outcome.documentId,
      deliveredAt: outcome.status === 'failed' ? null : new Date(),
    })
    const agentId = current.requestedByUserId
    if (outcome.notify && agentId) {
      await notifyUser(tx, {
        agencyId: current.agencyId,
        userId: agentId,
        title: outcome.notify.title,
        message: outcome.message,
        type: 'update',
        priority: outcome.notify.priority,
        attachments: documentId
          ? [{ name: packet!.filename, url: `/api/documents/${documentId}/download` }]
          : [],
      })
    }
  })
}

/** Fails the submission for good, tells the agent, and stops the job from retrying. */
async function failFor(
  db: Db,
  context: DeliveryContext,
  failure: { startedAt: Date; message: string; httpStatus?: number; error?: string },
): Promise<never> {
  const { startedAt, message, httpStatus, error } = failure
  await settle(
    db,
    context.submission,
    { startedAt, outcome: 'failed', httpStatus, error: error ?? message },
    {
      status: 'failed',
      message,
      notify: { title: `Submission to ${context.carrier.name} failed`, priority: 'high' },
    },
  )
  throw new PermanentJobError(message)
}

function packetFilename(context: DeliveryContext): string {
  const client = `${context.payload.client.lastName}-${context.payload.client.firstName}`
  return `application-${client}-${context.carrier.code}.pdf`.replace(/[^\w.-]+/g, '-').toLowerCase()
}

async function renderPacket(context: DeliveryContext) {
  const content = await renderApplicationPacket({ ...context.payload, carriers: context.carriers })
  return { content, filename: packetFilename(context) }
}

function answerText(json: Record<string, unknown> | null): string {
  const text = json?.message ?? json?.error
  return typeof text === 'string' ? `: ${text.slice(0, 200)}` : ''
}

async function deliverByApi(deps: DeliveryDeps, job: ClaimedJob, context: DeliveryContext): Promise<void> {
  const { submission, carrier } = context
  const startedAt = new Date()
  const connection = await findConnectionSecret(
    deps.db,
    deps.cipher,
    submission.agencyId,
    submission.carrierId,
  )
  if (!connection?.apiEndpoint || !connection.secret) {
    const message = `No API connection for ${carrier.name}: add its endpoint and secret under Carriers, then retry.`
    return failFor(deps.db, context, { startedAt, message })
  }
  let answer: Awaited<ReturnType<typeof postToCarrier>> | undefined
  let networkError: string | undefined
  try {
    answer = await postToCarrier({
      endpoint: connection.apiEndpoint,
      secret: connection.secret,
      body: context.payload,
      idempotencyKey: submission.deliveryKey,
      timeoutMs: deps.apiTimeoutMs,
      allowList: deps.allowList,
    })
  } catch (error) {
    if (!(error instanceof CarrierUnreachableError)) throw error
    networkError = error.message
  }
  if (answer && answer.status >= 200 && answer.status < 300) {
    const confirmation = answer.json?.confirmationNumber
    const confirmationNumber = typeof confirmation === 'string' ? confirmation.slice(0, 100) : null
    await settle(
      deps.db,
      submission,
      { startedAt, outcome: 'delivered', httpStatus: answer.status },
      {
        status: 'sent',
        message: confirmationNumber
          ? `Delivered to ${carrier.name}; confirmation ${confirmationNumber}`
          : `Delivered to ${carrier.name}`,
        confirmationNumber,
      },
    )
    return
  }
  const httpStatus = answer?.status
  if (
    answer &&
    httpStatus !== undefined &&
    httpStatus >= 400 &&
    httpStatus < 500 &&
    httpStatus !== 408 &&
    httpStatus !== 429
  ) {
    const message = `${carrier.name} refused the application (HTTP ${httpStatus}${answerText(answer.json)})`
    return failFor(deps.db, context, { startedAt, httpStatus, message })
  }
  const problem =
    networkError ?? `${carrier.name} answered HTTP ${httpStatus}${answerText(answer?.json ?? null)}`
  if (isLastAttempt(job)) {
    const message = `${problem}; gave up after ${job.attempts} attempts`
    return failFor(deps.db, context, { startedAt, httpStatus, message, error: problem })
  }
  await settle(
    deps.db,
    submission,
    { startedAt, outcome: 'retry', httpStatus, error: problem },
    {
      retryMessage: `${problem}; trying again (attempt ${job.attempts} of ${job.maxAttempts})`,
    },
  )
  throw new Error(problem)
}

async function deliverByEmail(deps: DeliveryDeps, job: ClaimedJob, context: DeliveryContext): Promise<void> {
  const { submission, carrier, payload } = context
  const startedAt = new Date()
  if (!carrier.contactEmail) {
    const message = `${carrier.name} has no contact email: add one, or send the packet yourself.`
    return failFor(deps.db, context, { startedAt, message })
  }
  const packet = await renderPacket(context)
  const client = `${payload.client.firstName} ${payload.client.lastName}`
  const type = INSURANCE_TYPE_LABELS[payload.insuranceType]
  // The packet is stored first so that the message can attach it by id.
  const documentId = await storeDocument(deps.db, {
    agencyId: submission.agencyId,
    kind: 'application_packet',
    filename: packet.filename,
    contentType: 'application/pdf',
    content: packet.content,
    applicationId: submission.applicationId,
  })
  let sent: 'sent' | 'kept'
  try {
    sent = await deps.mailer.send({
      agencyId: submission.agencyId,
      to: carrier.contactEmail,
      subject: `${type} insurance application: ${client} (${payload.agency.name})`,
      text: [
        `Hello ${carrier.name} submissions team,`,
        '',
        `Please find attached a ${type.toLowerCase()} insurance application for ${client}, submitted by ${payload.agency.name}${payload.agent ? ` (${payload.agent.name}, ${payload.agent.email})` : ''}.`,
        `Our reference: ${submission.id}.`,
        '',
        'Reply to this message with your confirmation number or any questions.',
      ].join('\n'),
      attachments: [{ documentId, filename: packet.filename }],
    })
  } catch (error) {
    const problem = `The mail server refused the message (${(error as Error).message.slice(0, 200)})`
    if (isLastAttempt(job)) return failFor(deps.db, context, { startedAt, message: problem })
    await settle(
      deps.db,
      submission,
      { startedAt, outcome: 'retry', error: problem },
      { retryMessage: `${problem}; trying again (attempt ${job.attempts} of ${job.maxAttempts})` },
    )
    throw new Error(problem)
  }
  await settle(
    deps.db,
    submission,
    { startedAt, outcome: 'delivered' },
    sent === 'sent'
      ? {
          status: 'sent',
          message: `Emailed to ${carrier.contactEmail} with the application packet`,
          documentId,
        }
      : {
          status: 'action_required',
          message: `Kept in the outbox: SMTP is not configured. Email the packet to ${carrier.contactEmail}, then mark it sent.`,
          documentId,
          notify: { title: `Send the application to ${carrier.name}`, priority: 'normal' },
        },
  )
}

async function deliverByPacket(
  deps: DeliveryDeps,
  context: DeliveryContext,
  method: 'pdf' | 'manual',
): Promise<void> {
  const { submission, carrier } = context
  const startedAt = new Date()
  const packet = await renderPacket(context)
  const message =
    method === 'pdf'
      ? `Application packet ready: download it, send it to ${carrier.name}, then mark it sent.`
      : `${carrier.name} takes applications by hand: send the packet with its own forms, then mark it sent.`
  await settle(
    deps.db,
    submission,
    { startedAt, outcome: 'delivered' },
    {
      status: 'action_required',
      message,
      notify: { title: `Send the application to ${carrier.name}`, priority: 'normal' },
    },
    packet,
  )
}

/**
 * The worker's handler for one submission: delivers it by the carrier's method and records the
 * attempt and the outcome. Only a queued submission is delivered, so a job that runs again after a
 * crash finds the work done and stops; an API delivery that was in flight when the worker died is
 * sent again with the same idempotency key, which the carrier answers as the same submission.
 */
export function createDeliveryHandler(deps: DeliveryDeps): JobHandler {
  return async (job) => {
    const submissionId = String(job.payload.submissionId ?? '')
    if (!job.agencyId || !submissionId)
      throw new PermanentJobError('A delivery job needs an agency and a submission')
    const submission = await findSubmission(deps.db, job.agencyId, submissionId)
    if (submission?.status !== 'queued') return
    const context = await loadContext(deps.db, job.agencyId, submission)
    switch (submission.method) {
      case 'api':
        return deliverByApi(deps, job, context)
      case 'email':
        return deliverByEmail(deps, job, context)
      case 'pdf':
      case 'manual':
        return deliverByPacket(deps, context, submission.method)
      default:
        throw new PermanentJobError(`Unknown submission method ${submission.method}`)
    }
  }
}
