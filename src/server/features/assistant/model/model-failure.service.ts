import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai'

/**
 * What the user reads when the configured model gives no answer: what happened and who can fix it,
 * never a stack trace or the endpoint's own error text (it may echo the prompt).
 */
export function modelFailureMessage(error: unknown, timeoutMs: number): string {
  const seconds = Math.max(1, Math.round(timeoutMs / 1000))
  const within = `within ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`
  const retry =
    'Please try again; if it keeps happening, your administrator should check the AI service settings.'
  if ((error instanceof Error && error.name === 'TimeoutError') || error instanceof APIConnectionTimeoutError)
    return `The AI model did not answer ${within}, so there is no answer this time. ${retry}`
  if (error instanceof Error && error.name === 'IncompleteAnswerError')
    return `The AI model stopped before finishing its answer, so there is no answer this time. ${retry}`
  if (error instanceof APIConnectionError)
    return `The AI service could not be reached, so there is no answer this time. ${retry}`
  if (error instanceof APIError && error.status !== undefined) {
    if (error.status === 401 || error.status === 403)
      return `The AI service refused the request (HTTP ${error.status}): its API key (AI_API_KEY) is missing or not accepted. Your administrator can fix this.`
    if (error.status === 404)
      return `The AI service does not know the model (HTTP 404): check AI_MODEL and AI_BASE_URL. Your administrator can fix this.`
    if (error.status === 429)
      return 'The AI service is busy or over its quota (HTTP 429). Please try again in a minute.'
    return `The AI service answered with an error (HTTP ${error.status}), so there is no answer this time. ${retry}`
  }
  return `The AI service sent an answer that could not be read, so there is no answer this time. ${retry}`
}
