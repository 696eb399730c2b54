/** What came back from one API delivery: an HTTP answer, or none (refused, reset, timed out). */
export type CarrierReply = { status: number; json: Record<string, unknown> | null } | { unreachable: string }

export type Verdict =
  /** The carrier took it: 2xx. */
  | { kind: 'delivered'; message: string; confirmationNumber: string | null; httpStatus: number }
  /** The carrier will never take it as sent: a 4xx other than 408 and 429. */
  | { kind: 'refused'; message: string; httpStatus: number }
  /** Worth another try: no answer, 5xx, 408 (timeout), 429 (throttled), or anything unexpected. */
  | { kind: 'transient'; problem: string; httpStatus?: number }

const MAX_TEXT = 200

/** The carrier's own words (its `message` or `error`), clipped, after a colon; or nothing. */
function answerText(json: Record<string, unknown> | null): string {
  const text = json?.message ?? json?.error
  return typeof text === 'string' ? `: ${text.slice(0, MAX_TEXT)}` : ''
}

/** Decides what a carrier's reply to a delivery means; pure, so every branch is tested (classify-answer.test.ts). */
export function classifyCarrierReply(carrierName: string, reply: CarrierReply): Verdict {
  if ('unreachable' in reply) return { kind: 'transient', problem: reply.unreachable }
  const { status, json } = reply
  if (status >= 200 && status < 300) {
    const confirmation = json?.confirmationNumber
    const confirmationNumber =
      typeof confirmation === 'string' && confirmation.trim() ? confirmation.trim().slice(0, 100) : null
    return {
      kind: 'delivered',
      httpStatus: status,
      confirmationNumber,
      message: confirmationNumber
        ? `Delivered to ${carrierName}; confirmation ${confirmationNumber}`
        : `Delivered to ${carrierName}`,
    }
  }
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
    return {
      kind: 'refused',
      httpStatus: status,
      message: `${carrierName} refused the application (HTTP ${status}${answerText(json)})`,
    }
  }
  return {
    kind: 'transient',
    httpStatus: status,
    problem: `${carrierName} answered HTTP ${status}${answerText(json)}`,
  }
}
