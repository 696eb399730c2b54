import type { Executor } from '#server/db/connect.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { AssistantKind, Citation } from '#shared/contracts/assistant.contract.ts'

/** One turn: the user's question, what was said before it, and whose data may be read. */
export interface AssistantTurn {
  question: string
  /** Earlier messages of the conversation, oldest first (the question is not among them). */
  history: { role: 'user' | 'assistant'; content: string }[]
  db: Executor
  ctx: Ctx
  /** Each piece of the answer as it is produced (a model streams; the built-in one answers at once). */
  onDelta: (text: string) => void
}

export interface AssistantAnswer {
  content: string
  citations: Citation[]
  /** The read-only tools the answer used, for the audit trail. */
  toolsUsed: string[]
  /** The answer is a notice that the assistant could not answer (the model failed): role system. */
  failed?: boolean
}

/** Who answers the widget: the built-in assistant, or an OpenAI-compatible model when configured. */
export interface AssistantProvider {
  readonly kind: AssistantKind
  /** Shown beside each answer so the user knows which one answered. */
  readonly label: string
  /**
   * It reads the conversation so far and may take its time (a model): its question is committed
   * before it is asked. Without it (the built-in assistant) a turn is one transaction.
   */
  readonly needsHistory: boolean
  answer(turn: AssistantTurn): Promise<AssistantAnswer>
}
