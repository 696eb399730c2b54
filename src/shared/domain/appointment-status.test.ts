import { describe, expect, it } from 'vitest'
import { appointmentStatusOf, refusedAppointmentMove, summarizeAppointment } from './appointment-status.ts'
import { SUBMISSION_STATUSES } from './submission-status.ts'

describe('the appointment state machine', () => {
  it('reads every carrier submission status as an appointment status', () => {
    expect(Object.fromEntries(SUBMISSION_STATUSES.map((s) => [s, appointmentStatusOf(s)]))).toEqual({
      queued: 'submitted',
      action_required: 'submitted',
      sent: 'submitted',
      acknowledged: 'pending',
      under_review: 'pending',
      // Quotes and binds are an insurance application's: the webhook never reports them on an appointment's.
      quoted: 'submitted',
      approved: 'approved',
      declined: 'rejected',
      bound: 'submitted',
      failed: 'failed',
    })
  })

  it('moves forward only and keeps approved and rejected final, naming both states when it refuses', () => {
    expect(refusedAppointmentMove('sent', 'pending')).toBeNull()
    expect(refusedAppointmentMove('under_review', 'approved')).toBeNull()
    expect(refusedAppointmentMove('action_required', 'rejected')).toBeNull()
    expect(refusedAppointmentMove('approved', 'pending')).toBe(
      'An appointment that is approved cannot become pending.',
    )
    expect(refusedAppointmentMove('declined', 'approved')).toContain('rejected')
    expect(refusedAppointmentMove('acknowledged', 'pending')).toContain('pending')
    expect(refusedAppointmentMove('failed', 'approved')).toContain('retry')
    // Not yet delivered: an answer recorded now would stop the delivery.
    expect(refusedAppointmentMove('queued', 'approved')).toContain('still being delivered')
  })

  it('summarises an application across its carriers', () => {
    expect(summarizeAppointment([])).toBe('submitted')
    expect(summarizeAppointment(['submitted', 'pending'])).toBe('pending')
    expect(summarizeAppointment(['rejected', 'approved'])).toBe('approved')
    expect(summarizeAppointment(['rejected', 'rejected'])).toBe('rejected')
    expect(summarizeAppointment(['rejected', 'failed'])).toBe('submitted')
  })
})
