import { describe, expect, it } from 'vitest'
import {
  APPLICATION_STATUSES,
  APPLICATION_TRANSITIONS,
  canTransition,
  transitionRefusal,
} from './application-status.ts'

describe('application status machine', () => {
  it('moves a draft to pending, through review, to a final answer', () => {
    expect(canTransition('draft', 'pending')).toBe(true)
    expect(canTransition('pending', 'review')).toBe(true)
    expect(canTransition('review', 'approved')).toBe(true)
    expect(canTransition('review', 'rejected')).toBe(true)
  })

  it('keeps an approval final and lets a rejection be reopened as a draft only', () => {
    expect(APPLICATION_TRANSITIONS.approved).toEqual([])
    expect(APPLICATION_STATUSES.filter((to) => canTransition('rejected', to))).toEqual(['draft'])
    expect(canTransition('draft', 'approved')).toBe(false)
  })

  it('never allows staying put, and names both states when refusing', () => {
    for (const status of APPLICATION_STATUSES) expect(canTransition(status, status)).toBe(false)
    expect(transitionRefusal('approved', 'draft')).toBe(
      'An application that is approved cannot become draft.',
    )
  })
})
