import type { z } from 'zod'
import type { Db } from '#server/db/connect.ts'
import { AppError, invalidField } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import type {
  TrainingChangeSchema,
  TrainingInputSchema,
  TrainingSession,
} from '#shared/contracts/onboarding-records.contract.ts'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { refusedTrainingMove, type TrainingStatus } from '#shared/domain/onboarding-records.ts'
import { agentFilter, agentForForm, agentName, assertAdmin, scopeOf } from './onboarding-access.service.ts'
import { recordAgentChange, updateAgentRecord } from './record-agent-change.ts'
import * as repository from './training.repository.ts'

type TrainingInput = z.output<typeof TrainingInputSchema>
type TrainingChange = z.output<typeof TrainingChangeSchema>

function toTraining({
  session,
  agentCode,
  firstName,
  lastName,
}: repository.TrainingWithAgent): TrainingSession {
  return {
    id: session.id,
    agentId: agentCode,
    agentName: agentName({ firstName, lastName }),
    trainerId: session.trainerId,
    title: session.title,
    description: session.description,
    trainingType: session.trainingType,
    scheduledDate: session.scheduledDate.toISOString(),
    duration: session.duration,
    location: session.location,
    meetingLink: session.meetingLink,
    attendanceRequired: session.attendanceRequired,
    attendanceConfirmed: session.attendanceConfirmed,
    status: session.status,
    notes: session.notes,
    createdAt: session.createdAt.toISOString(),
    updatedAt: session.updatedAt.toISOString(),
  }
}

export async function listTraining(
  db: Db,
  ctx: Ctx,
  agentCode: string | undefined,
): Promise<TrainingSession[]> {
  const scope = await scopeOf(db, ctx)
  const agentId = await agentFilter(db, scope, agentCode)
  const rows = await repository.listTraining(db, scope.agencyId, { agentId })
  return rows.map(toTraining)
}

/** Sessions are scheduled and recorded by the agency's admins; agents see their own. */
export async function scheduleTraining(db: Db, ctx: Ctx, input: TrainingInput): Promise<TrainingSession> {
  const { agencyId } = ctx.actor
  return db.transaction(async (tx) => {
    const scope = await scopeOf(tx, ctx)
    assertAdmin(scope)
    const agent = await agentForForm(tx, scope, input.agentId)
    const { agentId: _code, scheduledDate, ...fields } = input
    const id = await repository.insertTraining(tx, {
      ...fields,
      scheduledDate: new Date(scheduledDate),
      agencyId,
      agentId: agent.id,
    })
    await recordAgentChange(tx, ctx, {
      agentId: agent.id,
      action: 'onboarding.training_scheduled',
      entity: { type: 'training_session', id: id },
      details: { trainingType: input.trainingType, scheduledDate },
    })
    const [row] = await repository.listTraining(tx, agencyId, { id })
    return toTraining(row!)
  })
}

/**
 * A session that requires attendance is completed exactly when attendance is confirmed (Present)
 * and a no-show has none: given one, the other follows; given both, they must agree.
 */
function attendanceOf(
  current: { attendanceRequired: boolean; attendanceConfirmed: boolean },
  change: TrainingChange,
): { status?: TrainingStatus; attendanceConfirmed?: boolean } {
  const required = change.attendanceRequired ?? current.attendanceRequired
  const { status } = change
  if (!required || status === undefined) return { status, attendanceConfirmed: change.attendanceConfirmed }
  const implied = status === 'completed' ? true : status === 'no_show' ? false : undefined
  if (implied === undefined) return { status, attendanceConfirmed: change.attendanceConfirmed }
  if (change.attendanceConfirmed !== undefined && change.attendanceConfirmed !== implied)
    throw invalidField('attendanceConfirmed', T.attendanceMismatch)
  return { status, attendanceConfirmed: implied }
}

export async function updateTraining(
  db: Db,
  ctx: Ctx,
  id: string,
  change: TrainingChange,
): Promise<TrainingSession> {
  return updateAgentRecord(db, ctx, {
    find: (tx, agencyId) => repository.findTraining(tx, agencyId, id),
    change: async (tx, scope, current) => {
      assertAdmin(scope)
      const { agentId: code, scheduledDate, ...fields } = change
      const attendance = attendanceOf(current, change)
      if (attendance.status) {
        const refused = refusedTrainingMove(current.status, attendance.status)
        if (refused) throw new AppError('CONFLICT', { message: refused })
      }
      const agent = code ? await agentForForm(tx, scope, code) : null
      await repository.updateTraining(tx, scope.agencyId, id, {
        ...fields,
        ...attendance,
        ...(scheduledDate ? { scheduledDate: new Date(scheduledDate) } : {}),
        ...(agent ? { agentId: agent.id } : {}),
      })
      return {
        agentId: agent?.id ?? current.agentId,
        action: 'onboarding.training_updated',
        entity: { type: 'training_session', id: id },
        details: {
          fields: Object.keys(change),
          ...(attendance.status && attendance.status !== current.status
            ? { from: current.status, to: attendance.status }
            : {}),
        },
      }
    },
    read: async (tx, agencyId) => toTraining((await repository.listTraining(tx, agencyId, { id }))[0]!),
  })
}
