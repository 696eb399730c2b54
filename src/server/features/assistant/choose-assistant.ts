import type { AssistantProvider } from './assistant-provider.service.ts'
import { builtInAssistant } from './built-in/built-in-assistant.service.ts'
import { createOpenAiAssistant, type ModelSettings } from './model/openai-assistant.service.ts'

/** AI_BASE_URL set: the model answers; otherwise the built-in assistant (README, decision 017). */
export function chooseAssistant(model: ModelSettings | undefined): AssistantProvider {
  return model ? createOpenAiAssistant(model) : builtInAssistant
}
