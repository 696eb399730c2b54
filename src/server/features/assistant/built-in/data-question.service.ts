import type { Executor } from '#server/db/connect.ts'
import type { Ctx } from '#server/platform/context.ts'
import type { Citation } from '#shared/contracts/assistant.contract.ts'

// What the built-in assistant's data questions share: the shape of a question and an answer.

export interface DataAnswer {
  content: string
  citations: Citation[]
  toolsUsed: string[]
}

export interface DataQuestion {
  tool: string
  matches: (question: string) => boolean
  answer: (db: Executor, ctx: Ctx, question: string) => Promise<Omit<DataAnswer, 'toolsUsed'>>
}

/** How many rows a listing answer shows before "…and N more". */
export const LIST_SIZE = 5

export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`
