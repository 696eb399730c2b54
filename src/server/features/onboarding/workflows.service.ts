import type { z } from 'zod'
import type { Db, Executor } from '#server/db/connect.ts'
import { invalidField } from '#server/platform/app-error.ts'
import { recordAudit } from '#server/platform/audit.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { Workflow, WorkflowInputSchema } from '#shared/contracts/onboarding-agents.contract.ts'
import {
  DEFAULT_WORKFLOW,
  DEFAULT_WORKFLOW_STEPS,
  remainingDays,
} from '#shared/domain/onboarding-workflow.ts'
import { assertAdmin, scopeOf } from './onboarding-access.service.ts'
import * as repository from './workflows.repository.ts'

type WorkflowInput = z.output<typeof WorkflowInputSchema>

export function toWorkflow(row: repository.WorkflowRow, agentCount: number): Workflow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    steps: row.steps,
    totalEstimatedDays: row.steps.reduce((sum, step) => sum + step.estimatedDays, 0),
    criticalPathDays: remainingDays(row.steps, () => false),
    agentCount,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function listWorkflows(db: Db, ctx: Ctx): Promise<Workflow[]> {
  const { agencyId } = ctx.actor
  const [rows, counts] = await Promise.all([
    repository.listWorkflows(db, agencyId),
    repository.countAgentsByWorkflow(db, agencyId),
  ])
  return rows.map((row) => toWorkflow(row, counts.get(row.id) ?? 0))
}

/** The contract has checked the steps (ids, dependencies, no cycles) before this runs. */
export async function createWorkflow(db: Db, ctx: Ctx, input: WorkflowInput): Promise<Workflow> {
  const { agencyId, userId } = ctx.actor
  return db.transaction(async (tx) => {
    assertAdmin(await scopeOf(tx, ctx))
    const row = await repository.insertWorkflow(tx, {
      agencyId,
      name: input.name,
      description: input.description,
      isActive: input.isActive,
      steps: input.steps,
      createdBy: userId,
    })
    await recordAudit(tx, ctx, {
      action: 'onboarding.workflow_created',
      entity: { type: 'onboarding_workflow', id: row.id },
      details: { steps: row.steps.length, isActive: row.isActive },
    })
    return toWorkflow(row, 0)
  })
}

/**
 * The workflow a new agent follows: the one asked for (it must be the agency's and active), else the
 * newest active one, else the default template, created now for an agency that has none.
 */
export async function workflowForNewAgent(tx: Executor, ctx: Ctx, workflowId: string | null) {
  const { agencyId, userId } = ctx.actor
  if (workflowId) {
    const chosen = await repository.findWorkflow(tx, agencyId, workflowId)
    if (!chosen?.isActive) throw invalidField('workflowId', 'Choose one of your agency’s active workflows.')
    return chosen
  }
  const newest = await repository.findNewestActiveWorkflow(tx, agencyId)
  if (newest) return newest
  const created = await repository.insertWorkflow(tx, {
    agencyId,
    ...DEFAULT_WORKFLOW,
    isActive: true,
    steps: [...DEFAULT_WORKFLOW_STEPS],
    createdBy: userId,
  })
  await recordAudit(tx, ctx, {
    action: 'onboarding.workflow_created',
    entity: { type: 'onboarding_workflow', id: created.id },
    details: { steps: created.steps.length, template: 'default' },
  })
  return created
}
