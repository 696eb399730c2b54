/**
 * Onboarding workflows (spec part 3 §3): steps with estimated days and dependencies on other
 * steps of the same workflow. Pure rules shared by the create dialog and the server.
 */

/** The seven checklist items of the Progress tab; a step may stand for one of them. */
export const CHECKLIST_ITEMS = [
  'personalInfo',
  'licenseVerification',
  'backgroundCheck',
  'eoInsurance',
  'training',
  'carrierAppointments',
  'systemSetup',
] as const
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number]

export const CHECKLIST_LABELS: Record<ChecklistItem, string> = {
  personalInfo: 'Personal Information',
  licenseVerification: 'License Verification',
  backgroundCheck: 'Background Check',
  eoInsurance: 'E&O Insurance',
  training: 'Training',
  carrierAppointments: 'Carrier Appointments',
  systemSetup: 'System Setup',
}

export interface WorkflowStep {
  id: string
  title: string
  description: string
  required: boolean
  estimatedDays: number
  dependencies: string[]
  /** The checklist item whose records complete this step; null for a step completed by hand. */
  checks: ChecklistItem | null
}

export const DEFAULT_STEP_DAYS = 1

const step = (
  id: string,
  title: string,
  description: string,
  estimatedDays: number,
  dependencies: string[],
  checks: ChecklistItem,
): WorkflowStep => ({ id, title, description, required: true, estimatedDays, dependencies, checks })

/** The default template: the spec's seven steps, all required, with their days and dependencies. */
export const DEFAULT_WORKFLOW_STEPS: readonly WorkflowStep[] = [
  step(
    'personal-info',
    'Personal Information Collection',
    'Contact details, department and start date',
    1,
    [],
    'personalInfo',
  ),
  step(
    'license-verification',
    'License Verification',
    'An active state license on file',
    2,
    ['personal-info'],
    'licenseVerification',
  ),
  step(
    'background-check',
    'Background Check',
    'An approved background check document',
    3,
    ['personal-info'],
    'backgroundCheck',
  ),
  step(
    'eo-insurance',
    'E&O Insurance',
    'An approved, unexpired E&O insurance certificate',
    2,
    ['license-verification'],
    'eoInsurance',
  ),
  step(
    'training-schedule',
    'Training Schedule',
    'Every required training session attended',
    7,
    ['background-check', 'eo-insurance'],
    'training',
  ),
  step(
    'carrier-appointments',
    'Carrier Appointments',
    'At least one carrier appointment approved',
    5,
    ['training-schedule'],
    'carrierAppointments',
  ),
  step(
    'system-setup',
    'System Setup',
    'The agent has set a password and signed in to the agency',
    1,
    ['training-schedule'],
    'systemSetup',
  ),
]

export const DEFAULT_WORKFLOW = {
  name: 'Standard Agent Onboarding',
  description: 'The default path for a new agent, from personal information to system setup.',
} as const

/**
 * What is wrong with a workflow's steps, or null: ids must be unique, every dependency must name a
 * step of this workflow, and the dependencies may not form a cycle (a step waiting on itself).
 */
export function findWorkflowProblem(
  steps: readonly Pick<WorkflowStep, 'id' | 'title' | 'dependencies'>[],
): string | null {
  const byId = new Map<string, (typeof steps)[number]>()
  for (const s of steps) {
    if (byId.has(s.id)) return `Two steps share the id '${s.id}': each step needs its own.`
    byId.set(s.id, s)
  }
  for (const s of steps) {
    const missing = s.dependencies.find((dependency) => !byId.has(dependency))
    if (missing !== undefined)
      return `Step '${s.title}' depends on '${missing}', which is not a step of this workflow.`
  }
  const cycle = findCycle(steps)
  if (cycle) {
    const names = cycle.map((id) => `'${byId.get(id)!.title}'`)
    return `These steps depend on each other in a circle, so none of them could ever start: ${names.join(' → ')}.`
  }
  return null
}

/** One cycle of the dependency graph as step ids (first repeated at the end), or null. */
function findCycle(steps: readonly Pick<WorkflowStep, 'id' | 'dependencies'>[]): string[] | null {
  const dependenciesOf = new Map(steps.map((s) => [s.id, s.dependencies]))
  const state = new Map<string, 'visiting' | 'done'>()
  const path: string[] = []
  const visit = (id: string): string[] | null => {
    if (state.get(id) === 'done') return null
    if (state.get(id) === 'visiting') return [...path.slice(path.indexOf(id)), id]
    state.set(id, 'visiting')
    path.push(id)
    for (const dependency of dependenciesOf.get(id) ?? []) {
      const found = visit(dependency)
      if (found) return found
    }
    path.pop()
    state.set(id, 'done')
    return null
  }
  for (const s of steps) {
    const found = visit(s.id)
    if (found) return found
  }
  return null
}

export type StepState = 'done' | 'ready' | 'waiting'

/**
 * Each step's state for one agent: done when its own requirement is met and every step it
 * depends on is done (a step cannot be completed before its dependencies); ready when its
 * dependencies are done; waiting otherwise. `met` says whose requirement holds.
 */
export function stepStates(
  steps: readonly Pick<WorkflowStep, 'id' | 'dependencies'>[],
  met: (stepId: string) => boolean,
): Map<string, StepState> {
  const byId = new Map(steps.map((s) => [s.id, s]))
  const states = new Map<string, StepState>()
  const stateOf = (id: string, seen: Set<string>): StepState => {
    const known = states.get(id)
    if (known) return known
    const s = byId.get(id)
    // A checked workflow has no cycles or missing steps; guard anyway so a bad row cannot hang.
    if (!s || seen.has(id)) return 'waiting'
    seen.add(id)
    const depsDone = s.dependencies.every((dependency) => stateOf(dependency, seen) === 'done')
    const state: StepState = depsDone ? (met(id) ? 'done' : 'ready') : 'waiting'
    states.set(id, state)
    return state
  }
  for (const s of steps) stateOf(s.id, new Set())
  return states
}

/**
 * Days until every remaining step is done: the longest path through the steps not yet done, each
 * taking its estimated days after the last of its dependencies ends (steps in parallel overlap,
 * so this is not a sum). Done steps take no time.
 */
export function remainingDays(
  steps: readonly Pick<WorkflowStep, 'id' | 'dependencies' | 'estimatedDays'>[],
  done: (stepId: string) => boolean,
): number {
  const byId = new Map(steps.map((s) => [s.id, s]))
  const finish = new Map<string, number>()
  const finishOf = (id: string, seen: Set<string>): number => {
    const known = finish.get(id)
    if (known !== undefined) return known
    const s = byId.get(id)
    if (!s || seen.has(id)) return 0
    seen.add(id)
    const start = Math.max(0, ...s.dependencies.map((dependency) => finishOf(dependency, seen)))
    const end = start + (done(id) ? 0 : s.estimatedDays)
    finish.set(id, end)
    return end
  }
  return Math.max(0, ...steps.map((s) => finishOf(s.id, new Set())))
}
