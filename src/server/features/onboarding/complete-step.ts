import type { Db } from '#server/db/connect.ts'
import { AppError } from '#server/platform/app-error.ts'
import type { Ctx } from '#server/platform/context.ts'
import { ONBOARDING_TEXTS as T } from '#shared/contracts/onboarding-texts.ts'
import { CHECKLIST_LABELS } from '#shared/domain/onboarding-workflow.ts'
import * as agents from './agents.repository.ts'
import { assertAdmin, notFound, scopeOf } from './onboarding-access.service.ts'
import { loadProgress } from './progress.service.ts'
import { recordAgentChange } from './record-agent-change.ts'

/**
 * An admin ticks a step no record completes (a custom workflow's "meet your mentor"). Refused when
 * a record decides it (its checklist item), when it is done already, and, with a 409 naming them,
 * while any step it depends on is not done: a step cannot be completed before its dependencies.
 */
export async function completeStep(db: Db, ctx: Ctx, agentId: string, stepId: string) {
  const { agencyId, userId } = ctx.actor
  return db.transaction(async (tx) => {
    const scope = await scopeOf(tx, ctx)
    const agent = await agents.findAgent(tx, agencyId, agentId, { forUpdate: true })
    if (!agent) throw notFound()
    assertAdmin(scope)
    const [progress] = await loadProgress(tx, scope, agent.id)
    const step = progress?.steps.find((candidate) => candidate.id === stepId)
    if (!progress || !step) throw notFound()
    if (step.checks)
      throw new AppError('CONFLICT', {
        message: T.stepByRecords.replace('{item}', CHECKLIST_LABELS[step.checks]),
      })
    const state = progress.states.get(step.id)
    if (state === 'done') throw new AppError('CONFLICT', { message: T.stepDone })
    if (state === 'waiting') {
      const open = step.dependencies
        .filter((id) => progress.states.get(id) !== 'done')
        .map((id) => `'${progress.steps.find((candidate) => candidate.id === id)?.title ?? id}'`)
      throw new AppError('CONFLICT', { message: T.stepWaiting.replace('{steps}', open.join(', ')) })
    }
    await agents.insertStepCompletion(tx, { agencyId, agentId: agent.id, stepId, completedBy: userId })
    await recordAgentChange(tx, ctx, {
      agentId: agent.id,
      action: 'onboarding.step_completed',
      entity: { type: 'onboarding_agent', id: agent.id },
      details: { stepId },
    })
    return { completed: true as const }
  })
}
