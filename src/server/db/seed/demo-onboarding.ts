import { Readable } from 'node:stream'
import type { Db } from '#server/db/connect.ts'
import { createAgentAccount } from '#server/features/auth/auth.service.ts'
import { addAgent, listAgents } from '#server/features/onboarding/agents.service.ts'
import { attachDocumentFile } from '#server/features/onboarding/attach-document-file.ts'
import { addLicense } from '#server/features/onboarding/licenses.service.ts'
import {
  addOnboardingDocument,
  updateOnboardingDocument,
} from '#server/features/onboarding/onboarding-documents.service.ts'
import { scheduleTraining, updateTraining } from '#server/features/onboarding/training.service.ts'
import { createWorkflow } from '#server/features/onboarding/workflows.service.ts'
import type { Ctx } from '#server/platform/context.ts'
import { hashPassword } from '#server/platform/passwords.ts'
import type { FileStorage } from '#server/platform/storage/storage.ts'
import { NewAgentSchema, WorkflowInputSchema } from '#shared/contracts/onboarding-agents.contract.ts'
import {
  DocumentInputSchema,
  LicenseInputSchema,
  TrainingInputSchema,
} from '#shared/contracts/onboarding-records.contract.ts'
import { addDays, isoDay } from '#shared/domain/license-status.ts'
import { DEFAULT_WORKFLOW_STEPS } from '#shared/domain/onboarding-workflow.ts'
import { demoPdf } from './demo-pdf.ts'

type Stage = 'nearly_done' | 'expiring' | 'invited' | 'blocked' | 'new'

const AGENTS: {
  code: string
  first: string
  last: string
  department: string
  stage: Stage
  joined: boolean
}[] = [
  {
    code: 'AGT-1001',
    first: 'Maya',
    last: 'Chen',
    department: 'life-health',
    stage: 'nearly_done',
    joined: true,
  },
  {
    code: 'AGT-1002',
    first: 'Luis',
    last: 'Ortega',
    department: 'personal-lines',
    stage: 'expiring',
    joined: true,
  },
  {
    code: 'AGT-1003',
    first: 'Priya',
    last: 'Nair',
    department: 'commercial-lines',
    stage: 'invited',
    joined: false,
  },
  { code: 'AGT-1004', first: 'Sam', last: 'Whitaker', department: 'sales', stage: 'blocked', joined: false },
  {
    code: 'AGT-1005',
    first: 'Grace',
    last: 'Kim',
    department: 'customer-service',
    stage: 'new',
    joined: false,
  },
]

/**
 * The demo agency's onboarding: five agents at different stages (two joined, three invited), their
 * licenses (one expiring in 20 days, one in 60), training and documents (one with a real file),
 * and a second, inactive workflow beside the default one.
 */
export async function seedDemoOnboarding(
  db: Db,
  deps: { storage: FileStorage; publicUrl: string },
  ctx: Ctx,
) {
  if ((await listAgents(db, ctx, undefined)).length > 0) return
  const today = isoDay()
  const settings = { publicUrl: deps.publicUrl, smtpConfigured: false }
  for (const person of AGENTS) {
    const email = `${person.first}.${person.last}@harborpoint-demo.example`.toLowerCase()
    if (person.joined) {
      // They joined before: an account of the agency (no password: the demo signs in as the admin).
      await db.transaction(async (tx) =>
        createAgentAccount(tx, {
          agencyId: ctx.actor.agencyId,
          email,
          firstName: person.first,
          lastName: person.last,
          passwordHash: await hashPassword(`${crypto.randomUUID()}${crypto.randomUUID()}`),
        }),
      )
    }
    await addAgent(
      db,
      ctx,
      NewAgentSchema.parse({
        agentId: person.code,
        firstName: person.first,
        lastName: person.last,
        email,
        phone: person.stage === 'new' ? '' : `(512) 555-01${person.code.slice(-2)}`,
        department: person.department,
        startDate: addDays(today, person.stage === 'new' ? 3 : -20),
        supervisor: 'Jordan Avery',
      }),
      settings,
    )
    await seedRecords(db, deps.storage, ctx, person.code, person.stage, today)
  }
  await createWorkflow(
    db,
    ctx,
    WorkflowInputSchema.parse({
      name: 'Commercial Lines Fast Track',
      description: 'For licensed producers moving over from another agency: no background check step.',
      isActive: false,
      steps: DEFAULT_WORKFLOW_STEPS.filter((step) => step.id !== 'background-check').map((step) => ({
        ...step,
        dependencies: step.dependencies.filter((id) => id !== 'background-check'),
      })),
    }),
  )
}

async function seedRecords(
  db: Db,
  storage: FileStorage,
  ctx: Ctx,
  agentId: string,
  stage: Stage,
  today: string,
) {
  const license = (days: number, state: string, type: string) =>
    addLicense(
      db,
      ctx,
      LicenseInputSchema.parse({
        agentId,
        licenseNumber: `${state}-${agentId.slice(-4)}${days}`,
        state,
        licenseType: type,
        issueDate: addDays(today, -700),
        expirationDate: addDays(today, days),
      }),
    )
  const document = async (
    documentType: string,
    documentName: string,
    review?: 'approved' | 'rejected',
    days = 250,
  ) => {
    const added = await addOnboardingDocument(
      db,
      ctx,
      DocumentInputSchema.parse({
        agentId,
        documentType,
        documentName,
        expirationDate: addDays(today, days),
      }),
    )
    if (review) await updateOnboardingDocument(db, ctx, added.id, { status: review })
    return added
  }
  const training = async (title: string, inDays: number, present: boolean) => {
    const session = await scheduleTraining(
      db,
      ctx,
      TrainingInputSchema.parse({
        agentId,
        title,
        trainingType: 'onboarding',
        scheduledDate: `${addDays(today, inDays)}T15:00:00.000Z`,
        location: 'Harbor Point office, room 2',
      }),
    )
    if (present) await updateTraining(db, ctx, session.id, { status: 'completed', attendanceConfirmed: true })
  }
  if (stage === 'nearly_done') {
    await license(400, 'TX', 'Life & Health')
    await document('eo_insurance', 'E&O certificate 2026', 'approved')
    await document('background_check', 'Background check report', 'approved')
    await training('Welcome and compliance basics', -10, true)
  } else if (stage === 'expiring') {
    await license(20, 'TX', 'Property & Casualty')
    await license(300, 'OK', 'Property & Casualty')
    await document('background_check', 'Background check report', 'approved')
    await document('eo_insurance', 'E&O certificate', undefined, 25)
    await training('Welcome and compliance basics', 5, false)
  } else if (stage === 'invited') {
    await license(60, 'LA', 'Life Only')
    const eo = await document('eo_insurance', 'E&O certificate (scan)')
    const content = await demoPdf('Certificate of E&O insurance (demo)')
    await attachDocumentFile(db, storage, ctx, eo.id, {
      filename: 'eo-certificate-demo.pdf',
      stream: Readable.from([content]),
    })
    await training('Carrier portal walkthrough', 9, false)
  } else if (stage === 'blocked') {
    await document('w9', 'W-9 (unsigned)', 'rejected')
  }
}
