import { describe, expect, it } from 'vitest'
import {
  agentProgressStatus,
  documentExpiry,
  estimatedCompletionLabel,
  progressBand,
  progressPercent,
} from './onboarding-progress.ts'
import { refusedDocumentMove, refusedTrainingMove } from './onboarding-records.ts'

describe('progress bands', () => {
  it('puts each percent in its band at the boundaries', () => {
    const band = (percent: number) => progressBand(percent).label
    expect([100, 120, 99, 75, 74, 50, 49, 25, 24, 0].map(band)).toEqual([
      'Completed',
      'Completed',
      'Near Completion',
      'Near Completion',
      'In Progress',
      'In Progress',
      'Getting Started',
      'Getting Started',
      'Not Started',
      'Not Started',
    ])
  })

  it('rounds the share of steps done and reads the status', () => {
    expect(progressPercent(1, 7)).toBe(14)
    expect(progressPercent(0, 0)).toBe(0)
    expect(agentProgressStatus({ done: 7, total: 7, blocked: true })).toBe('completed')
    expect(agentProgressStatus({ done: 2, total: 7, blocked: true })).toBe('blocked')
    expect(agentProgressStatus({ done: 0, total: 7, blocked: false })).toBe('not_started')
    expect(agentProgressStatus({ done: 3, total: 7, blocked: false })).toBe('in_progress')
  })

  it('labels the estimated completion N days, or Overdue', () => {
    expect(estimatedCompletionLabel(12)).toBe('12 days')
    expect(estimatedCompletionLabel(1)).toBe('1 day')
    expect(estimatedCompletionLabel(0)).toBe('Overdue')
    expect(estimatedCompletionLabel(-4)).toBe('Overdue')
  })

  it('flags a document expiring within 30 days', () => {
    expect([null, -1, 0, 1, 30, 31].map(documentExpiry)).toEqual([
      'none',
      'expired',
      'expired',
      'expiring',
      'expiring',
      'valid',
    ])
  })
})

describe('record state machines', () => {
  it('lets training be marked present or no-show from scheduled, and keeps completed final', () => {
    expect(refusedTrainingMove('scheduled', 'completed')).toBeNull()
    expect(refusedTrainingMove('scheduled', 'no_show')).toBeNull()
    expect(refusedTrainingMove('no_show', 'scheduled')).toBeNull()
    expect(refusedTrainingMove('completed', 'no_show')).toBe(
      'A training session that is completed cannot become no show.',
    )
  })

  it('reviews a document only while it is pending', () => {
    expect(refusedDocumentMove('pending', 'approved')).toBeNull()
    expect(refusedDocumentMove('pending', 'rejected')).toBeNull()
    expect(refusedDocumentMove('approved', 'rejected')).toBe(
      'A document that is approved cannot become rejected.',
    )
    expect(refusedDocumentMove('rejected', 'approved')).toBe(
      'A document that is rejected cannot become approved.',
    )
    expect(refusedDocumentMove('rejected', 'pending')).toBeNull()
  })
})
