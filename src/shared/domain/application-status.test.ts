import { describe, expect, it } from 'vitest'
import {
  APPLICATION_STATUSES,
  APPLICATION_TRANSITIONS,
  canTransition,
  manualTransitions,
  transitionRefusal,
} from './application-status.ts'

describe('application status machine', () => {
  it('moves a draft to pending, through review, to a final answer', () => {
    expect(canTransition('draft', 'pending')).toBe(true)
    expect(canTransition('pending', 'review')).toBe(true)
    expect(canTransition('review', 'approved')).toBe(true)
    expect(canTransition('review', 'rejected')).toBe(true)
  })

  it('lets an approval go on only to bound, and a rejection be reopened as a draft only', () => {
    expect(APPLICATION_TRANSITIONS.approved).toEqual(['bound'])
    expect(APPLICATION_STATUSES.filter((to) => canTransition('rejected', to))).toEqual(['draft'])
    expect(canTransition('draft', 'approved')).toBe(false)
  })

  it('binds from every status a quote comes back in, never from a draft or a rejection, and bound is final', () => {
    expect(APPLICATION_STATUSES.filter((from) => canTransition(from, 'bound'))).toEqual([
      'pending',
      'review',
      'approved',
    ])
    expect(APPLICATION_TRANSITIONS.bound).toEqual([])
  })

  it('leaves bound out of the moves made by hand', () => {
    expect(manualTransitions('approved')).toEqual([])
    expect(manualTransitions('review')).toEqual(['approved', 'rejected', 'pending'])
    for (const status of APPLICATION_STATUSES) expect(manualTransitions(status)).not.toContain('bound')
  })

  it('never allows staying put, and names both states when refusing', () => {
    for (const status of APPLICATION_STATUSES) expect(canTransition(status, status)).toBe(false)
    expect(transitionRefusal('approved', 'draft')).toBe(
      'An application that is approved cannot become draft.',
    )
  })
})
