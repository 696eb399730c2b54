import { describe, expect, it } from 'vitest'
import {
  DEFAULT_WORKFLOW_STEPS,
  findWorkflowProblem,
  remainingDays,
  stepStates,
  type WorkflowStep,
} from './onboarding-workflow.ts'

const s = (id: string, estimatedDays: number, dependencies: string[] = []): WorkflowStep => ({
  id,
  title: id.toUpperCase(),
  description: '',
  required: true,
  estimatedDays,
  dependencies,
  checks: null,
})

describe('the default template', () => {
  it('has the spec’s seven required steps with their days and dependencies', () => {
    expect(
      DEFAULT_WORKFLOW_STEPS.map((step) => [
        step.title,
        step.estimatedDays,
        step.dependencies.map((id) => DEFAULT_WORKFLOW_STEPS.findIndex((other) => other.id === id) + 1),
        step.required,
      ]),
    ).toEqual([
      ['Personal Information Collection', 1, [], true],
      ['License Verification', 2, [1], true],
      ['Background Check', 3, [1], true],
      ['E&O Insurance', 2, [2], true],
      ['Training Schedule', 7, [3, 4], true],
      ['Carrier Appointments', 5, [5], true],
      ['System Setup', 1, [5], true],
    ])
    expect(findWorkflowProblem(DEFAULT_WORKFLOW_STEPS)).toBeNull()
  })
})

describe('checking a workflow', () => {
  it('refuses a dependency on a step that is not there', () => {
    expect(findWorkflowProblem([s('a', 1), s('b', 1, ['zz'])])).toBe(
      "Step 'B' depends on 'zz', which is not a step of this workflow.",
    )
  })

  it('refuses a cycle, naming its steps in order', () => {
    expect(findWorkflowProblem([s('a', 1, ['c']), s('b', 1, ['a']), s('c', 1, ['b'])])).toBe(
      "These steps depend on each other in a circle, so none of them could ever start: 'A' → 'C' → 'B' → 'A'.",
    )
    expect(findWorkflowProblem([s('a', 1, ['a'])])).toContain("'A' → 'A'")
  })

  it('refuses two steps with one id, and takes a diamond', () => {
    expect(findWorkflowProblem([s('a', 1), s('a', 2)])).toContain("'a'")
    expect(
      findWorkflowProblem([s('a', 1), s('b', 1, ['a']), s('c', 1, ['a']), s('d', 1, ['b', 'c'])]),
    ).toBeNull()
  })
})

describe('an agent’s steps', () => {
  const steps = [s('a', 1), s('b', 2, ['a']), s('c', 3, ['a']), s('d', 2, ['b']), s('e', 7, ['c', 'd'])]

  it('counts a step done only once the steps it depends on are done', () => {
    const met = new Set(['b', 'c'])
    expect(Object.fromEntries(stepStates(steps, (id) => met.has(id)))).toEqual({
      a: 'ready',
      b: 'waiting',
      c: 'waiting',
      d: 'waiting',
      e: 'waiting',
    })
    met.add('a')
    expect(Object.fromEntries(stepStates(steps, (id) => met.has(id)))).toEqual({
      a: 'done',
      b: 'done',
      c: 'done',
      d: 'ready',
      e: 'waiting',
    })
  })

  it('estimates the remaining days along the longest path, not the sum', () => {
    // a(1) → b(2) → d(2) → e(7) is 12; a → c(3) → e is 11; the sum would be 15.
    expect(remainingDays(steps, () => false)).toBe(12)
    // With a and b done: c(3) ∥ d(2), then e(7).
    expect(remainingDays(steps, (id) => id === 'a' || id === 'b')).toBe(10)
    expect(remainingDays(steps, () => true)).toBe(0)
    expect(remainingDays(DEFAULT_WORKFLOW_STEPS, () => false)).toBe(1 + 2 + 2 + 7 + 5)
  })
})
