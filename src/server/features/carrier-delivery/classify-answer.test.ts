import { describe, expect, it } from 'vitest'
import { classifyCarrierReply } from './classify-answer.ts'

const classify = (status: number, json: Record<string, unknown> | null = null) =>
  classifyCarrierReply('Sunrise Mutual', { status, json })

describe('classifyCarrierReply', () => {
  it('takes every 2xx as delivered, with the confirmation number when the carrier gave one', () => {
    expect(classify(201, { confirmationNumber: ' SM-42 ' })).toEqual({
      kind: 'delivered',
      httpStatus: 201,
      confirmationNumber: 'SM-42',
      message: 'Delivered to Sunrise Mutual; confirmation SM-42',
    })
    expect(classify(204)).toEqual({
      kind: 'delivered',
      httpStatus: 204,
      confirmationNumber: null,
      message: 'Delivered to Sunrise Mutual',
    })
  })

  it('ignores a confirmation number that is not a string or is blank, and clips a long one to 100 characters', () => {
    expect(classify(200, { confirmationNumber: 42 })).toMatchObject({ confirmationNumber: null })
    expect(classify(200, { confirmationNumber: '   ' })).toMatchObject({ confirmationNumber: null })
    const long = classify(200, { confirmationNumber: 'X'.repeat(300) })
    expect(long.kind === 'delivered' && long.confirmationNumber).toHaveLength(100)
  })

  it('takes a 4xx as a refusal for good, quoting the carrier message or error', () => {
    expect(classify(400, { message: 'Missing VIN' })).toEqual({
      kind: 'refused',
      httpStatus: 400,
      message: 'Sunrise Mutual refused the application (HTTP 400: Missing VIN)',
    })
    expect(classify(422, { error: 'bad state' })).toMatchObject({
      kind: 'refused',
      message: 'Sunrise Mutual refused the application (HTTP 422: bad state)',
    })
    expect(classify(401)).toMatchObject({
      kind: 'refused',
      message: 'Sunrise Mutual refused the application (HTTP 401)',
    })
  })

  it('retries a timeout (408), throttling (429) and server errors, which may pass later', () => {
    for (const status of [408, 429, 500, 502, 503]) {
      expect(classify(status, { message: 'busy' })).toEqual({
        kind: 'transient',
        httpStatus: status,
        problem: `Sunrise Mutual answered HTTP ${status}: busy`,
      })
    }
  })

  it('retries an answer outside 2xx-5xx (a redirect is not a delivery) and no answer at all', () => {
    expect(classify(302)).toMatchObject({ kind: 'transient', httpStatus: 302 })
    expect(classifyCarrierReply('Sunrise Mutual', { unreachable: 'No answer within 15 s' })).toEqual({
      kind: 'transient',
      problem: 'No answer within 15 s',
    })
  })

  it("clips the carrier's own text to 200 characters", () => {
    const verdict = classify(400, { message: 'x'.repeat(1000) })
    expect(verdict.kind === 'refused' && verdict.message.length).toBeLessThan(260)
  })
})
